/// A subject that emits only the last element it received, followed by completion, when it completes.
///
/// If it completes without elements it just completes; if it fails, it sends only the error. Observers that
/// subscribe after the stop event receive the same ending at once. Before the stop event nothing is delivered,
/// so there is nothing to serialise but the stop event itself, which is sent once to each observer.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: all mutable state is in `state` (a `LockedState`); nothing is called under its lock.
  private struct Entry {
    let id: UInt64
    let observer: any ObserverType<Element>
    let disposed: AtomicWord
  }

  private struct State {
    var observers: [Entry] = []
    var last: Element?
    var stop: Event<Element>?
    var nextID: UInt64 = 0
  }

  private let state = LockedState(State())

  /// Creates a subject.
  public override init() {}

  /// Whether any observer is subscribed.
  public var hasObservers: Bool { state.withLock { !$0.observers.isEmpty } }

  /// Records `.next` as the last element; on a stop event, sends the ending to every observer.
  public func on(_ event: Event<Element>) {
    // `replaced` (the previous last element) is released after the lock: its deinit may call back into the subject.
    let (delivery, replaced): ((observers: [Entry], last: Element?, stop: Event<Element>)?, Element?) =
      state.withLock { state in
        guard state.stop == nil else { return (nil, nil) }
        switch event {
        case .next(let element):
          let replaced = state.last
          state.last = element
          return (nil, replaced)
        case .error, .completed:
          state.stop = event
          var replaced: Element?
          if case .error = event { swap(&replaced, &state.last) }
          let observers = state.observers
          state.observers = []
          return ((observers, state.last, event), replaced)
        }
      }
    // Released after the lock (a deinit may call back in).
    withExtendedLifetime(replaced) {}
    guard let delivery else { return }
    for entry in delivery.observers {
      Self.deliverEnding(to: entry, last: delivery.last, stop: delivery.stop)
    }
  }

  /// Subscribes `observer`; after the stop event it receives the ending at once.
  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let disposed = AtomicWord.make()
    let (id, ending): (UInt64, (last: Element?, stop: Event<Element>)?) = state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      if let stop = state.stop { return (id, (state.last, stop)) }
      state.observers.append(Entry(id: id, observer: observer, disposed: disposed))
      return (id, nil)
    }
    if let ending {
      Self.deliverEnding(
        to: Entry(id: id, observer: observer, disposed: disposed),
        last: ending.last,
        stop: ending.stop
      )
      return Disposables.create()
    }
    return AsyncSubjectSubscription(subject: self, id: id, disposed: disposed)
  }

  /// Returns `self` as an observer.
  public func asObserver() -> AsyncSubject<Element> { self }

  fileprivate func remove(id: UInt64) {
    let removed: Entry? = state.withLock { state in
      guard let index = state.observers.firstIndex(where: { $0.id == id }) else { return nil }
      return state.observers.remove(at: index)
    }
    // Released outside the lock: the observer's deinit may run user code.
    withExtendedLifetime(removed) {}
  }

  private static func deliverEnding(to entry: Entry, last: Element?, stop: Event<Element>) {
    if let last, case .completed = stop, entry.disposed.load() == 0 {
      entry.observer.on(.next(last))
    }
    if entry.disposed.load() == 0 { entry.observer.on(stop) }
  }
}

/// A subscription to an ``AsyncSubject``: sets the entry's flag (stopping delivery at once), then leaves the list.
private final class AsyncSubjectSubscription<Element>: Cancelable {
  let subject: AsyncSubject<Element>
  let id: UInt64
  let disposed: AtomicWord

  init(subject: AsyncSubject<Element>, id: UInt64, disposed: AtomicWord) {
    self.subject = subject
    self.id = id
    self.disposed = disposed
  }

  var isDisposed: Bool { disposed.load() != 0 }

  func dispose() {
    guard disposed.setOnce() else { return }
    subject.remove(id: id)
  }
}
