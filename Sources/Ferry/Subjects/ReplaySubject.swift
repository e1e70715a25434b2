/// A subject that replays the elements it received to each new subscriber, then sends it every later event.
///
/// `create(bufferSize:)` keeps the most recent `bufferSize` elements; `createUnbounded()` keeps them all.
/// Delivery is serialised as for ``PublishSubject``. A subscriber that arrives after the stop event receives
/// the buffered elements, then the stop event (error or completion).
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: all state is in `core`, behind its lock.
  @usableFromInline let core: SubjectCore<Element>

  /// Inlinable, so that the subject's subscription path is specialised for `Element` where it is created.
  @inlinable
  init(bufferSize: Int?) {
    core = SubjectCore(policy: .buffer(bufferSize))
  }

  /// Creates a subject that replays the most recent `bufferSize` elements.
  ///
  /// - Precondition: `bufferSize >= 0`.
  @inlinable
  public static func create(bufferSize: Int) -> ReplaySubject<Element> {
    requireArgument(bufferSize >= 0, "ReplaySubject.create(bufferSize:): bufferSize must be >= 0, got \(bufferSize)")
    return ReplaySubject(bufferSize: bufferSize)
  }

  /// Creates a subject that replays every element it receives (memory grows with the number of elements).
  @inlinable
  public static func createUnbounded() -> ReplaySubject<Element> {
    ReplaySubject(bufferSize: nil)
  }

  /// Whether any observer is subscribed.
  public var hasObservers: Bool { core.hasObservers }

  /// Sends `event` to every current observer and, for `.next`, adds it to the replay buffer.
  public func on(_ event: Event<Element>) { core.on(event) }

  /// Subscribes `observer`, which first receives the buffered elements.
  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    core.subscribe(observer)
  }

  /// Returns `self` as an observer.
  public func asObserver() -> ReplaySubject<Element> { self }
}
