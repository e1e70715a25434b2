/// Holds a disposable that is assigned exactly once, possibly after `dispose()` was already called.
///
/// If `dispose()` comes first, the disposable is disposed as soon as it is assigned. After disposal the held
/// disposable is released.
public final class SingleAssignmentDisposable: Cancelable {
  private enum State {
    case empty
    case assigned(any Disposable)
    case disposed
  }

  private let state = LockedState(State.empty)

  /// Creates an empty holder.
  public init() {}

  /// Whether `dispose()` has been called.
  public var isDisposed: Bool {
    state.withLock { if case .disposed = $0 { return true } else { return false } }
  }

  /// Assigns the disposable. Assigning twice is a programmer error and traps with a message.
  public func setDisposable(_ disposable: any Disposable) {
    let alreadyDisposed: Bool = state.withLock { state in
      switch state {
      case .empty:
        state = .assigned(disposable)
        return false
      case .assigned:
        preconditionFailure("SingleAssignmentDisposable.setDisposable(_:) called twice")
      case .disposed:
        return true
      }
    }
    if alreadyDisposed { disposable.dispose() }
  }

  /// Disposes the held disposable (now or when it is assigned).
  public func dispose() {
    let held: (any Disposable)? = state.withLock { state in
      defer { state = .disposed }
      if case .assigned(let disposable) = state { return disposable }
      return nil
    }
    held?.dispose()
  }
}
