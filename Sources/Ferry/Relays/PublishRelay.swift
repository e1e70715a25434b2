/// A ``PublishSubject`` that never terminates: it only accepts elements.
///
/// Use it for one-shot effects (alerts, navigation). `accept` is thread-safe and serialised: an element
/// accepted re-entrantly from an observer is delivered after the current one, never lost.
public final class PublishRelay<Element>: ObservableType, Sendable {
  @usableFromInline let subject: PublishSubject<Element>

  /// Creates a relay.
  ///
  /// Inlinable, so that the relay's subscription path is specialised for `Element` where it is created.
  @inlinable
  public init() {
    subject = PublishSubject()
  }

  /// Sends `event` to every current observer.
  @inlinable public func accept(_ event: Element) { subject.on(.next(event)) }

  /// Subscribes `observer`.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    subject.subscribe(observer)
  }

  /// The relay as an ``Observable``.
  public func asObservable() -> Observable<Element> { subject }
}
