extension ReplayRelay {
  /// The relay as an ``Infallible`` (a relay never fails); subscribers first receive the replayed elements.
  public func asInfallible() -> Infallible<Element> { Infallible(raw: asObservable()) }
}

extension Infallible {
  /// Sends every element, wrapped in `Optional`, and the completion to each of `observers`.
  @inlinable
  public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
  where Observer.Element == Element? {
    source.subscribe { event in observers.forEach { $0.on(event.map { Optional($0) }) } }
  }

  /// Accepts every element, wrapped in `Optional`, into each of `relays`.
  @inlinable
  public func bind(to relays: PublishRelay<Element?>...) -> any Disposable {
    source.bindToRelays(relays) { $0.accept($1) }
  }

  /// Accepts every element, wrapped in `Optional`, into each of `relays`.
  @inlinable
  public func bind(to relays: BehaviorRelay<Element?>...) -> any Disposable {
    source.bindToRelays(relays) { $0.accept($1) }
  }

  /// Accepts every element into each of `relays`.
  @inlinable
  public func bind(to relays: ReplayRelay<Element>...) -> any Disposable {
    source.bindToRelays(relays) { $0.accept($1) }
  }

  /// Accepts every element, wrapped in `Optional`, into each of `relays`.
  @inlinable
  public func bind(to relays: ReplayRelay<Element?>...) -> any Disposable {
    source.bindToRelays(relays) { $0.accept($1) }
  }

  /// Calls `binder` with `self` and returns its result: `infallible.bind(to: someBinderFunction)`.
  public func bind<Result>(to binder: (Self) -> Result) -> Result {
    binder(self)
  }

  /// Calls the curried `binder` with `self`, then with `curriedArgument`, and returns the result.
  public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
    binder(self)(curriedArgument)
  }

  /// Subscribes `onNext` to the elements.
  @preconcurrency
  public func bind(onNext: @escaping @Sendable (Element) -> Void) -> any Disposable {
    source.subscribe(onNext: onNext)
  }
}

extension ObservableType {
  /// Calls the curried `binder` with `self`, then with `curriedArgument`, and returns the result.
  public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
    binder(self)(curriedArgument)
  }
}
