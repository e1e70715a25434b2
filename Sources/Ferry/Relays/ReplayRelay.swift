/// A ``ReplaySubject`` that never terminates: it only accepts elements, and replays the most recent ones to
/// each new subscriber.
public final class ReplayRelay<Element>: ObservableType, Sendable {
  @usableFromInline let subject: ReplaySubject<Element>

  @inlinable
  init(subject: ReplaySubject<Element>) {
    self.subject = subject
  }

  /// Creates a relay that replays the most recent `bufferSize` elements.
  ///
  /// - Precondition: `bufferSize >= 0`.
  ///
  /// Inlinable, so that the relay's subscription path is specialised for `Element` where it is created.
  @inlinable
  public static func create(bufferSize: Int) -> ReplayRelay<Element> {
    requireArgument(bufferSize >= 0, "ReplayRelay.create(bufferSize:): bufferSize must be >= 0, got \(bufferSize)")
    return ReplayRelay(subject: .create(bufferSize: bufferSize))
  }

  /// Creates a relay that replays every element it accepts (memory grows with the number of elements).
  @inlinable
  public static func createUnbounded() -> ReplayRelay<Element> {
    ReplayRelay(subject: .createUnbounded())
  }

  /// RxRelay's name for ``createUnbounded()``.
  public static func createUnbound() -> ReplayRelay<Element> {
    createUnbounded()
  }

  /// Sends `event` to every current observer and adds it to the replay buffer.
  public func accept(_ event: Element) { subject.on(.next(event)) }

  /// Subscribes `observer`, which first receives the buffered elements.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    subject.subscribe(observer)
  }

  /// The relay as an ``Observable``.
  public func asObservable() -> Observable<Element> { subject }
}
