/// An operator whose per-subscription work is in an ``OperatorStorage`` driving a state machine (see
/// `Docs/WritingAnOperator.md` for the list; the combining operators have their own observable,
/// ``CombiningObservable``): `run`, built in the operator's inlinable entry point, creates the storage and subscribes
/// the sources with handlers specialised in the client; this class only adds the observer-generic end, a
/// ``CoreSubscriptionSink``.
@usableFromInline
final class OperatorObservable<Result>: Observable<Result>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let run: @Sendable (any CoreSubscription<Result>) -> Void

  /// `run(host)` creates the core with `host` as its downstream, attaches it, and subscribes the sources (setting
  /// `host`'s upstream); it runs once per subscription.
  @usableFromInline
  init(run: @escaping @Sendable (any CoreSubscription<Result>) -> Void) {
    self.run = run
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Result {
    let sink = CoreSubscriptionSink(observer: observer)
    run(sink)
    return sink
  }
}

/// What a core-building `run` closure sees of its subscription: the downstream to deliver to, and the disposable
/// end (the upstream it owns, whether it is disposed, the core it closes on disposal).
@usableFromInline
protocol CoreSubscription<Result>: CoreDownstream {
  associatedtype Result

  /// Whether the subscription was disposed or has stopped (a source may stop it while it is being subscribed).
  var isDisposed: Bool { get }
  /// Attaches the subscription to the sources; disposed with it.
  func setUpstream(_ disposable: any Disposable)
  /// Attaches the core, closed on disposal. Called before any source is subscribed (so before any disposal).
  func attach(_ core: any ClosableCore)
  /// Ends the subscription without delivering anything (an operator that stops silently, as `skip(until:)` whose
  /// source completes before its trigger fires): the sources are disposed and the core closed.
  func dispose()
}

/// A core that stops delivering, and releases what it holds, when its subscription is disposed.
@usableFromInline
protocol ClosableCore: AnyObject, Sendable {
  /// Disposal: nothing more is stored or delivered; held elements and subscriptions are released outside the lock.
  func close()
}

/// The one downstream host of the core-based operators (``OperatorObservable``, `combineLatest`, `zip`): the
/// observer-generic end of the subscription, which forwards what its core delivers and closes the core on disposal.
final class CoreSubscriptionSink<Observer: ObserverType>: Sink<Observer>, CoreSubscription, @unchecked Sendable {
  // @unchecked Sendable: `core` is written once in `run`, before any source can reach the sink.
  typealias Result = Observer.Element

  /// Weak: the core holds the sink (the sources' observers hold the core), not the other way round.
  weak var core: (any ClosableCore)?

  func attach(_ core: any ClosableCore) { self.core = core }

  func deliverNext(_ event: Event<Observer.Element>) { forwardNextEvent(event) }

  func deliverError(_ error: any Swift.Error) { forwardError(error) }

  func deliverCompleted() { forwardCompleted() }

  override func disposeResources() { core?.close() }
}

/// The observer of an engine operator's source: forwards to the operator's handler, and tells a source whose element
/// loop runs inside `subscribe` (`repeatElement`, `from`, `range`) when the subscription, or an operator below it
/// such as `take(_:)`, has stopped, so that the loop stops before its next element — as the sink itself does when it
/// is the observer. (Otherwise like an ``AnyObserver`` of the handler.)
@usableFromInline
struct CoreSourceObserver<Element>: ObserverType {
  @usableFromInline let handler: @Sendable (Event<Element>) -> Void
  @usableFromInline let host: any DownstreamDisposalQuery

  /// Forwards to `handler`; `host` is the subscription's downstream end (the storage's `downstream`).
  @inlinable
  init(host: any DownstreamDisposalQuery, _ handler: @escaping @Sendable (Event<Element>) -> Void) {
    self.host = host
    self.handler = handler
  }

  @usableFromInline func on(_ event: Event<Element>) { handler(event) }

  /// Whether the subscription, or an observer below it, stopped.
  @usableFromInline var _isDownstreamDisposed: Bool { host.isDownstreamDisposed }
}
