/// A ``BehaviorSubject`` that never terminates: it holds a current `value` and only accepts elements.
///
/// The usual home of a screen's state. `value` is readable from any thread and always equals the element most
/// recently passed to `accept` (in the order the relay's lock saw them); subscribers receive the current
/// value first, then every later one, serialised.
public final class BehaviorRelay<Element>: ObservableType, Sendable {
  @usableFromInline let subject: BehaviorSubject<Element>

  /// Creates a relay holding `value`.
  ///
  /// Inlinable, so that the relay's subscription path is specialised for `Element` where it is created.
  @inlinable
  public init(value: Element) {
    subject = BehaviorSubject(value: value)
  }

  /// The current value.
  ///
  /// Inlinable, so that the read is specialised for `Element` in the client (a view model reads its state relay
  /// on every command).
  @inlinable
  public var value: Element {
    // `latest` is set at init and only ever replaced; a relay never terminates.
    subject.core.latest!
  }

  /// Replaces the current value and sends it to every observer.
  @inlinable public func accept(_ event: Element) { subject.on(.next(event)) }

  /// Subscribes `observer`, which first receives the current value.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    subject.subscribe(observer)
  }

  /// The relay as an ``Observable``.
  public func asObservable() -> Observable<Element> { subject }
}
