/// How long the subject behind `share(replay:scope:)` lives.
public enum SubjectLifetimeScope: Sendable {
  /// A connection (and its replay buffer) lives while it has subscribers; when the last one leaves, the source
  /// subscription is disposed and the buffer dropped. The next subscriber starts a new connection. A source
  /// that terminates ends its connection too.
  case whileConnected
  /// One subject for the lifetime of the shared observable: the source subscription is still disposed when
  /// the last subscriber leaves, but the replay buffer (and a terminal event) is kept for later subscribers.
  case forever
}

extension ObservableType {
  /// Shares one subscription to the source between all subscribers and replays the last `replay` elements to
  /// each new subscriber.
  ///
  /// The source is subscribed when the first subscriber arrives and disposed when the subscriber count drops
  /// to zero (see ``SubjectLifetimeScope`` for what happens next). Thread-safe; the source is never subscribed
  /// and no observer is called while the connection lock is held.
  ///
  /// - Precondition: `replay >= 0`.
  @inlinable
  public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
    requireArgument(replay >= 0, "share(replay:scope:): replay must be >= 0, got \(replay)")
    // The multicast step is built here so that the client specialises `SubjectCore.on` (inlinable) for its element
    // type: in Ferry's generic code it looks up generic metadata many times per element.
    return ShareObservable(source: asObservable(), replay: replay, scope: scope) { core, event, detach in
      switch event {
      case .next:
        core.on(event)
        return false
      case .error, .completed:
        detach()
        core.on(event)
        return true
      }
    }
  }
}

/// The shared observable: a reference-counted connection to the source, multicast through a `SubjectCore`.
@usableFromInline
final class ShareObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: the current connection and its subscriber count are in `state` (a `LockedState`); the rest is
  // immutable.
  /// Sends one source event to the connection's subject; for a stop event, calls its third argument (detach the
  /// connection) first and returns `true` (then the source subscription is disposed).
  @usableFromInline
  typealias Multicast = @Sendable (SubjectCore<Element>, Event<Element>, () -> Void) -> Bool

  let source: Observable<Element>
  let multicast: Multicast
  let policy: ReplayPolicy
  let scope: SubjectLifetimeScope
  /// The subject kept for `.forever`; `nil` for `.whileConnected` (a new one per connection).
  let foreverCore: SubjectCore<Element>?
  let state = LockedState<ShareConnection<Element>?>(nil)

  @usableFromInline
  init(source: Observable<Element>, replay: Int, scope: SubjectLifetimeScope, multicast: @escaping Multicast) {
    self.source = source
    self.multicast = multicast
    switch replay {
    case 0: policy = .none
    // Like RxSwift's `ReplaySubject`: replays the elements, then a terminal event (`.latest` would drop them).
    default: policy = .buffer(replay)
    }
    self.scope = scope
    foreverCore = scope == .forever ? SubjectCore(policy: policy) : nil
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let (connection, shouldConnect): (ShareConnection<Element>, Bool) = state.withLock { current in
      if let connection = current {
        connection.count += 1
        return (connection, false)
      }
      let connection = ShareConnection(core: foreverCore ?? SubjectCore(policy: policy))
      connection.count = 1
      current = connection
      return (connection, true)
    }
    let subscription = connection.core.subscribe(observer)
    let handle = ShareSubscription(parent: self, connection: connection, subscription: subscription)
    if shouldConnect {
      if connection.core.isStopped {
        // `.forever` after the source terminated: the subscriber got the replay and the terminal event; the
        // source is not subscribed again.
        detach(connection)
      } else {
        connection.upstream.setDisposable(
          source.subscribe(ShareConnectionObserver(parent: self, connection: connection)))
      }
    }
    return handle
  }

  /// Removes one subscriber; disconnects when it was the last.
  func release(_ connection: ShareConnection<Element>) {
    let disconnect: Bool = state.withLock { current in
      guard current === connection else { return false }
      connection.count -= 1
      guard connection.count == 0 else { return false }
      current = nil
      return true
    }
    if disconnect { connection.upstream.dispose() }
  }

  /// Forgets `connection` (its source terminated) so that the next subscriber connects again.
  func detach(_ connection: ShareConnection<Element>) {
    state.withLock { current in
      if current === connection { current = nil }
    }
  }
}

/// One connection to the source.
final class ShareConnection<Element>: @unchecked Sendable {
  // @unchecked Sendable: `count` is only touched under the owning `ShareObservable`'s lock; `core` and `upstream` are
  // thread-safe.
  let core: SubjectCore<Element>
  let upstream = SingleAssignmentDisposable()
  var count = 0

  init(core: SubjectCore<Element>) { self.core = core }
}

/// Receives the source's events for one connection and multicasts them.
struct ShareConnectionObserver<Element>: ObserverType {
  let parent: ShareObservable<Element>
  let connection: ShareConnection<Element>

  func on(_ event: Event<Element>) {
    if parent.multicast(connection.core, event, { parent.detach(connection) }) {
      connection.upstream.dispose()
    }
  }
}

/// One subscriber's subscription to a shared observable.
final class ShareSubscription<Element>: Cancelable, @unchecked Sendable {
  // @unchecked Sendable: `parts` is written once in `init` and afterwards read and cleared only by the single caller
  // that wins `disposed.setOnce()`, so a disposed subscription keeps nothing alive.
  private var parts:
    (parent: ShareObservable<Element>, connection: ShareConnection<Element>, subscription: any Disposable)?
  private let disposed = AtomicWord.make()

  init(parent: ShareObservable<Element>, connection: ShareConnection<Element>, subscription: any Disposable) {
    parts = (parent, connection, subscription)
  }

  var isDisposed: Bool { disposed.load() != 0 }

  func dispose() {
    guard disposed.setOnce(), let parts else { return }
    self.parts = nil
    parts.subscription.dispose()
    parts.parent.release(parts.connection)
  }
}
