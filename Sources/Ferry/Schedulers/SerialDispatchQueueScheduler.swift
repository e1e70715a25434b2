import Dispatch
import Foundation

/// A scheduler that runs work on a serial dispatch queue, one action at a time, in the order it was scheduled.
///
/// `observe(on:)` with a serial scheduler delivers events in order; use it (or ``MainScheduler``) when the
/// receiver is not thread-safe.
public class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
  // @unchecked Sendable: `configuration` is immutable; subclasses keep only thread-safe state.
  let configuration: DispatchQueueConfiguration

  /// The current time.
  public var now: RxTime { Date() }

  init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
  }

  /// Creates a scheduler on a new serial queue named `internalSerialQueueName`.
  ///
  /// - Parameters:
  ///   - internalSerialQueueName: the label of the new queue.
  ///   - serialQueueConfiguration: called with the new queue before it is used (for example to set a target).
  ///   - leeway: the timer leeway of relative and periodic actions.
  public convenience init(
    internalSerialQueueName: String,
    serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    let queue = DispatchQueue(label: internalSerialQueueName, attributes: [])
    serialQueueConfiguration?(queue)
    self.init(serialQueue: queue, leeway: leeway)
  }

  /// Creates a scheduler on a new serial queue that targets `queue` (which may be concurrent).
  public convenience init(
    queue: DispatchQueue,
    internalSerialQueueName: String,
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    let serialQueue = DispatchQueue(label: internalSerialQueueName, attributes: [], target: queue)
    self.init(serialQueue: serialQueue, leeway: leeway)
  }

  /// Creates a scheduler on a new serial queue that targets the global queue of quality of service `qos`.
  public convenience init(
    qos: DispatchQoS,
    internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    self.init(
      queue: DispatchQueue.global(qos: qos.qosClass),
      internalSerialQueueName: internalSerialQueueName,
      leeway: leeway
    )
  }

  /// Schedules `action(state)` on the queue; disposing the result before it runs prevents it.
  @preconcurrency
  public func schedule<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    scheduleInternal(state, action: action)
  }

  func scheduleInternal<StateType>(
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
