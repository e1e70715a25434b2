/// A resource that can be released: a subscription, a scheduled action, a task.
///
/// Differs from RxSwift in that `Disposable` is `Sendable`: disposables are handed across threads constantly.
@preconcurrency
public protocol Disposable: Sendable {
  /// Releases the resource. Calling it more than once has no further effect.
  func dispose()
}

/// A disposable that can tell whether it was disposed.
public protocol Cancelable: Disposable {
  /// Whether `dispose()` has been called.
  var isDisposed: Bool { get }
}

extension Disposable {
  /// Adds `self` to `bag`, which disposes it when the bag is deallocated.
  public func disposed(by bag: DisposeBag) {
    bag.insert(self)
  }
}

/// Factory methods for disposables.
public enum Disposables {
  /// A disposable that does nothing.
  public static func create() -> any Disposable { NopDisposable.instance }

  /// A disposable that runs `dispose` exactly once, on the first call to `dispose()`.
  @preconcurrency
  public static func create(with dispose: @escaping @Sendable () -> Void) -> any Cancelable {
    AnonymousDisposable(dispose)
  }

  /// A disposable that disposes both `disposable1` and `disposable2`.
  public static func create(_ disposable1: any Disposable, _ disposable2: any Disposable) -> any Cancelable {
    CompositeDisposable(disposable1, disposable2)
  }

  /// A disposable that disposes the three disposables.
  public static func create(
    _ disposable1: any Disposable,
    _ disposable2: any Disposable,
    _ disposable3: any Disposable
  ) -> any Cancelable {
    CompositeDisposable(disposables: [disposable1, disposable2, disposable3])
  }

  /// A disposable that disposes all the given disposables.
  public static func create(
    _ disposable1: any Disposable,
    _ disposable2: any Disposable,
    _ disposable3: any Disposable,
    _ disposables: any Disposable...
  ) -> any Cancelable {
    CompositeDisposable(disposables: [disposable1, disposable2, disposable3] + disposables)
  }

  /// A disposable that disposes every element of `disposables`.
  public static func create(_ disposables: [any Disposable]) -> any Cancelable {
    CompositeDisposable(disposables: disposables)
  }
}

/// A disposable that does nothing.
struct NopDisposable: Disposable {
  static let instance = NopDisposable()
  func dispose() {}
}

/// Runs an action once, on the first `dispose()`.
final class AnonymousDisposable: Cancelable, @unchecked Sendable {
  // @unchecked Sendable: `action` is read once, by the single caller that wins `state.setOnce()`.
  private let state = AtomicWord.make()
  private var action: (@Sendable () -> Void)?

  init(_ action: @escaping @Sendable () -> Void) {
    self.action = action
  }

  var isDisposed: Bool { state.load() != 0 }

  func dispose() {
    guard state.setOnce() else { return }
    let action = self.action
    self.action = nil
    action?()
  }
}
