import Ferry
import Synchronization

/// Async code on virtual time: a `VirtualTaskExecutor` and a `TestClock` driven by one virtual-time scheduler
/// (a `TestScheduler`), plus marble-diagram `AsyncSequence`s and recording of any `AsyncSequence`.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let time = AsyncVirtualTime(scheduler)
/// let input = try time.sequence("-a-b-|", values: ["a": 1, "b": 2])
/// let recording = time.record { input.map { $0 * 10 } }
/// scheduler.start()
/// expectMarbles(recording.events, "^-a-b-|", values: ["a": 10, "b": 20])
/// ```
///
/// Everything runs on the thread that drives the scheduler, one job at a time, in a deterministic order: when the
/// scheduler has nothing left to do, no async work is pending either (except work waiting for something outside
/// virtual time — an actor, a plain `Task {}` without the executor, I/O).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public final class AsyncVirtualTime: Sendable {
  /// The scheduler whose clock is virtual time.
  public let scheduler: any VirtualTimeScheduling
  /// The executor the async work runs on.
  public let executor: VirtualTaskExecutor
  /// The clock to sleep on.
  public let clock: TestClock

  /// Async support on `scheduler`'s virtual time; one tick is `tick` long on `clock`.
  ///
  /// On a `TestScheduler` the executor is the scheduler's own ``TestScheduler/taskExecutor``: all its actions run
  /// inside the executor's `perform`, so the tasks Ferry's bridges start in them run on virtual time. On another
  /// `VirtualTimeScheduling`, only the actions of this object (`task`, `schedule`, `record`, clock wake-ups) do.
  public init(_ scheduler: any VirtualTimeScheduling, tick: Swift.Duration = .seconds(1)) {
    self.scheduler = scheduler
    self.executor = (scheduler as? TestScheduler)?.taskExecutor ?? VirtualTaskExecutor(scheduler: scheduler)
    self.clock = TestClock(scheduler: scheduler, tick: tick, executor: executor)
  }

  /// Starts `operation` on the executor and runs it, on the calling thread, up to its first suspension that waits
  /// for virtual time (or for something else); the scheduler runs the rest.
  @preconcurrency
  @discardableResult
  public func task<Success: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Success
  ) -> Task<Success, any Error> {
    var task: Task<Success, any Error>?
    executor.perform { task = Task(executorPreference: executor, operation: operation) }
    return task!
  }

  /// Starts `operation` on the executor at virtual time `time`.
  @preconcurrency
  public func schedule(at time: TestTime, _ operation: @escaping @Sendable () async -> Void) {
    scheduler.scheduleVirtual(at: time) { [executor] in
      executor.perform { Task(executorPreference: executor, operation: operation) }
    }
  }

  /// A sequence playing `diagram` on `clock` (see `MarbleAsyncSequence`); without `values`, name the element type
  /// with `of:` (names are then converted with `LosslessStringConvertible`).
  public func sequence<Element: Sendable>(
    _ diagram: String, of type: Element.Type = Element.self, values: [String: Element] = [:],
    error: any Error = MarbleError.default, temperature: MarbleAsyncSequence<Element>.Temperature = .cold,
    frameTicks: TestTime = MarbleDiagram.defaultFrameTicks, subscribed: TestTime = MarbleDiagram.defaultSubscribed
  ) throws(MarbleParseError) -> MarbleAsyncSequence<Element> {
    try MarbleAsyncSequence(
      diagram, values: values, error: error, temperature: temperature, clock: clock, frameTicks: frameTicks,
      subscribed: subscribed)
  }

  /// Iterates the sequence `makeSequence` returns, from `subscribed` (on the executor), recording its elements,
  /// its end and its error with their virtual times; at `disposed` cancels the iterating task (nothing is recorded
  /// after that, like a disposed RxTest observer). The defaults are RxTest's `start` times.
  @preconcurrency
  public func record<Sequence: RecordableAsyncSequence>(
    subscribed: TestTime = MarbleDiagram.defaultSubscribed, disposed: TestTime = 1000,
    _ makeSequence: @escaping @Sendable () -> Sequence
  ) -> AsyncRecording<Sequence.Element> where Sequence.Element: Sendable {
    let recording = AsyncRecording<Sequence.Element>(scheduler: scheduler)
    let iterate = recording.iterate(makeSequence)
    scheduler.scheduleVirtual(at: subscribed) { [executor] in
      executor.perform { recording.started(Task(executorPreference: executor, operation: iterate)) }
    }
    scheduler.scheduleVirtual(at: disposed) { [executor] in executor.perform { recording.dispose() } }
    return recording
  }
}

#if compiler(>=6.2)
/// An `AsyncSequence` that `AsyncVirtualTime.record` can iterate in a task (its type can cross to that task).
public typealias RecordableAsyncSequence = AsyncSequence & SendableMetatype
#else
/// An `AsyncSequence` that `AsyncVirtualTime.record` can iterate in a task.
public typealias RecordableAsyncSequence = AsyncSequence
#endif

/// The events an `AsyncSequence` produced under `AsyncVirtualTime.record`, with their virtual times.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public final class AsyncRecording<Element: Sendable>: Sendable {
  private struct State {
    var events: [Recorded<Event<Element>>] = []
    var task: Task<Void, Never>?
    var disposed = false
  }

  private let scheduler: any VirtualTimeScheduling
  private let state = Mutex(State())

  init(scheduler: any VirtualTimeScheduling) {
    self.scheduler = scheduler
  }

  /// The recorded events, in order.
  public var events: [Recorded<Event<Element>>] { state.withLock { $0.events } }

  /// Whether the recording was disposed (its task cancelled).
  public var isDisposed: Bool { state.withLock { $0.disposed } }

  /// The body of the recording task.
  nonisolated func iterate<Sequence: RecordableAsyncSequence>(
    _ makeSequence: @escaping @Sendable () -> Sequence
  )
    -> @Sendable () async -> Void where Sequence.Element == Element
  {
    { [self] in
      do {
        for try await element in makeSequence() { self.append(.next(element)) }
        self.append(.completed)
      } catch {
        self.append(.error(error))
      }
    }
  }

  func append(_ event: Event<Element>) {
    let time = scheduler.virtualNow
    state.withLock { state in
      guard !state.disposed else { return }
      state.events.append(Recorded(time: time, value: event))
    }
  }

  func started(_ task: Task<Void, Never>) {
    let cancel = state.withLock { state -> Bool in
      state.task = task
      return state.disposed
    }
    if cancel { task.cancel() }
  }

  /// Stops recording and cancels the iterating task.
  public func dispose() {
    let task = state.withLock { state -> Task<Void, Never>? in
      state.disposed = true
      defer { state.task = nil }
      return state.task
    }
    task?.cancel()
  }
}
