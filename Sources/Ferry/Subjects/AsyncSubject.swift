/// A subject that emits only the last element it received, followed by completion, when it completes.
///
/// If it completes without elements it just completes; if it fails, it sends only the error. Observers that
/// subscribe after the stop event receive the same ending at once. Delivery is serialised as for
/// ``PublishSubject``: the ending goes through the same subject engine, which replays it to late subscribers.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: `pending` is guarded by its lock; `core` is the engine shared by every subject.

  /// What is known before the stop event: the last element, and whether the stop event was accepted. Only the
  /// sender that stops the subject sends anything to `core`, so the core's observers see nothing before it.
  private struct Pending {
    var last: Element?
    var stopped = false
  }

  private let pending = LockedState(Pending())
  /// Replays one element, so a late subscriber receives the last element, then the stop event: the ending.
  private let core = SubjectCore<Element>(policy: .buffer(1))

  /// Creates a subject.
  public override init() {}

  /// Whether any observer is subscribed.
  public var hasObservers: Bool { core.hasObservers }

  /// Records `.next` as the last element; on a stop event, sends the ending to every observer.
  public func on(_ event: Event<Element>) {
    // Released after the lock: the previous last element (replaced, or dropped by an error); its deinit may call
    // back into the subject.
    var released: Element?
    let ending: (last: Element?, stop: Event<Element>)? = pending.withLock { pending in
      guard !pending.stopped else { return nil }
      switch event {
      case .next(let element):
        released = element
        swap(&released, &pending.last)
        return nil
      case .error:
        pending.stopped = true
        swap(&released, &pending.last)
        return (nil, event)
      case .completed:
        pending.stopped = true
        var last: Element?
        swap(&last, &pending.last)
        return (last, event)
      }
    }
    withExtendedLifetime(released) {}
    guard let ending else { return }
    // The element reaches the core's replay buffer before the stop event does, so a subscriber that arrives
    // between the two still receives both, in order.
    if let last = ending.last { core.on(.next(last)) }
    core.on(ending.stop)
  }

  /// Subscribes `observer`; after the stop event it receives the ending at once.
  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    core.subscribe(observer)
  }

  /// Returns `self` as an observer.
  public func asObserver() -> AsyncSubject<Element> { self }
}
