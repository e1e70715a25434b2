#if FERRY_OPENCOMBINE
import OpenCombine
#elseif canImport(Combine)
import Combine
#endif

#if FERRY_OPENCOMBINE || canImport(Combine)
@_spi(FerryBridges) import Ferry

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
    CancellableBox(self)
  }
}

extension Disposable {
  /// The Rx subscription as an `AnyCancellable`: `cancel()` disposes it, from any thread; so does releasing the
  /// `AnyCancellable` (`store(in: &cancellables)` works as for any Combine subscription).
  public func asCancellable() -> AnyCancellable {
    AnyCancellable { self.dispose() }
  }
}

/// A Combine `Cancellable` carried into a `@Sendable` dispose action.
///
/// `@unchecked Sendable`: `base` is immutable and only `cancel()` is called on it, at most once (decided under
/// `isDisposed`'s lock); Combine's contract makes `cancel()` callable from any thread.
final class CancellableBox<Base: Cancellable>: Disposable, @unchecked Sendable {
  private let base: Base
  private let isDisposed = BridgeLockedState(false)
  init(_ base: Base) { self.base = base }

  /// Cancels the Combine subscription the first time it is called.
  func dispose() {
    let first = isDisposed.withLock { disposed -> Bool in
      defer { disposed = true }
      return !disposed
    }
    if first { base.cancel() }
  }
}
#endif
