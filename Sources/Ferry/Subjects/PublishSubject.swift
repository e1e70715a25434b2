/// A subject that broadcasts each event to the observers subscribed at that moment.
///
/// Delivery is serialised: a send made while another is being delivered (re-entrantly from an observer, or
/// from another thread) is queued and delivered after it, in order. Events after a stop event are ignored;
/// a subscriber that arrives after the stop event receives only the stop event.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: all state is in `core`, behind its lock.
  @usableFromInline let core: SubjectCore<Element>

  /// Creates a subject.
  ///
  /// Inlinable, so that the subject's subscription path is specialised for `Element` where it is created.
  @inlinable
  public override init() {
    core = SubjectCore(policy: .none)
  }

  /// Whether any observer is subscribed.
  public var hasObservers: Bool { core.hasObservers }

  /// Sends `event` to every current observer.
  @inlinable public func on(_ event: Event<Element>) { core.on(event) }

  /// Subscribes `observer`.
  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    core.subscribe(observer)
  }

  /// Returns `self` as an observer.
  public func asObserver() -> PublishSubject<Element> { self }
}
