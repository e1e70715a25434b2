/// A type that can be converted to an ``Infallible``.
public protocol InfallibleType<Element>: ObservableConvertibleType {}

/// An observable sequence that never fails: elements, then possibly completion.
///
/// A value type wrapping an ``Observable``; immutable and `Sendable`. Build one with
/// ``Infallible/create(subscribe:)``, the factories, or `asInfallible(onErrorJustReturn:)` and its siblings,
/// which all guarantee that no error reaches a subscriber.
public struct Infallible<Element>: InfallibleType, Sendable {
  @usableFromInline let source: Observable<Element>

  package init(raw: Observable<Element>) {
    self.source = raw
  }

  /// The sequence as an ``Observable`` (which never emits an error).
  public func asObservable() -> Observable<Element> { source }

  /// Returns `self`.
  public func asInfallible() -> Infallible<Element> { self }
}

/// What an ``Infallible/create(subscribe:)`` body sends: an element or completion.
@frozen
public enum InfallibleEvent<Element> {
  /// The next element.
  case next(Element)
  /// The sequence completed.
  case completed
}

extension InfallibleEvent: Sendable where Element: Sendable {}

extension Infallible {
  /// The callback an ``Infallible/create(subscribe:)`` body sends events to.
  @preconcurrency
  public typealias InfallibleObserver = @Sendable (InfallibleEvent<Element>) -> Void

  /// Creates an ``Infallible`` from a subscribe function.
  ///
  /// The function runs once per subscription with a callback for that subscription's events and returns the
  /// disposable that tears it down. Events after `.completed` or after disposal are dropped.
  @preconcurrency
  public static func create(
    subscribe: @escaping @Sendable (@escaping InfallibleObserver) -> any Disposable
  ) -> Infallible<Element> {
    Infallible(
      raw: Observable.create { observer in
        subscribe { event in
          switch event {
          case .next(let element): observer.on(.next(element))
          case .completed: observer.on(.completed)
          }
        }
      }
    )
  }

  /// Subscribes an event handler (which never receives `.error`).
  @preconcurrency
  public func subscribe(_ on: @escaping @Sendable (Event<Element>) -> Void) -> any Disposable {
    source.subscribe(on)
  }

  /// Subscribes element, completion and disposal handlers.
  ///
  /// The handlers may run on any thread (the one the sequence delivers on). `onDisposed` runs once, after
  /// `onCompleted` or on disposal.
  @preconcurrency
  public func subscribe(
    onNext: (@Sendable (Element) -> Void)? = nil,
    onCompleted: (@Sendable () -> Void)? = nil,
    onDisposed: (@Sendable () -> Void)? = nil
  ) -> any Disposable {
    source.subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes handlers that receive `object` (held weakly) as their first argument; nothing is called once
  /// `object` has been deallocated.
  @preconcurrency
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onNext: (@Sendable (Object, Element) -> Void)? = nil,
    onCompleted: (@Sendable (Object) -> Void)? = nil,
    onDisposed: (@Sendable (Object) -> Void)? = nil
  ) -> any Disposable {
    source.subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Sends every element to each of `observers` (completion is forwarded too).
  @inlinable
  public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
  where Observer.Element == Element {
    source.subscribe { event in observers.forEach { $0.on(event) } }
  }

  /// Accepts every element into each of `relays`.
  @inlinable
  public func bind(to relays: PublishRelay<Element>...) -> any Disposable {
    source.bindToRelays(relays) { $0.accept($1) }
  }

  /// Accepts every element into each of `relays`.
  @inlinable
  public func bind(to relays: BehaviorRelay<Element>...) -> any Disposable {
    source.bindToRelays(relays) { $0.accept($1) }
  }
}

extension ObservableConvertibleType {
  /// The sequence as an ``Infallible`` that emits `element` and completes instead of failing.
  public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
    Infallible(raw: catchObservable(asObservable(), returning: element))
  }

  /// The sequence as an ``Infallible`` that continues with `infallible` instead of failing.
  public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
    Infallible(raw: catchObservable(asObservable()) { _ in infallible.source })
  }

  /// The sequence as an ``Infallible`` that continues with the sequence `recover` returns for the error
  /// instead of failing.
  @preconcurrency
  public func asInfallible(
    onErrorRecover recover: @escaping @Sendable (any Swift.Error) -> Infallible<Element>
  ) -> Infallible<Element> {
    Infallible(raw: catchObservable(asObservable()) { recover($0).source })
  }
}

extension PublishRelay {
  /// The relay as an ``Infallible`` (a relay never fails).
  public func asInfallible() -> Infallible<Element> { Infallible(raw: asObservable()) }
}

extension BehaviorRelay {
  /// The relay as an ``Infallible`` (a relay never fails); subscribers first receive the current value.
  public func asInfallible() -> Infallible<Element> { Infallible(raw: asObservable()) }
}
