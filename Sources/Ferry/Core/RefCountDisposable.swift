/// A disposable that disposes its underlying disposable once it has been disposed itself and every disposable
/// handed out by ``retain()`` has been disposed too.
public final class RefCountDisposable: Cancelable {
  private struct State {
    var disposable: (any Disposable)?
    var primaryDisposed = false
    var count = 0
  }

  private let state: LockedState<State>

  /// Creates a disposable that guards `disposable`.
  public init(disposable: any Disposable) {
    state = LockedState(State(disposable: disposable))
  }

  /// Whether the underlying disposable has been disposed.
  public var isDisposed: Bool { state.withLock { $0.disposable == nil } }

  /// A disposable that keeps the underlying one alive until it is disposed (once). After the underlying
  /// disposable has been disposed, returns a disposable that does nothing.
  public func retain() -> any Disposable {
    let retained = state.withLock { state in
      guard state.disposable != nil else { return false }
      state.count += 1
      return true
    }
    guard retained else { return Disposables.create() }
    return Disposables.create { [self] in release() }
  }

  /// Disposes the underlying disposable now if nothing is retained, otherwise when the last retained disposable
  /// is disposed.
  public func dispose() {
    let toDispose = state.withLock { state -> (any Disposable)? in
      guard state.disposable != nil, !state.primaryDisposed else { return nil }
      state.primaryDisposed = true
      guard state.count == 0 else { return nil }
      defer { state.disposable = nil }
      return state.disposable
    }
    toDispose?.dispose()
  }

  private func release() {
    let toDispose = state.withLock { state -> (any Disposable)? in
      guard state.disposable != nil else { return nil }
      state.count -= 1
      guard state.count == 0, state.primaryDisposed else { return nil }
      defer { state.disposable = nil }
      return state.disposable
    }
    toDispose?.dispose()
  }
}
