/// A subject that holds a current value and replays it to each new subscriber.
///
/// Delivery is serialised as for ``PublishSubject``. After an error, new subscribers receive only the error;
/// after completion, only the completion.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: all state is in `core`, behind its lock.
  @usableFromInline let core: SubjectCore<Element>

  /// Creates a subject holding `value`.
  ///
  /// Inlinable, so that the subject's subscription path is specialised for `Element` where it is created.
  @inlinable
  public init(value: Element) {
    core = SubjectCore(policy: .latest, initial: value)
  }

  /// The latest element sent.
  ///
  /// - Throws: the error the subject terminated with.
  @inlinable
  public func value() throws -> Element {
    let (latest, stop) = core.snapshot
    if case .error(let error) = stop { throw error }
    // `latest` is set at init and only ever replaced.
    return latest!
  }

  /// Whether any observer is subscribed.
  public var hasObservers: Bool { core.hasObservers }

  /// Sends `event`; `.next` also replaces the current value.
  @inlinable public func on(_ event: Event<Element>) { core.on(event) }

  /// Subscribes `observer`, which first receives the current value.
  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    // After an error, `core` sends only the error.
    core.subscribe(observer)
  }

  /// Returns `self` as an observer.
  public func asObserver() -> BehaviorSubject<Element> { self }
}
