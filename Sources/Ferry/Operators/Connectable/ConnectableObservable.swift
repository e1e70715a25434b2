/// An observable whose subscribers share one subscription to a source, made by ``connect()``.
public protocol ConnectableObservableType<Element>: ObservableType {
  /// Subscribes the shared subject to the source (once; later calls return the same connection). Disposing the
  /// returned disposable disconnects.
  func connect() -> any Disposable
}

/// A connectable observable: subscribers subscribe to a subject, which ``connect()`` subscribes to the source.
/// Made by `multicast`, `publish()` and `replay(_:)`.
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType, @unchecked Sendable {
  // `@unchecked Sendable`: no state here; subclasses name theirs.
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

  /// A connectable observable that multicasts through a `PublishSubject`.
  public func publish() -> ConnectableObservable<Element> {
    multicast(PublishSubject<Element>())
  }

  /// A connectable observable that multicasts through a `ReplaySubject` replaying `bufferSize` elements.
  public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
    multicast(ReplaySubject<Element>.create(bufferSize: bufferSize))
  }

  /// A connectable observable that multicasts through a `ReplaySubject` replaying every element.
  public func replayAll() -> ConnectableObservable<Element> {
    multicast(ReplaySubject<Element>.createUnbounded())
  }
}

/// The connectable observable of `multicast`: a subject per connection, made lazily.
final class ConnectableObservableAdapter<Subject: SubjectType>: ConnectableObservable<Subject.Element>,
  @unchecked Sendable
{
  // `@unchecked Sendable`: `subject` and `connection` live in `state` (a `LockedState`); `source` and
  // `makeSubject` are immutable. A `Subject` is an observable, so `Sendable`.
  struct State {
    var subject: Subject?
    var connection: ConnectableConnection?
  }

  let source: Observable<Subject.Observer.Element>
  let makeSubject: @Sendable () -> Subject
  let state = LockedState(State())

  init(source: Observable<Subject.Observer.Element>, makeSubject: @escaping @Sendable () -> Subject) {
    self.source = source
    self.makeSubject = makeSubject
  }

  /// The subject of the current connection, made (outside the lock) if there is none.
  private var lazySubject: Subject {
    if let subject = state.withLock({ $0.subject }) { return subject }
    let made = makeSubject()
    return state.withLock { state in
      if let subject = state.subject { return subject }
      state.subject = made
      return made
    }
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Subject.Element {
    lazySubject.subscribe(observer)
  }

  override func connect() -> any Disposable {
    let subject = lazySubject
    let (connection, isNew) = state.withLock { state -> (ConnectableConnection, Bool) in
      if let connection = state.connection { return (connection, false) }
      let connection = ConnectableConnection { [weak self] connection in self?.disconnect(connection) }
      state.connection = connection
      return (connection, true)
    }
    if isNew {
      connection.subscription.setDisposable(source.subscribe(subject.asObserver()))
    }
    return connection
  }

  private func disconnect(_ connection: ConnectableConnection) {
    state.withLock { state in
      guard state.connection === connection else { return }
      state.connection = nil
      state.subject = nil
    }
  }
}

/// One connection of a connectable observable: disposing it disconnects and unsubscribes from the source.
final class ConnectableConnection: Cancelable {
  let subscription = SingleAssignmentDisposable()
  private let onDispose: LockedState<(@Sendable (ConnectableConnection) -> Void)?>

  init(onDispose: @escaping @Sendable (ConnectableConnection) -> Void) {
    self.onDispose = LockedState(onDispose)
  }

  var isDisposed: Bool { subscription.isDisposed }

  func dispose() {
    let onDispose = self.onDispose.withLock { handler in
      defer { handler = nil }
      return handler
    }
    guard let onDispose else { return }
    onDispose(self)
    subscription.dispose()
  }
}
