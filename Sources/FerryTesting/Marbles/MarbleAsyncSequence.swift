import Ferry
import Synchronization

/// An `AsyncSequence` that plays a marble diagram on a `TestClock`: each `next()` returns the next value when the
/// virtual clock reaches its time, `nil` at `|`, and throws the diagram's error at `#`.
///
/// - Cold (`parseCold` rules, frame 0 = the moment the iterator is made): every iterator plays the whole diagram
///   from its own start.
/// - Hot (`parse` rules, absolute times, `^` at `subscribed`): iterators share one timeline; an iterator made at
///   time `t` sees the events from `t` on.
///
/// A diagram without `|` or `#` never ends: after its last value `next()` waits until its task is cancelled, then
/// throws `CancellationError`.
///
/// Like a `TestableObservable`, it records its ``subscriptions``: one per iterator, from the moment the iterator is
/// made until the iteration ends — the diagram's end or error is returned, `next()` observes cancellation, or the
/// iterator is released (whichever comes first) — so `expectSubscriptions` shows when a consumer stopped.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public struct MarbleAsyncSequence<Element: Sendable>: AsyncSequence, Sendable {
  /// Whether the diagram is replayed per iterator or shared.
  public enum Temperature: Sendable {
    /// Each iterator plays the diagram from its start; `^` is not allowed.
    case cold
    /// The diagram is an absolute timeline shared by all iterators.
    case hot
  }

  private let events: [Recorded<Event<Element>>]
  private let temperature: Temperature
  private let log = IterationLog()
  /// The clock the sequence waits on.
  public let clock: TestClock

  /// One `Subscription` per iterator made so far, in order: when it was made and when its iteration ended
  /// (`Int.max` while it goes on).
  public var subscriptions: [Subscription] { log.subscriptions }

  /// Parses `diagram` (see `Docs/MarbleGrammar.md`); times are ticks of `clock.scheduler`.
  public init(
    _ diagram: String, values: [String: Element] = [:], error: any Error = MarbleError.default,
    temperature: Temperature = .cold, clock: TestClock, frameTicks: TestTime = MarbleDiagram.defaultFrameTicks,
    subscribed: TestTime = MarbleDiagram.defaultSubscribed
  ) throws(MarbleParseError) {
    switch temperature {
    case .cold:
      events = try MarbleDiagram.parseCold(diagram, values: values, error: error, frameTicks: frameTicks)
    case .hot:
      events = try MarbleDiagram.parse(
        diagram, values: values, error: error, frameTicks: frameTicks, subscribed: subscribed
      ).events
    }
    self.temperature = temperature
    self.clock = clock
  }

  /// Plays the diagram from now (cold) or from the current point of the shared timeline (hot).
  public func makeAsyncIterator() -> Iterator {
    let now = clock.scheduler.virtualNow
    let iteration = log.begin(at: now, scheduler: clock.scheduler)
    switch temperature {
    case .cold:
      let events = events.map { Recorded(time: $0.time &+ now, value: $0.value) }
      return Iterator(events: events, clock: clock, iteration: iteration)
    case .hot:
      return Iterator(events: events.filter { $0.time >= now }, clock: clock, iteration: iteration)
    }
  }

  /// Iterates a `MarbleAsyncSequence`.
  public struct Iterator: AsyncIteratorProtocol {
    private let events: [Recorded<Event<Element>>]
    private let clock: TestClock
    private let iteration: IterationLog.Iteration
    private var index = 0
    private var finished = false

    init(events: [Recorded<Event<Element>>], clock: TestClock, iteration: IterationLog.Iteration) {
      self.events = events
      self.clock = clock
      self.iteration = iteration
    }

    /// The next element when the clock reaches its time; `nil` after `|`; throws at `#`.
    public mutating func next() async throws -> Element? {
      if finished { return nil }
      do {
        guard index < events.count else {
          try await suspendUntilCancelled()
          return nil
        }
        let event = events[index]
        index += 1
        try await clock.sleep(until: clock.instant(at: event.time))
        switch event.value {
        case .next(let element): return element
        case .completed:
          finish()
          return nil
        case .error(let error):
          finish()
          throw error
        }
      } catch is CancellationError {
        finish()
        throw CancellationError()
      }
    }

    private mutating func finish() {
      finished = true
      iteration.end()
    }
  }
}

/// The iterations of a `MarbleAsyncSequence` (shared by its copies), as `Subscription`s.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class IterationLog: Sendable {
  private let entries = Mutex<[Subscription]>([])

  var subscriptions: [Subscription] { entries.withLock { $0 } }

  /// Records an iteration starting at `time`; its end is recorded by the returned token.
  func begin(at time: TestTime, scheduler: any VirtualTimeScheduling) -> Iteration {
    let index = entries.withLock { entries -> Int in
      entries.append(Subscription(time))
      return entries.count - 1
    }
    return Iteration(log: self, index: index, scheduler: scheduler)
  }

  fileprivate func end(_ index: Int, at time: TestTime) {
    entries.withLock { entries in
      guard entries[index].unsubscribe == .max else { return }  // the first end counts
      entries[index] = Subscription(entries[index].subscribe, time)
    }
  }

  /// One iteration: ended explicitly, or when the iterator holding it is released.
  final class Iteration: Sendable {
    private let log: IterationLog
    private let index: Int
    private let scheduler: any VirtualTimeScheduling

    fileprivate init(log: IterationLog, index: Int, scheduler: any VirtualTimeScheduling) {
      self.log = log
      self.index = index
      self.scheduler = scheduler
    }

    func end() { log.end(index, at: scheduler.virtualNow) }

    deinit { end() }
  }
}

/// Waits until the current task is cancelled, then throws `CancellationError` (a sequence that never ends).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
func suspendUntilCancelled() async throws {
  let gate = CancellationGate()
  try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { gate.park($0) }
  } onCancel: {
    gate.cancel()
  }
}
