import Foundation

/// A scheduler that runs work on the main thread: synchronously when scheduled on the main thread, otherwise
/// asynchronously on the main queue. Unlike ``MainScheduler`` it never defers work that is scheduled on the main
/// thread, so it suits subscribing (`subscribe(on:)`), as ``ControlEvent`` and ``ControlProperty`` do.
public final class ConcurrentMainScheduler: SchedulerType, Sendable {
  /// The shared instance.
  public static let instance = ConcurrentMainScheduler()

  private init() {}

  /// The current time.
  public var now: RxTime { Date() }

  /// Runs `action(state)` now if on the main queue, otherwise asynchronously on the main queue.
  @preconcurrency
  public func schedule<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    if MainScheduler.isOnMainQueue { return action(state) }
    let disposable = SingleAssignmentDisposable()
    let state = UncheckedBox(state)
    DispatchQueue.main.async {
      guard !disposable.isDisposed else { return }
      disposable.setDisposable(action(state.value))
    }
    return disposable
  }

  /// Runs `action(state)` on the main queue after `dueTime`.
  @preconcurrency
  public func scheduleRelative<StateType>(
    _ state: StateType,
    dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    MainScheduler.asyncInstance.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  /// Runs `action` on the main queue after `startAfter` and then every `period`.
  @preconcurrency
  public func schedulePeriodic<StateType>(
    _ state: StateType,
    startAfter: RxTimeInterval,
    period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    MainScheduler.asyncInstance.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
  }
}
