import Dispatch
import Foundation

/// A time interval, as in RxSwift.
public typealias RxTimeInterval = DispatchTimeInterval

/// An absolute time, as in RxSwift.
public typealias RxTime = Date

/// A scheduler that runs work "now" (immediately or as soon as possible).
///
/// Differs from RxSwift in that `action` is `@Sendable` (it may run on another thread). `state` is handed to
/// `action` unchanged; like RxSwift, Ferry does not require it to be `Sendable` — see "Differences from RxSwift".
@preconcurrency
public protocol ImmediateSchedulerType: Sendable {
  /// Schedules `action(state)` to run as soon as possible.
  @preconcurrency
  func schedule<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable
}

/// A scheduler that can also run work later and periodically.
public protocol SchedulerType: ImmediateSchedulerType {
  /// The scheduler's notion of the current time.
  var now: RxTime { get }

  /// Schedules `action(state)` to run after `dueTime`.
  @preconcurrency
  func scheduleRelative<StateType>(
    _ state: StateType,
    dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable

  /// Schedules `action` to run after `startAfter` and then every `period`, threading its state through.
  @preconcurrency
  func schedulePeriodic<StateType>(
    _ state: StateType,
    startAfter: RxTimeInterval,
    period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable
}

extension ImmediateSchedulerType {
  /// Schedules `action`, which may reschedule itself by calling the closure it receives.
  @preconcurrency
  public func scheduleRecursive<State>(
    _ state: State,
    action: @escaping @Sendable (_ state: State, _ recurse: (State) -> Void) -> Void
  ) -> any Disposable {
    let recursion = RecursiveImmediateScheduler(scheduler: self, action: action)
    recursion.schedule(state)
    return recursion
  }
}

/// Drives `scheduleRecursive`: each recursive call schedules once more, until disposed.
final class RecursiveImmediateScheduler<State>: Cancelable, Sendable {
  let scheduler: any ImmediateSchedulerType
  let action: @Sendable (State, (State) -> Void) -> Void
  private let current = LockedState<(disposable: (any Disposable)?, disposed: Bool)>((nil, false))

  init(scheduler: any ImmediateSchedulerType, action: @escaping @Sendable (State, (State) -> Void) -> Void) {
    self.scheduler = scheduler
    self.action = action
  }

  var isDisposed: Bool { current.withLock { $0.disposed } }

  func schedule(_ state: State) {
    let box = UncheckedBox(state)
    let disposable = scheduler.schedule(box) { [self] box in
      guard !self.isDisposed else { return Disposables.create() }
      self.action(box.value) { self.schedule($0) }
      return Disposables.create()
    }
    let rejected = current.withLock { current -> Bool in
      if current.disposed { return true }
      current.disposable = disposable
      return false
    }
    if rejected { disposable.dispose() }
  }

  func dispose() {
    let disposable = current.withLock { current -> (any Disposable)? in
      current.disposed = true
      defer { current.disposable = nil }
      return current.disposable
    }
    disposable?.dispose()
  }
}

extension DispatchTimeInterval {
  /// The interval in seconds (`.never` is `.infinity`).
  public var timeInterval: TimeInterval {
    switch self {
    case .seconds(let value): return TimeInterval(value)
    case .milliseconds(let value): return TimeInterval(value) / 1_000
    case .microseconds(let value): return TimeInterval(value) / 1_000_000
    case .nanoseconds(let value): return TimeInterval(value) / 1_000_000_000
    case .never: return .infinity
    @unknown default: return .infinity
    }
  }

  /// The interval in nanoseconds, saturating at `Int.min` and `Int.max` (`.never` is `Int.max`).
  public var nanoseconds: Int {
    switch self {
    case .seconds(let value): return Self.saturating(value, times: 1_000_000_000)
    case .milliseconds(let value): return Self.saturating(value, times: 1_000_000)
    case .microseconds(let value): return Self.saturating(value, times: 1_000)
    case .nanoseconds(let value): return value
    case .never: return .max
    @unknown default: return .max
    }
  }

  private static func saturating(_ value: Int, times factor: Int) -> Int {
    let (product, overflow) = value.multipliedReportingOverflow(by: factor)
    guard overflow else { return product }
    return value < 0 ? .min : .max
  }
}
