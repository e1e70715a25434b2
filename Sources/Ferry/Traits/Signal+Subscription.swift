extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
  /// Subscribes handlers that run on the main actor.
  ///
  /// A `Signal` delivers on the main thread, so the handlers are called with `MainActor.assumeIsolated`. A
  /// Signal created under ``SharingScheduler/mock(scheduler:action:)`` must therefore be emitted by a scheduler
  /// that runs on the main thread.
  @preconcurrency
  public func emit(
    onNext: (@MainActor (Element) -> Void)? = nil,
    onCompleted: (@MainActor () -> Void)? = nil,
    onDisposed: (@MainActor () -> Void)? = nil
  ) -> any Disposable {
    asObservable().subscribeOnMainActor(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes handlers that run on the main actor and receive `object` (held weakly) first; nothing is
  /// called once `object` is deallocated.
  @preconcurrency
  public func emit<Object: AnyObject>(
    with object: Object,
    onNext: (@MainActor (Object, Element) -> Void)? = nil,
    onCompleted: (@MainActor (Object) -> Void)? = nil,
    onDisposed: (@MainActor (Object) -> Void)? = nil
  ) -> any Disposable {
    asObservable().subscribeOnMainActor(
      with: object,
      onNext: onNext,
      onCompleted: onCompleted,
      onDisposed: onDisposed
    )
  }

  /// Subscribes and ignores every element.
  public func emit() -> any Disposable {
    asObservable().subscribe()
  }

  /// Sends every element (and completion) to each of `observers`.
  @inlinable
  public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable
  where Observer.Element == Element {
    asObservable().subscribe { event in observers.forEach { $0.on(event) } }
  }

  /// Sends every element (and completion), wrapped in an optional, to each of `observers`.
  @inlinable
  public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable
  where Observer.Element == Element? {
    asObservable().subscribe { event in observers.forEach { $0.on(event.map { $0 }) } }
  }

  /// Accepts every element into each of `relays`.
  @inlinable
  public func emit(to relays: BehaviorRelay<Element>...) -> any Disposable {
    asObservable().bindToRelays(relays) { $0.accept($1) }
  }

  /// Accepts every element, wrapped in an optional, into each of `relays`.
  @inlinable
  public func emit(to relays: BehaviorRelay<Element?>...) -> any Disposable {
    asObservable().bindToRelays(relays) { $0.accept($1) }
  }

  /// Accepts every element into each of `relays`.
  @inlinable
  public func emit(to relays: PublishRelay<Element>...) -> any Disposable {
    asObservable().bindToRelays(relays) { $0.accept($1) }
  }

  /// Accepts every element, wrapped in an optional, into each of `relays`.
  @inlinable
  public func emit(to relays: PublishRelay<Element?>...) -> any Disposable {
    asObservable().bindToRelays(relays) { $0.accept($1) }
  }
}
