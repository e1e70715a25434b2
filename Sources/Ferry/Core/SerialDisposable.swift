/// Holds one disposable at a time: assigning a new one disposes the previous one.
///
/// After `dispose()`, assigned disposables are disposed immediately.
public final class SerialDisposable: Cancelable {
  private struct State {
    var current: (any Disposable)?
    var isDisposed = false
  }

  private let state = LockedState(State())

  /// Creates an empty holder.
  public init() {}

  /// Whether `dispose()` has been called.
  public var isDisposed: Bool { state.withLock { $0.isDisposed } }

  /// The current disposable. Setting it disposes the previous one (outside the lock).
  public var disposable: any Disposable {
    get { state.withLock { $0.current } ?? Disposables.create() }
    set {
      let toDispose: (any Disposable)? = state.withLock { state in
        if state.isDisposed { return newValue }
        defer { state.current = newValue }
        return state.current
      }
      toDispose?.dispose()
    }
  }

  /// Disposes the current disposable and every later one.
  public func dispose() {
    let current: (any Disposable)? = state.withLock { state in
      guard !state.isDisposed else { return nil }
      state.isDisposed = true
      defer { state.current = nil }
      return state.current
    }
    current?.dispose()
  }
}
