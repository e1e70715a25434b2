// The public names of a Driver's subscriptions; the implementation, shared with `Signal`'s `emit`, is in
// SharedSequence+Subscription.swift.
extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
  /// Subscribes handlers that run on the main actor.
  ///
  /// A `Driver` delivers on the main thread, so the handlers are called synchronously there. An event that
  /// nevertheless arrives on another thread (an element emitted by `startWith` while subscribing on a background
  /// thread, or a mocked ``SharingScheduler`` running off the main thread) is hopped to the main queue, in order,
  /// instead of trapping; `onDisposed` runs on the main queue too. Differs from RxCocoa in that the handlers are
  /// `@MainActor` and that subscribing from a background thread is allowed.
  @preconcurrency
  @inlinable
  public func drive(
    onNext: (@MainActor (Element) -> Void)? = nil,
    onCompleted: (@MainActor () -> Void)? = nil,
    onDisposed: (@MainActor () -> Void)? = nil
  ) -> any Disposable {
    subscribeOnMainActor(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes handlers that run on the main actor (as ``drive(onNext:onCompleted:onDisposed:)``) and receive
  /// `object` (held weakly) first; nothing is called once `object` is deallocated.
  @preconcurrency
  @inlinable
  public func drive<Object: AnyObject>(
    with object: Object,
    onNext: (@MainActor (Object, Element) -> Void)? = nil,
    onCompleted: (@MainActor (Object) -> Void)? = nil,
    onDisposed: (@MainActor (Object) -> Void)? = nil
  ) -> any Disposable {
    subscribeOnMainActor(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes and ignores every element.
  @inlinable
  public func drive() -> any Disposable {
    asObservable().subscribe()
  }

  /// Sends every element (and completion) to each of `observers`.
  @inlinable
  public func drive<Observer: ObserverType>(_ observers: Observer...) -> any Disposable
  where Observer.Element == Element {
    subscribe(forwardingTo: observers)
  }

  /// Sends every element (and completion), wrapped in an optional, to each of `observers`.
  @inlinable
  public func drive<Observer: ObserverType>(_ observers: Observer...) -> any Disposable
  where Observer.Element == Element? {
    subscribe(forwardingTo: observers)
  }

  /// Accepts every element into each of `relays`.
  @inlinable
  public func drive(_ relays: BehaviorRelay<Element>...) -> any Disposable {
    asObservable().bindToRelays(relays) { $0.accept($1) }
  }

  /// Accepts every element, wrapped in an optional, into each of `relays`.
  @inlinable
  public func drive(_ relays: BehaviorRelay<Element?>...) -> any Disposable {
    asObservable().bindToRelays(relays) { $0.accept($1) }
  }

  /// Accepts every element into each of `relays`.
  @inlinable
  public func drive(_ relays: PublishRelay<Element>...) -> any Disposable {
    asObservable().bindToRelays(relays) { $0.accept($1) }
  }

  /// Accepts every element, wrapped in an optional, into each of `relays`.
  @inlinable
  public func drive(_ relays: PublishRelay<Element?>...) -> any Disposable {
    asObservable().bindToRelays(relays) { $0.accept($1) }
  }
}
