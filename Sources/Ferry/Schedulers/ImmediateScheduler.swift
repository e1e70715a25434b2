/// A scheduler that runs every action at once, on the calling thread.
public struct ImmediateScheduler: ImmediateSchedulerType {
  /// The shared instance.
  public static let instance = ImmediateScheduler()

  init() {}

  /// Runs `action(state)` now and returns its disposable.
  @preconcurrency
  public func schedule<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    action(state)
  }
}
