/// The sharing strategy of ``Signal``: deliver on ``SharingScheduler/make`` and
/// `share(scope: .whileConnected)` without replay.
public struct SignalSharingStrategy: SharingStrategyProtocol {
  /// The scheduler a new `Signal` delivers on.
  public static var scheduler: any SchedulerType { SharingScheduler.make() }

  /// Shares with `share(replay: 0, scope: .whileConnected)`.
  @inlinable
  public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
    source.share(scope: .whileConnected)
  }
}

/// A sequence for one-shot UI effects (alerts, navigation): never errors, delivers on the main thread, shares
/// one subscription to its source and replays nothing to a new subscriber.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
  /// Returns `self` as a ``Signal``.
  public func asSignal() -> Signal<Element> { asSharedSequence() }
}

extension ObservableConvertibleType {
  /// Converts to a ``Signal`` that emits `onErrorJustReturn` and completes if the source errors.
  @inlinable
  public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
    let box = UncheckedBox(onErrorJustReturn)
    return asSharedSequence(SignalSharingStrategy.self) { _ in Signal(raw: Observable.just(box.value)) }
  }

  /// Converts to a ``Signal`` that continues with `onErrorSignalWith` if the source errors.
  @inlinable
  public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
    asSharedSequence(SignalSharingStrategy.self) { _ in onErrorSignalWith }
  }

  /// Converts to a ``Signal`` that continues with `onErrorRecover(error)` if the source errors.
  @preconcurrency
  @inlinable
  public func asSignal(
    onErrorRecover: @escaping @Sendable (_ error: any Swift.Error) -> Signal<Element>
  ) -> Signal<Element> {
    asSharedSequence(SignalSharingStrategy.self, onErrorRecover: onErrorRecover)
  }
}

extension PublishRelay {
  /// The relay as a ``Signal`` (it never errors).
  @inlinable
  public func asSignal() -> Signal<Element> {
    Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
  }
}

extension BehaviorRelay {
  /// The relay as a ``Signal`` (it never errors): the current value, then every later one, without replay to
  /// later subscribers of the signal.
  @inlinable
  public func asSignal() -> Signal<Element> {
    Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
  }
}
