extension ObservableType {
  /// Subscribes and sends every event to each of `observers`, in order.
  ///
  /// As in RxSwift, stop events are forwarded too: an error or completion reaches the observers (a subject
  /// bound this way terminates with the source).
  public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
  where Observer.Element == Element {
    let observers = BoundObservers(observers)
    return subscribe { event in observers.send(event) }
  }

  /// Subscribes and sends every event, with elements wrapped in `Optional`, to each of `observers`.
  public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
  where Observer.Element == Element? {
    let observers = BoundObservers(observers)
    return subscribe { event in observers.send(event.map { Optional($0) }) }
  }

  /// Subscribes and accepts every element into each of `relays`.
  ///
  /// Relays never terminate: completion ends the binding; an error ends it and is reported through
  /// ``Hooks/defaultErrorHandler`` (RxSwift traps in debug builds instead).
  public func bind(to relays: PublishRelay<Element>...) -> any Disposable {
    bindToRelays { element in relays.forEach { $0.accept(element) } }
  }

  /// Subscribes and accepts every element, wrapped in `Optional`, into each of `relays`.
  public func bind(to relays: PublishRelay<Element?>...) -> any Disposable {
    bindToRelays { element in relays.forEach { $0.accept(element) } }
  }

  /// Subscribes and accepts every element into each of `relays`.
  public func bind(to relays: BehaviorRelay<Element>...) -> any Disposable {
    bindToRelays { element in relays.forEach { $0.accept(element) } }
  }

  /// Subscribes and accepts every element, wrapped in `Optional`, into each of `relays`.
  public func bind(to relays: BehaviorRelay<Element?>...) -> any Disposable {
    bindToRelays { element in relays.forEach { $0.accept(element) } }
  }

  /// Subscribes and accepts every element into each of `relays`.
  public func bind(to relays: ReplayRelay<Element>...) -> any Disposable {
    bindToRelays { element in relays.forEach { $0.accept(element) } }
  }

  /// Subscribes and accepts every element, wrapped in `Optional`, into each of `relays`.
  public func bind(to relays: ReplayRelay<Element?>...) -> any Disposable {
    bindToRelays { element in relays.forEach { $0.accept(element) } }
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

  private func bindToRelays(_ accept: @escaping @Sendable (Element) -> Void) -> any Disposable {
    subscribe(onNext: accept, onError: { Hooks.unhandledError($0) })
  }
}

/// The observers of one `bind(to:)` call.
///
/// Sendable because observers are `Sendable` and the array is immutable.
struct BoundObservers<Observer: ObserverType>: Sendable {
  let observers: [Observer]

  init(_ observers: [Observer]) { self.observers = observers }

  func send(_ event: Event<Observer.Element>) {
    for observer in observers { observer.on(event) }
  }
}
