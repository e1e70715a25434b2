import Foundation

/// Converts between a virtual clock and real dates and intervals, for ``VirtualTimeScheduler``.
///
/// Differs from RxSwift in that virtual times are `Comparable` instead of being compared by a
/// `compareVirtualTime(_:_:)` requirement, and the converter is `Sendable`.
@preconcurrency
public protocol VirtualTimeConverterType: Sendable {
  /// The virtual time type (an absolute point on the virtual clock).
  associatedtype VirtualTimeUnit: Comparable
  /// The virtual time interval type.
  associatedtype VirtualTimeIntervalUnit

  /// Converts a virtual time to a date.
  func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime
  /// Converts a date to a virtual time.
  func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit
  /// Converts a virtual interval to seconds.
  func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval
  /// Converts an interval to a virtual interval. Implement this one or the `TimeInterval` form (RxSwift's): each
  /// has a default that calls the other.
  func convertToVirtualTimeInterval(_ timeInterval: RxTimeInterval) -> VirtualTimeIntervalUnit
  /// Converts an interval in seconds to a virtual interval (RxSwift's requirement).
  func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit
  /// Adds `offset` to `time`.
  func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit
  /// Orders two virtual times (RxSwift's requirement; by default, `VirtualTimeUnit`'s `Comparable` order, which is
  /// the one the scheduler uses).
  func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// A scheduler with a virtual clock: scheduled actions run, in time order, only when the clock is advanced by
/// ``start()`` or ``advanceTo(_:)``, synchronously on the calling thread.
///
/// Actions scheduled for the same virtual time run in the order they were scheduled. Scheduling from any
/// thread is safe; running (``start()``, ``advanceTo(_:)``) is meant for one thread at a time.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, @unchecked Sendable {
  // @unchecked Sendable: the clock, the queue and the running flag are only touched under `state`'s lock; actions are
  // always run after the lock is released.
  /// A virtual time.
  public typealias VirtualTime = Converter.VirtualTimeUnit
  /// A virtual time interval.
  public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

  private struct State {
    var clock: VirtualTime
    var isRunning = false
    var nextID: UInt64 = 0
    // Sorted by (time, id); disposed items are skipped when they come up.
    var queue: [VirtualSchedulerItem<VirtualTime>] = []

    mutating func insert(_ item: VirtualSchedulerItem<VirtualTime>) {
      var low = 0
      var high = queue.count
      while low < high {
        let middle = (low + high) / 2
        if queue[middle].time <= item.time { low = middle + 1 } else { high = middle }
      }
      queue.insert(item, at: low)
    }

    /// Removes and returns the first live item due at or before `limit` (any, if `limit` is nil) and moves the
    /// clock forward to its time.
    mutating func takeNext(upTo limit: VirtualTime?) -> VirtualSchedulerItem<VirtualTime>? {
      while let first = queue.first {
        if first.isDisposed {
          queue.removeFirst()
          continue
        }
        if let limit, first.time > limit { return nil }
        queue.removeFirst()
        if first.time > clock { clock = first.time }
        return first
      }
      return nil
    }
  }

  private let state: LockedState<State>

  /// The converter between virtual and real time.
  public let converter: Converter

  /// Creates a scheduler whose clock starts at `initialClock`.
  public init(initialClock: VirtualTime, converter: Converter) {
    self.state = LockedState(State(clock: initialClock))
    self.converter = converter
  }

  /// The current virtual time.
  public final var clock: VirtualTime { state.withLock { $0.clock } }

  /// The current virtual time as a date.
  open var now: RxTime { converter.convertFromVirtualTime(clock) }

  /// Whether ``start()`` or ``advanceTo(_:)`` is running actions.
  public final var isRunning: Bool { state.withLock { $0.isRunning } }

  /// The virtual time of the earliest action still scheduled, or `nil` when nothing is: lets a test run a
  /// timeline one due time at a time (FerryTesting's `TestStore.receive` advances to the next output this way).
  public final var nextScheduledTime: VirtualTime? {
    state.withLock { current in current.queue.first(where: { !$0.isDisposed })?.time }
  }

