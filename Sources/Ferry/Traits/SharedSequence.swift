/// What makes a ``SharedSequence`` a `Driver` or a `Signal`: the scheduler it delivers on and how it shares
/// its source.
public protocol SharingStrategyProtocol: Sendable {
  /// The scheduler elements are delivered on (``SharingScheduler/make`` unless mocked).
  static var scheduler: any SchedulerType { get }

  /// Shares `source` between subscribers.
  static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that can be converted to a ``SharedSequence``.
public protocol SharedSequenceConvertibleType<Element>: ObservableConvertibleType {
  /// The sharing strategy (`DriverSharingStrategy` or `SignalSharingStrategy`).
  associatedtype SharingStrategy: SharingStrategyProtocol

  /// Converts `self` to a ``SharedSequence``.
  func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

/// A sequence that never errors, delivers on its strategy's scheduler (the main thread by default) and shares
/// one subscription to its source between all subscribers: the model of RxCocoa's `Driver` and `Signal`.
///
/// Build one with `asDriver(...)` / `asSignal(...)` or the factory methods, transform it with the operators
/// on ``SharedSequenceConvertibleType``, and consume it with `drive` / `emit`.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType {
  @usableFromInline let source: Observable<Element>

  /// Wraps `source`, which must already deliver on the strategy's scheduler and never error, and shares it.
  ///
  /// Inlinable so that the sharing (`share(replay:scope:)`'s subject) is specialised in the client.
  @inlinable
  init(_ source: Observable<Element>) {
    self.source = SharingStrategy.share(source)
  }

  /// Wraps `source` as is (it must already be shared, deliver on the scheduler and never error).
  @inlinable
  init(raw source: Observable<Element>) {
    self.source = source
  }

  /// The underlying shared observable.
  public func asObservable() -> Observable<Element> { source }

  /// Returns `self`.
  public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> { self }
}

extension SharedSequence {
  /// A sequence that completes at once (on the sharing scheduler).
  public static func empty() -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
  }

  /// A sequence that never emits and never completes.
  public static func never() -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.never())
  }

  /// A sequence that emits `element` and completes (subscribed on the sharing scheduler).
  public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
  }

  /// A sequence that emits `elements` in order on the sharing scheduler, one scheduled action per element, and
  /// completes in one more (on a mocked `TestScheduler`, one tick apart, as in RxCocoa).
  public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
    from(elements)
  }

  /// A sequence that emits the elements of `array` in order on the sharing scheduler, one scheduled action per
  /// element, and completes in one more (on a mocked `TestScheduler`, one tick apart, as in RxCocoa).
  public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
  }

  /// A sequence that emits `optional`'s value if it has one, then completes, each in its own action on the sharing
  /// scheduler (as in RxCocoa).
  public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.from(optional: optional, scheduler: SharingStrategy.scheduler))
  }

  /// A sequence that calls `factory` for every subscription.
  @preconcurrency
  public static func deferred(
    _ factory: @escaping @Sendable () -> SharedSequence<SharingStrategy, Element>
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable.deferred { factory().asObservable() })
  }
}

extension ObservableConvertibleType {
  /// Delivers on the strategy's scheduler, replaces an error with `recover(error)`, and shares.
  @inlinable
  func asSharedSequence<Strategy: SharingStrategyProtocol>(
    _ strategy: Strategy.Type,
    onErrorRecover recover: @escaping @Sendable (any Swift.Error) -> SharedSequence<Strategy, Element>
  ) -> SharedSequence<Strategy, Element> {
    let source = asObservable()
      .observe(on: Strategy.scheduler)
      .catchForSharedSequence { recover($0).asObservable() }
    return SharedSequence(source)
  }
}
