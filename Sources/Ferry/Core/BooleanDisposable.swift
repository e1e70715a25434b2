/// A disposable that only records whether it was disposed.
public final class BooleanDisposable: Cancelable {
  private let state: AtomicWord

  /// A disposable that is already disposed.
  public static let BooleanDisposableTrue = BooleanDisposable(isDisposed: true)

  /// Creates a disposable that is not yet disposed.
  public init() { state = .make(0) }

  /// Creates a disposable with the given state.
  public init(isDisposed: Bool) { state = .make(isDisposed ? 1 : 0) }

  /// Whether `dispose()` has been called.
  public var isDisposed: Bool { state.load() != 0 }

  /// Marks the disposable as disposed.
  public func dispose() { state.store(1) }
}
