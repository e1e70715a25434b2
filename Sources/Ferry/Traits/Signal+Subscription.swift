// The public names of a Signal's subscriptions; the implementation, shared with `Driver`'s `drive`, is in
// SharedSequence+Subscription.swift.
extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
  /// Subscribes handlers that run on the main actor.
  ///
  /// A `Signal` delivers on the main thread, so the handlers are called synchronously there. An event that
  /// nevertheless arrives on another thread (an element emitted by `startWith` while subscribing on a background
  /// thread, or a mocked ``SharingScheduler`` running off the main thread) is hopped to the main queue, in order,
  /// instead of trapping; `onDisposed` runs on the main queue too. Differs from RxCocoa in that the handlers are
  /// `@MainActor` and that subscribing from a background thread is allowed.
  @preconcurrency
  @inlinable
  public func emit(
    onNext: (@MainActor (Element) -> Void)? = nil,
    onCompleted: (@MainActor () -> Void)? = nil,
    onDisposed: (@MainActor () -> Void)? = nil
  ) -> any Disposable {
    subscribeOnMainActor(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes handlers that run on the main actor (as ``emit(onNext:onCompleted:onDisposed:)``) and receive
  /// `object` (held weakly) first; nothing is called once `object` is deallocated.
  @preconcurrency
  @inlinable
  public func emit<Object: AnyObject>(
    with object: Object,
    onNext: (@MainActor (Object, Element) -> Void)? = nil,
    onCompleted: (@MainActor (Object) -> Void)? = nil,
    onDisposed: (@MainActor (Object) -> Void)? = nil
  ) -> any Disposable {
    subscribeOnMainActor(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes and ignores every element.
  @inlinable
  public func emit() -> any Disposable {
    asObservable().subscribe()
  }

  /// Sends every element (and completion) to each of `observers`.
  @inlinable
  public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable
  where Observer.Element == Element {
    subscribe(forwardingTo: observers)
  }

  /// Sends every element (and completion), wrapped in an optional, to each of `observers`.
  @inlinable
  public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable
  where Observer.Element == Element? {
    subscribe(forwardingTo: observers)
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
