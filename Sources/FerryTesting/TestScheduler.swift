import Ferry
import Foundation

/// Converts ``TestScheduler`` ticks to dates and intervals: one tick is `resolution` seconds.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType {
  /// The length of one tick, in seconds.
  public let resolution: Double

  /// Creates a converter where one tick is `resolution` seconds.
  public init(resolution: Double) {
    precondition(resolution > 0, "TestSchedulerVirtualTimeConverter(resolution:): resolution must be > 0")
    self.resolution = resolution
  }

  /// `virtualTime × resolution` seconds after 1970.
  public func convertFromVirtualTime(_ virtualTime: TestTime) -> RxTime {
    Date(timeIntervalSince1970: Double(virtualTime) * resolution)
  }

  /// The tick nearest to `time`.
  public func convertToVirtualTime(_ time: RxTime) -> TestTime {
    ticks(time.timeIntervalSince1970)
  }

  /// `virtualTimeInterval × resolution` seconds.
  public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TestTime) -> TimeInterval {
    Double(virtualTimeInterval) * resolution
  }

  /// The number of ticks nearest to `timeInterval` (`.never` is `Int.max`).
  public func convertToVirtualTimeInterval(_ timeInterval: RxTimeInterval) -> TestTime {
    ticks(timeInterval.timeInterval)
  }

  /// `time + offset`, saturating at `Int.max`.
  public func offsetVirtualTime(_ time: TestTime, offset: TestTime) -> TestTime {
    let (sum, overflow) = time.addingReportingOverflow(offset)
    return overflow ? (offset > 0 ? .max : .min) : sum
  }

  private func ticks(_ seconds: TimeInterval) -> TestTime {
    let value = (seconds / resolution).rounded()
    guard value.isFinite, value < Double(TestTime.max) else { return seconds < 0 ? .min : .max }
    guard value > Double(TestTime.min) else { return .min }
    return TestTime(value)
  }
}

/// A virtual-time scheduler for tests, with RxTest's API: create hot and cold test observables and test
/// observers, and run a subscription with ``start(created:subscribed:disposed:create:)``.
///
/// Everything runs synchronously on the thread that calls `start`/`advanceTo`. With
/// `simulateProcessingDelay` (the default, as in RxTest) an action that `schedule` or `scheduleRelative` asks for at
/// the current time or the past runs one tick later; ``scheduleAt(_:action:)``, the times of `start` and the events
/// of test observables are never moved (see ``adjustScheduledTime(_:)``).
///
/// Differs from RxSwift in that the closures of `start`, `scheduleAt` are not required to be `@Sendable`: the
/// scheduler runs them on the calling thread, inside the call.
open class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>, @unchecked Sendable {
  // @unchecked Sendable: the virtual clock and queue are guarded by `VirtualTimeScheduler`'s lock, the task executor by
  // `executorLock`; the other properties are immutable.
  /// RxTest's default times for ``start(created:subscribed:disposed:create:)``.
  public struct Defaults {
    /// When the observable is created.
    public static let created: TestTime = 100
    /// When it is subscribed.
    public static let subscribed: TestTime = 200
    /// When the subscription is disposed.
    public static let disposed: TestTime = 1000
  }

  private let simulateProcessingDelay: Bool
  private let executorLock = NSLock()
  /// The `VirtualTaskExecutor` of ``taskExecutor`` once asked for (`AnyObject`: the type needs macOS 15);
  /// guarded by `executorLock`. The executor refers back to this scheduler weakly.
  private var executorStorage: AnyObject?

  /// Creates a test scheduler.
  ///
  /// - Parameters:
  ///   - initialClock: the initial virtual time.
  ///   - resolution: the length of one tick in seconds (`.seconds(1)` is one tick by default).
  ///   - simulateProcessingDelay: whether work that `schedule` or `scheduleRelative` asks for now or the past runs
  ///     one tick later.
  public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
    self.simulateProcessingDelay = simulateProcessingDelay
    super.init(initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
  }

  /// Moves a time that is not in the future one tick after the clock if processing delay is simulated (to the
  /// clock otherwise), as RxTest does: this applies to `schedule` and `scheduleRelative` only — what operators use —
  /// not to ``scheduleAt(_:action:)``, `scheduleAbsoluteVirtual`, `scheduleRelativeVirtual`, the times of
  /// ``start(created:subscribed:disposed:create:)`` or the events of test observables, which keep their exact time.
  open override func adjustScheduledTime(_ time: TestTime) -> TestTime {
    let clock = self.clock
    guard time <= clock else { return time }
    return simulateProcessingDelay ? converter.offsetVirtualTime(clock, offset: 1) : clock
  }

