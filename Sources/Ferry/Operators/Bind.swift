extension ObservableType {
  /// Subscribes and sends every event to each of `observers`, in order.
  ///
  /// As in RxSwift, stop events are forwarded too: an error or completion reaches the observers (a subject
  /// bound this way terminates with the source).
  @inlinable
  public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
  where Observer.Element == Element {
    let observers = BoundObservers(observers)
    return subscribe { event in observers.send(event) }
  }

  /// Subscribes and sends every event, with elements wrapped in `Optional`, to each of `observers`.
  @inlinable
  public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
  where Observer.Element == Element? {
    let observers = BoundObservers(observers)
    return subscribe { event in observers.send(event.map { Optional($0) }) }
  }

  /// Subscribes and accepts every element into each of `relays`.
  ///
  /// Relays never terminate: completion ends the binding; an error ends it and is reported through
  /// ``Hooks/defaultErrorHandler`` (RxSwift traps in debug builds instead).
  @inlinable
  public func bind(to relays: PublishRelay<Element>...) -> any Disposable {
    bindToRelays(relays) { $0.accept($1) }
  }

  /// Subscribes and accepts every element, wrapped in `Optional`, into each of `relays`.
  @inlinable
  public func bind(to relays: PublishRelay<Element?>...) -> any Disposable {
    bindToRelays(relays) { $0.accept($1) }
  }

  /// Subscribes and accepts every element into each of `relays`.
  @inlinable
  public func bind(to relays: BehaviorRelay<Element>...) -> any Disposable {
    bindToRelays(relays) { $0.accept($1) }
  }

  /// Subscribes and accepts every element, wrapped in `Optional`, into each of `relays`.
  @inlinable
  public func bind(to relays: BehaviorRelay<Element?>...) -> any Disposable {
    bindToRelays(relays) { $0.accept($1) }
  }

  /// Subscribes and accepts every element into each of `relays`.
  @inlinable
  public func bind(to relays: ReplayRelay<Element>...) -> any Disposable {
    bindToRelays(relays) { $0.accept($1) }
  }

  /// Subscribes and accepts every element, wrapped in `Optional`, into each of `relays`.
  @inlinable
  public func bind(to relays: ReplayRelay<Element?>...) -> any Disposable {
    bindToRelays(relays) { $0.accept($1) }
  }

  /// Calls `binder` with `self` and returns its result: `observable.bind(to: someBinderFunction)`.
  public func bind<Result>(to binder: (Self) -> Result) -> Result {
    binder(self)
  }

  /// Subscribes `onNext` to the elements; an error is reported through ``Hooks/defaultErrorHandler``.
  @preconcurrency
  public func bind(onNext: @escaping @Sendable (Element) -> Void) -> any Disposable {
    subscribe(onNext: onNext, onError: { Hooks.unhandledError($0) })
  }

  /// Subscribes `onNext` with `object` (held weakly) as its first argument; nothing is called once `object`
  /// has been deallocated. An error is reported through ``Hooks/defaultErrorHandler``.
  @preconcurrency
  public func bind<Object: AnyObject>(
    with object: Object,
    onNext: @escaping @Sendable (Object, Element) -> Void
  ) -> any Disposable {
    subscribe(with: object, onNext: onNext, onError: { _, error in Hooks.unhandledError(error) })
  }

  /// Subscribes and hands every element to `accept` with each of `relays`; an error is reported through
  /// ``Hooks/defaultErrorHandler``.
  ///
  /// The one helper of every relay overload: `bind(to:)`, and `drive(_:)` / `emit(to:)` on a `Driver`, a `Signal` or
  /// an `Infallible` (whose sources never fail, so the error path is never taken). Inlinable, with those overloads,
  /// so that the per-element closure — and the relays' `accept` — are specialised in the client: run as generic code, accepting a struct element into a relay looked
  /// up generic metadata several times per element (about 6,800 instructions against about 250, callgrind).
  @inlinable
  func bindToRelays<Relay: Sendable>(
    _ relays: [Relay], _ accept: @escaping @Sendable (Relay, Element) -> Void
  ) -> any Disposable {
    // One relay (the usual binding): no array walk per element.
    if relays.count == 1 {
      let relay = relays[0]
      return subscribe(onNext: { accept(relay, $0) }, onError: { Hooks.unhandledError($0) })
    }
    return subscribe(
      onNext: { element in for relay in relays { accept(relay, element) } },
      onError: { Hooks.unhandledError($0) })
  }
}

/// The observers of one `bind(to:)` call.
///
/// Sendable because observers are `Sendable` and the array is immutable.
@usableFromInline
struct BoundObservers<Observer: ObserverType>: Sendable {
  @usableFromInline let observers: [Observer]

  @inlinable init(_ observers: [Observer]) { self.observers = observers }

  @inlinable func send(_ event: Event<Observer.Element>) {
    for observer in observers { observer.on(event) }
  }
}
