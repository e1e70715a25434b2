/// An observable whose subscribers share one subscription to a source, made by ``connect()``.
public protocol ConnectableObservableType<Element>: ObservableType {
  /// Subscribes the shared subject to the source (once; later calls return the same connection). Disposing the
  /// returned disposable disconnects.
  func connect() -> any Disposable
}

/// A connectable observable: subscribers subscribe to a subject, which ``connect()`` subscribes to the source.
/// Made by `multicast`, `publish()` and `replay(_:)`.
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType, @unchecked Sendable {
  // @unchecked Sendable: no state here; subclasses name theirs.
  override init() {}

  /// Subscribes the shared subject to the source; see ``ConnectableObservableType/connect()``.
  public func connect() -> any Disposable {
    preconditionFailure("Internal inconsistency: ConnectableObservable.connect is abstract")
  }
}

extension ObservableType {
  /// A connectable observable whose subscribers share `subject`, subscribed to `self` by `connect()`.
  public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
  where Subject.Observer.Element == Element {
    ConnectableObservableAdapter(source: asObservable()) { subject }
  }

  /// A connectable observable whose subscribers share a subject made by `makeSubject` for each connection.
  @preconcurrency
  public func multicast<Subject: SubjectType>(
    makeSubject: @escaping @Sendable () -> Subject
  ) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element {
    ConnectableObservableAdapter(source: asObservable(), makeSubject: makeSubject)
  }

  /// For each subscription, subscribes `selector`'s sequence to a subject made by `subjectSelector`, then
  /// connects the subject to `self`.
  @preconcurrency
  public func multicast<Subject: SubjectType, Result>(
    _ subjectSelector: @escaping @Sendable () throws -> Subject,
    selector: @escaping @Sendable (Observable<Subject.Element>) throws -> Observable<Result>
  ) -> Observable<Result> where Subject.Observer.Element == Element {
    let source = asObservable()
    return Observable.create { observer in
      do {
        let subject = try subjectSelector()
        let connectable = ConnectableObservableAdapter(source: source) { subject }
        let subscription = try selector(connectable.asObservable()).subscribe(observer)
        return Disposables.create(subscription, connectable.connect())
      } catch {
        observer.onError(error)
        return Disposables.create()
      }
    }
  }

  /// A connectable observable that multicasts through a `PublishSubject`, a fresh one for each connection.
  public func publish() -> ConnectableObservable<Element> {
    multicast(makeSubject: { PublishSubject<Element>() })
  }

  /// A connectable observable that multicasts through a `ReplaySubject` replaying `bufferSize` elements, a fresh
  /// one for each connection (a subscriber of an ended connection does not receive the next one's elements).
  public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
    multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: bufferSize) })
  }

  /// A connectable observable that multicasts through a `ReplaySubject` replaying every element, a fresh one for
  /// each connection.
  public func replayAll() -> ConnectableObservable<Element> {
    multicast(makeSubject: { ReplaySubject<Element>.createUnbounded() })
  }
}

/// The connectable observable of `multicast`: a subject per connection, made lazily. A connection ends when it is
/// disposed or when the source terminates; either way the subject is forgotten before the terminal event reaches
/// it, so a subscriber or a `connect()` from inside that delivery gets the next connection's subject.
final class ConnectableObservableAdapter<Subject: SubjectType>: ConnectableObservable<Subject.Element>,
  @unchecked Sendable
{
  // @unchecked Sendable: `subject`, `generation` and `connection` live in `state` (a `LockedState`); `source` and
  // `makeSubject` are immutable. A `Subject` is an observable, so `Sendable`.
  struct State {
    var subject: Subject?
    /// Incremented whenever a connection ends and its subject is forgotten, so that a connection prepared
    /// outside the lock for a forgotten subject is not installed.
    var generation: UInt64 = 0
    var connection: ConnectableConnection<Subject.Observer>?
  }

  let source: Observable<Subject.Observer.Element>
  let makeSubject: @Sendable () -> Subject
  let state = LockedState(State())

  init(source: Observable<Subject.Observer.Element>, makeSubject: @escaping @Sendable () -> Subject) {
    self.source = source
    self.makeSubject = makeSubject
  }

  /// The subject of the current connection and its generation, made (outside the lock) if there is none.
  private var lazySubject: (subject: Subject, generation: UInt64) {
    if let current = state.withLock({ state in state.subject.map { ($0, state.generation) } }) { return current }
    let made = makeSubject()
    return state.withLock { state in
      if let subject = state.subject { return (subject, state.generation) }
      state.subject = made
      return (made, state.generation)
    }
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Subject.Element {
    lazySubject.subject.subscribe(observer)
  }

  override func connect() -> any Disposable {
    while true {
      if let existing = state.withLock({ $0.connection }) { return existing }
      let (subject, generation) = lazySubject
      let prepared = ConnectableConnection(observer: subject.asObserver()) { [weak self] connection in
        self?.disconnect(connection)
      }
      let installed = state.withLock { state -> ConnectableConnection<Subject.Observer>? in
        if let connection = state.connection { return connection }
        guard state.generation == generation else { return nil }
        state.connection = prepared
        return prepared
      }
      guard let installed else { continue }  // The subject ended meanwhile: prepare again for the next one.
      if installed === prepared {
        prepared.subscription.setDisposable(source.subscribe(prepared))
      }
      return installed
    }
  }

  private func disconnect(_ connection: ConnectableConnection<Subject.Observer>) {
    let forgotten = state.withLock { state -> Subject? in
      guard state.connection === connection else { return nil }
      state.connection = nil
      state.generation &+= 1
      defer { state.subject = nil }
      return state.subject
    }
    // A subject's `deinit` may run user code: released here, after the lock.
    withExtendedLifetime(forgotten) {}
  }
}

/// One connection of a connectable observable: the source's observer, forwarding to the subject. Disposing it,
/// or the source terminating, ends the connection (the adapter forgets the subject) and unsubscribes from the
/// source; a terminal event is forwarded after the connection has ended.
final class ConnectableConnection<Observer: ObserverType>: ObserverType, Cancelable, @unchecked Sendable {
  // @unchecked Sendable: `observer` is immutable (a subject's observer, `Sendable` in use); `ended` is atomic;
  // `onDispose` is a `LockedState`.
  let subscription = SingleAssignmentDisposable()
  private let observer: Observer
  private let ended = AtomicWord.make()
  private let onDispose: LockedState<(@Sendable (ConnectableConnection) -> Void)?>

  init(observer: Observer, onDispose: @escaping @Sendable (ConnectableConnection) -> Void) {
    self.observer = observer
    self.onDispose = LockedState(onDispose)
  }

  var isDisposed: Bool { ended.load() != 0 }

  func on(_ event: Event<Observer.Element>) {
    guard ended.load() == 0 else { return }
    if event.isStopEvent { dispose() }
    observer.on(event)
  }

  func dispose() {
    ended.store(1)
    let onDispose = self.onDispose.withLock { handler in
      defer { handler = nil }
      return handler
    }
    guard let onDispose else { return }
    onDispose(self)
    subscription.dispose()
  }
}