  /// Schedules `action` at the current virtual time (after the actions already due now).
  @preconcurrency
  public func schedule<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
  }

  /// Schedules `action` `dueTime` after the current virtual time.
  @preconcurrency
  public func scheduleRelative<StateType>(
    _ state: StateType,
    dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let time = converter.offsetVirtualTime(clock, offset: converter.convertToVirtualTimeInterval(dueTime))
    return scheduleAbsoluteVirtual(state, time: adjustScheduledTime(time), action: action)
  }

  /// The time an action that ``schedule(_:action:)`` or ``scheduleRelative(_:dueTime:action:)`` (what operators use)
  /// asked for `time` runs at: `time` itself here. A subclass may move it: FerryTesting's `TestScheduler` moves a
  /// time that is not in the future one tick after the clock, to simulate processing delay. The other ways of
  /// scheduling (``scheduleRelativeVirtual(_:dueTime:action:)``, ``scheduleAbsoluteVirtual(_:time:action:)``) keep
  /// the time they are given, as in RxSwift.
  open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
    time
  }

  /// Schedules `action` after `startAfter` and then every `period`, threading its state through.
  @preconcurrency
  public func schedulePeriodic<StateType>(
    _ state: StateType,
    startAfter: RxTimeInterval,
    period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    let timer = VirtualPeriodicTimer(scheduler: self, period: period, action: action)
    timer.schedule(UncheckedBox(state), after: startAfter)
    return timer
  }

  /// Schedules `action` `dueTime` (virtual) after the current virtual time.
  @preconcurrency
  public func scheduleRelativeVirtual<StateType>(
    _ state: StateType,
    dueTime: VirtualTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    scheduleAbsoluteVirtual(state, time: converter.offsetVirtualTime(clock, offset: dueTime), action: action)
  }

  /// Schedules `action` at virtual time `time` (times in the past run at the next opportunity).
  open func scheduleAbsoluteVirtual<StateType>(
    _ state: StateType,
    time: VirtualTime,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let box = UncheckedBox(state)
    let item = self.state.withLock { current -> VirtualSchedulerItem<VirtualTime> in
      let item = VirtualSchedulerItem(time: time, id: current.nextID) { action(box.value) }
      current.nextID += 1
      current.insert(item)
      return item
    }
    return item
  }

  /// Runs every scheduled action (including those they schedule) in time order until none is left or
  /// ``stop()`` is called.
  ///
  /// - Precondition: the scheduler is not already running.
  open func start() {
    beginRunning("start()")
    while true {
      let item = state.withLock { current -> VirtualSchedulerItem<VirtualTime>? in
        guard current.isRunning else { return nil }
        return current.takeNext(upTo: nil)
      }
      guard let item else { break }
      item.invoke()
    }
    state.withLock { $0.isRunning = false }
  }

  /// Stops ``start()`` or ``advanceTo(_:)`` after the action that is running.
  open func stop() {
    state.withLock { $0.isRunning = false }
  }

  /// Runs the actions due at or before `virtualTime` in time order, then sets the clock to `virtualTime`.
  ///
  /// - Precondition: the scheduler is not running and `virtualTime` is not before the clock.
  open func advanceTo(_ virtualTime: VirtualTime) {
    let clock = self.clock
    requireArgument(virtualTime >= clock, "advanceTo(_:): virtualTime \(virtualTime) is before the clock \(clock)")
    beginRunning("advanceTo(_:)")
    while true {
      let item = state.withLock { current -> VirtualSchedulerItem<VirtualTime>? in
        guard current.isRunning else { return nil }
        return current.takeNext(upTo: virtualTime)
      }
      guard let item else { break }
      item.invoke()
    }
    state.withLock { current in
      current.isRunning = false
      if current.clock < virtualTime { current.clock = virtualTime }
    }
  }

  /// Moves the clock forward by `virtualInterval` without running anything.
  open func sleep(_ virtualInterval: VirtualTimeInterval) {
    state.withLock { $0.clock = converter.offsetVirtualTime($0.clock, offset: virtualInterval) }
  }

  private func beginRunning(_ caller: String) {
    let wasRunning = state.withLock { current -> Bool in
      defer { current.isRunning = true }
      return current.isRunning
    }
    requireArgument(!wasRunning, "VirtualTimeScheduler.\(caller): the scheduler is already running")
  }
}

/// One scheduled action: disposing it before it runs cancels it (and releases the action at once); disposing it
/// after it ran disposes what the action returned.
final class VirtualSchedulerItem<Time>: Cancelable, @unchecked Sendable {
  // @unchecked Sendable: `action` is only touched under its lock and taken out exactly once (by `invoke()` or
  // `dispose()`); `result` is thread-safe.
  let time: Time
  let id: UInt64
  private let action: LockedState<(@Sendable () -> any Disposable)?>
  private let result = SingleAssignmentDisposable()

  init(time: Time, id: UInt64, action: @escaping @Sendable () -> any Disposable) {
    self.time = time
    self.id = id
    self.action = LockedState(action)
  }

  var isDisposed: Bool { result.isDisposed }

  func invoke() {
    let action = self.action.withLock { action in
      defer { action = nil }
      return action
    }
    guard let action, !result.isDisposed else { return }
    result.setDisposable(action())
  }

  func dispose() {
    let action = self.action.withLock { action in
      defer { action = nil }
      return action
    }
    withExtendedLifetime(action) {}  // released here, outside the lock
    result.dispose()
  }
}

/// `schedulePeriodic` on a virtual scheduler: reschedules itself `period` after each run.
final class VirtualPeriodicTimer<Converter: VirtualTimeConverterType, StateType>: Cancelable, @unchecked Sendable {
  // @unchecked Sendable: `current` is a `SerialDisposable` (thread-safe); the state box is handed from one run to the
  // next, and the runs never overlap (each is scheduled by the previous one). The scheduled item holds `self` strongly
  // until it runs or is disposed, which breaks the cycle.
  let scheduler: VirtualTimeScheduler<Converter>
  let period: RxTimeInterval
  let action: @Sendable (StateType) -> StateType
  private let current = SerialDisposable()

  init(
    scheduler: VirtualTimeScheduler<Converter>,
    period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) {
    self.scheduler = scheduler
    self.period = period
    self.action = action
  }

  var isDisposed: Bool { current.isDisposed }

  func schedule(_ state: UncheckedBox<StateType>, after dueTime: RxTimeInterval) {
    current.disposable = scheduler.scheduleRelative(state, dueTime: dueTime) { state in
      guard !self.isDisposed else { return Disposables.create() }
      let next = UncheckedBox(self.action(state.value))
      self.schedule(next, after: self.period)
      return Disposables.create()
    }
  }

  func dispose() { current.dispose() }
}