  /// Schedules `action` at `time`, exactly (a time in the past runs at the next opportunity, after the actions
  /// already due). While ``taskExecutor`` exists, the action runs inside its `perform`.
  open override func scheduleAbsoluteVirtual<StateType>(
    _ state: StateType,
    time: TestTime,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    super.scheduleAbsoluteVirtual(state, time: time) { [unowned self] state in
      // `unowned`: only this scheduler's run loop invokes its actions, so it outlives them.
      self.run { action(state) }
    }
  }

  /// The executor async code on this scheduler's virtual time runs on (`AsyncVirtualTime(scheduler)` uses it).
  ///
  /// Once it exists, every action of this scheduler runs inside its `perform`: the tasks Ferry's bridges start
  /// in an action (a test observable's subscription, an element reaching `asObservable()` or an async `flatMap`)
  /// run on it, and the jobs an action makes ready run at the action's virtual time.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  public var taskExecutor: VirtualTaskExecutor {
    executorLock.withLock {
      if let executor = executorStorage as? VirtualTaskExecutor { return executor }
      let executor = VirtualTaskExecutor(scheduler: self)
      executorStorage = executor
      return executor
    }
  }

  private func run(_ action: () -> any Disposable) -> any Disposable {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
      let executor = executorLock.withLock({ executorStorage }) as? VirtualTaskExecutor
    {
      var result: (any Disposable)?
      executor.perform { result = action() }
      return result!
    }
    return action()
  }

  /// Creates a hot observable that emits `events` at their absolute times, to whoever is subscribed then.
  public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
    HotObservable(testScheduler: self, recordedEvents: events)
  }

  /// Creates a cold observable that emits `events` at their times relative to each subscription.
  public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
    ColdObservable(testScheduler: self, recordedEvents: events)
  }

  /// Creates an observer that records the events it receives with the virtual time of each.
  public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
    TestableObserver(scheduler: self)
  }

  /// Runs `action` at virtual time `time` (on the thread that runs the scheduler).
  public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
    let action = UncheckedBox(action)
    _ = scheduleAbsoluteVirtual((), time: time) { _ in
      action.value()
      return Disposables.create()
    }
  }

  /// Creates the sequence at `created`, subscribes a test observer at `subscribed`, disposes the
  /// subscription at `disposed`, runs the scheduler and returns the observer.
  ///
  /// `create` may return any `ObservableConvertibleType` — an `Observable`, a `Single`, `Maybe`,
  /// `Completable`, `Infallible`, `Driver`, `Signal` or a ``TestableObservable`` — and the observer records its
  /// `Event`s as RxTest does (a `Single` records `.next(element)` and `.completed` at the same time; a
  /// `Completable` records only its stop event).
  public func start<Element, OutputSequence: ObservableConvertibleType>(
    created: TestTime,
    subscribed: TestTime,
    disposed: TestTime,
    create: @escaping () -> OutputSequence
  ) -> TestableObserver<Element> where OutputSequence.Element == Element {
    let state = StartState<Element>()
    let observer = createObserver(Element.self)
    scheduleAt(created) { state.source = create().asObservable() }
    scheduleAt(subscribed) { state.subscription = state.source?.subscribe(observer) }
    scheduleAt(disposed) {
      state.subscription?.dispose()
      state.subscription = nil
    }
    start()
    return observer
  }

  /// ``start(created:subscribed:disposed:create:)`` with the default creation (100) and subscription (200)
  /// times.
  public func start<Element, OutputSequence: ObservableConvertibleType>(
    disposed: TestTime,
    create: @escaping () -> OutputSequence
  ) -> TestableObserver<Element> where OutputSequence.Element == Element {
    start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
  }

  /// ``start(created:subscribed:disposed:create:)`` with the default times 100, 200 and 1000.
  public func start<Element, OutputSequence: ObservableConvertibleType>(
    _ create: @escaping () -> OutputSequence
  ) -> TestableObserver<Element> where OutputSequence.Element == Element {
    start(
      created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
  }
}

/// The observable and subscription of one `start(…)` run; touched only on the thread running the scheduler.
private final class StartState<Element> {
  var source: Observable<Element>?
  var subscription: (any Disposable)?
}
