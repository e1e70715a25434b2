/// A disposable that cancels a `Task` when disposed.
///
/// Lets a task live in a ``DisposeBag`` next to subscriptions: `task.disposed(by: disposeBag)`; when the bag is
/// deallocated (its owner goes away) the task is cancelled. Disposing does not wait for the task to finish:
/// cancellation in Swift is cooperative.
public final class TaskDisposable: Cancelable, @unchecked Sendable {
  // @unchecked Sendable: `cancelTask` is read and cleared once, by the single caller that wins `state.setOnce()`;
  // before that it is only written in `init`.
  private let state = AtomicWord.make()
  private var cancelTask: (@Sendable () -> Void)?

  /// Creates a disposable that cancels `task`.
  public init<Success: Sendable, Failure: Error>(_ task: Task<Success, Failure>) {
    cancelTask = { task.cancel() }
  }

  /// Whether `dispose()` has been called.
  public var isDisposed: Bool { state.load() != 0 }

  /// Cancels the task (once) and releases it.
  public func dispose() {
    guard state.setOnce() else { return }
    let cancelTask = self.cancelTask
    self.cancelTask = nil
    cancelTask?()
  }
}

extension Disposables {
  /// A disposable that cancels `task` when disposed.
  public static func create<Success: Sendable, Failure: Error>(task: Task<Success, Failure>) -> any Cancelable {
    TaskDisposable(task)
  }
}

extension Task {
  /// A disposable that cancels this task when disposed.
  public func asDisposable() -> any Cancelable {
    TaskDisposable(self)
  }

  /// Adds this task to `bag`, which cancels it when the bag is deallocated.
  public func disposed(by bag: DisposeBag) {
    bag.insert(TaskDisposable(self))
  }
}
