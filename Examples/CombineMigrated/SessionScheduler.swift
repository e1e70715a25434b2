import Examples
import Ferry
import Foundation

#if FERRY_OPENCOMBINE
import FerryOpenCombine
#elseif canImport(Combine)
import FerryCombine
#endif

/// A session's Rx scheduler (held as `any SchedulerType`) as one concrete scheduler type, so that it can be
/// presented as a Combine scheduler (`asCombineScheduler()` needs a concrete `SchedulerType`): the Combine forms
/// run on the same virtual timeline as the Rx and async forms.
public struct SessionScheduler: SchedulerType {
  /// The scheduler every call goes to.
  public let base: any SchedulerType

  /// Forwards to `base`.
  public init(_ base: any SchedulerType) {
    self.base = base
  }

  /// `base`'s time.
  public var now: RxTime { base.now }

  /// Schedules on `base`.
  public func schedule<StateType>(
    _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    base.schedule(state, action: action)
  }

  /// Schedules on `base`.
  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    base.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  /// Schedules on `base`.
  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    base.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
  }
}

extension SessionTime {
  /// The session's scheduler as a Combine scheduler, for the Combine forms' injected schedulers.
  public var combineScheduler: CombineScheduler<SessionScheduler> {
    SessionScheduler(scheduler).asCombineScheduler()
  }
}
