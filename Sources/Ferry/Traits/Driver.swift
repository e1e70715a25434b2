/// The sharing strategy of ``Driver``: deliver on ``SharingScheduler/make`` and
/// `share(replay: 1, scope: .whileConnected)`.
public struct DriverSharingStrategy: SharingStrategyProtocol {
  /// The scheduler a new `Driver` delivers on.
  public static var scheduler: any SchedulerType { SharingScheduler.make() }

  /// Shares with `share(replay: 1, scope: .whileConnected)`.
  @inlinable
  public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
    source.share(replay: 1, scope: .whileConnected)
  }
}

/// A sequence for UI state: never errors, delivers on the main thread, shares one subscription to its source
/// and replays the latest element to each new subscriber.
///
/// An element sent on the main thread is delivered synchronously (no hop); one sent on another thread is
/// delivered asynchronously on the main queue.
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
  /// Returns `self` as a ``Driver``.
  public func asDriver() -> Driver<Element> { asSharedSequence() }
}

extension ObservableConvertibleType {
  /// Converts to a ``Driver`` that emits `onErrorJustReturn` and completes if the source errors.
  @inlinable
  public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
    let box = UncheckedBox(onErrorJustReturn)
    return asSharedSequence(DriverSharingStrategy.self) { _ in Driver(raw: Observable.just(box.value)) }
  }

  /// Converts to a ``Driver`` that continues with `onErrorDriveWith` if the source errors.
  @inlinable
  public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
    asSharedSequence(DriverSharingStrategy.self) { _ in onErrorDriveWith }
  }

  /// Converts to a ``Driver`` that continues with `onErrorRecover(error)` if the source errors.
  @preconcurrency
  @inlinable
  public func asDriver(
    onErrorRecover: @escaping @Sendable (_ error: any Swift.Error) -> Driver<Element>
  ) -> Driver<Element> {
    asSharedSequence(DriverSharingStrategy.self, onErrorRecover: onErrorRecover)
  }
}

extension BehaviorRelay {
  /// The relay as a ``Driver`` (it never errors).
  @inlinable
  public func asDriver() -> Driver<Element> {
    Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
  }
}

extension PublishRelay {
  /// The relay as a ``Driver`` (it never errors).
  @inlinable
  public func asDriver() -> Driver<Element> {
    Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
  }
}
