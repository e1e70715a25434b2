import Foundation

/// A scheduler that runs each action as an operation on `operationQueue`, with `queuePriority` (RxSwift's
/// `OperationQueueScheduler`). Disposing a scheduled action before it runs cancels the operation.
public final class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
  // @unchecked Sendable: its properties are immutable, and `OperationQueue` is safe to use from any thread.
  /// The queue the actions run on.
  public let operationQueue: OperationQueue
  /// The priority of the operations this scheduler adds.
  public let queuePriority: Operation.QueuePriority

  /// A scheduler adding operations of `queuePriority` to `operationQueue`.
  public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
    self.operationQueue = operationQueue
    self.queuePriority = queuePriority
  }

  /// Adds an operation that runs `action(state)` unless disposed first; disposing cancels the operation and then
  /// disposes what the action returned.
  @preconcurrency
  public func schedule<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let result = SingleAssignmentDisposable()
    // The state is handed to the action unchanged, as by every scheduler (see `ImmediateSchedulerType`).
    let state = UncheckedBox(state)
    let operation = BlockOperation {
      guard !result.isDisposed else { return }
      result.setDisposable(action(state.value))
    }
    operation.queuePriority = queuePriority
    operationQueue.addOperation(operation)
    // `Operation.cancel()` is thread-safe.
    let cancel = UncheckedBox(operation)
    return Disposables.create(Disposables.create { cancel.value.cancel() }, result)
  }
}
