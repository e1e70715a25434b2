import Dispatch
import Foundation

/// A scheduler that runs work on a (possibly concurrent) dispatch queue.
///
/// Actions may run in parallel; `observe(on:)` still delivers one event at a time to its observer, in order.
public final class ConcurrentDispatchQueueScheduler: SchedulerType {
  let configuration: DispatchQueueConfiguration

  /// The current time.
  public var now: RxTime { Date() }

  /// Creates a scheduler on `queue`.
  public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
  }

  /// Creates a scheduler on the global queue of quality of service `qos`.
  public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    self.init(queue: DispatchQueue.global(qos: qos.qosClass), leeway: leeway)
  }

  /// Schedules `action(state)` on the queue; disposing the result before it runs prevents it.
  @preconcurrency
  public func schedule<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    configuration.schedule(state, action: action)
  }

  /// Schedules `action(state)` on the queue after `dueTime`; disposing the result before then prevents it.
  @preconcurrency
  public func scheduleRelative<StateType>(
    _ state: StateType,
    dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    configuration.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  /// Schedules `action` after `startAfter` and then every `period`; disposing the result stops it.
  @preconcurrency
  public func schedulePeriodic<StateType>(
    _ state: StateType,
    startAfter: RxTimeInterval,
    period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
  }
}
