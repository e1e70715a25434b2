#if FERRY_OPENCOMBINE
import OpenCombine
#elseif canImport(Combine)
import Combine
#endif

#if FERRY_OPENCOMBINE || canImport(Combine)
import Ferry

extension Cancellable {
  /// Adds the Combine subscription to `bag`: the bag's deinit cancels it (as it disposes its disposables).
  ///
  /// ```swift
  /// viewModel.$tasks.sink { [weak self] in self?.reload($0) }.disposed(by: disposeBag)
  /// ```
  public func disposed(by bag: DisposeBag) {
    bag.insert(asDisposable())
  }

  /// The Combine subscription as a `Disposable`: `dispose()` cancels it, once, from any thread.
  public func asDisposable() -> any Disposable {
    CancellableBox.disposable(cancelling: self)
  }
}

extension Disposable {
  /// The Rx subscription as an `AnyCancellable`: `cancel()` disposes it, from any thread; so does releasing the
  /// `AnyCancellable` (`store(in: &cancellables)` works as for any Combine subscription).
  public func asCancellable() -> AnyCancellable {
    AnyCancellable { self.dispose() }
  }
}

/// A Combine `Cancellable` carried into the `@Sendable` action of `Disposables.create`, which runs it at most once.
///
/// Not generic, so that the action captures no metatype of the caller's `Self`.
final class CancellableBox: @unchecked Sendable {
  // @unchecked Sendable: `base` is immutable and only its `cancel()` is called, which Combine's contract makes callable
  // from any thread.
  private let base: any Cancellable
  private init(_ base: any Cancellable) { self.base = base }

  /// A disposable whose first `dispose()` cancels `cancellable`.
  static func disposable(cancelling cancellable: any Cancellable) -> any Disposable {
    let box = CancellableBox(cancellable)
    return Disposables.create { box.base.cancel() }
  }
}
#endif
