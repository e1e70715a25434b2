extension PrimitiveSequence where Trait == SingleTrait, Element: Sendable {
  /// The element of the single, awaited.
  ///
  /// Subscribes when awaited (each `await` is its own subscription). Cancelling the awaiting task disposes the
  /// subscription and throws `CancellationError`; in a task already cancelled, a trait that finishes inside
  /// `subscribe` still gives its outcome (as RxSwift). A single that completes without an element (which a
  /// well-formed single cannot do) throws ``RxError/noElements``.
  ///
  /// Inlinable, as the state machine behind it: run as Ferry's generic code, every type it touches (the
  /// continuation, the state machine's enums, the lock's buffer) looked up its metadata on each await.
  @inlinable
  public var value: Element {
    get async throws {
      if let just = source as? JustObservable<Element> { return just.element }
      if let failure = source as? ErrorObservable<Element> { throw failure.error }
      guard let element = try await awaitTraitValue(source) else { throw RxError.noElements }
      return element
    }
  }
}

extension PrimitiveSequence where Trait == MaybeTrait, Element: Sendable {
  /// The element of the maybe, or `nil` if it completes without one, awaited.
  ///
  /// Subscribes when awaited (each `await` is its own subscription). Cancelling the awaiting task disposes the
  /// subscription and throws `CancellationError`; in a task already cancelled, a trait that finishes inside
  /// `subscribe` still gives its outcome (as RxSwift).
  ///
  /// Inlinable, as `Single`'s `value`.
  @inlinable
  public var value: Element? {
    get async throws {
      if let just = source as? JustObservable<Element> { return just.element }
      return try await awaitTraitValue(source)
    }
  }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
  /// Awaits the completion of the completable; throws its error.
  ///
  /// Subscribes when awaited (each `await` is its own subscription). Cancelling the awaiting task disposes the
  /// subscription and throws `CancellationError`; in a task already cancelled, a trait that finishes inside
  /// `subscribe` still gives its outcome (as RxSwift).
  ///
  /// Inlinable, as `Single`'s `value`.
  @inlinable
  public var value: Void {
    get async throws {
      _ = try await awaitTraitValue(source)
    }
  }
}

/// Subscribes to `source` and returns its first element, or `nil` if it completes first; throws its error, or
/// `CancellationError` when the task is cancelled (the subscription is then disposed).
///
/// The continuation is resumed exactly once — whoever takes it out of the state machine under the lock
/// resumes it, after releasing the lock — so it can be an `UnsafeContinuation` (a checked one allocates a
/// canary per await). No closure is passed in: a closure formed in the traits' generic code captures their type
/// metadata in a heap context, and a boxed `any Error` built in advance for "completed empty" is an allocation
/// per await too.
@inlinable
func awaitTraitValue<Element: Sendable>(_ source: Observable<Element>) async throws -> Element? {
  let state = LockedState(TraitValueStateMachine<Element?>())
  return try await withTaskCancellationHandler {
    try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Element?, any Swift.Error>) in
      switch state.withLock({ $0.start(continuation) }) {
      case .resumeCancelled(let continuation):
        // Already cancelled: a trait that finishes inside `subscribe` (`Maybe.empty()`, a completed `Completable`)
        // still gives its outcome, as RxSwift's `value` does; any other throws `CancellationError` at once.
        continuation.resume(with: synchronousTraitOutcome(source) ?? .failure(CancellationError()))
      case .subscribe:
        let subscription = source.subscribe(TraitValueObserver(state: state))
        if case .dispose = state.withLock({ $0.subscribed(subscription) }) {
          subscription.dispose()
        }
      }
    }
  } onCancel: {
    if let (continuation, subscription) = state.withLock({ $0.cancel() }) {
      subscription?.dispose()
      continuation.resume(throwing: CancellationError())
    }
  }
}

/// The outcome of `source` if it finishes inside `subscribe`, or `nil` (the subscription is then disposed).
@usableFromInline
func synchronousTraitOutcome<Element: Sendable>(_ source: Observable<Element>) -> Result<Element?, any Swift.Error>? {
  let outcome = LockedState<Result<Element?, any Swift.Error>?>(nil)
  let subscription = source.subscribe { event in
    outcome.withLock { current in
      guard current == nil else { return }
      switch event {
      case .next(let element): current = .success(element)
      case .error(let error): current = .failure(error)
      case .completed: current = .success(nil)
      }
    }
  }
  subscription.dispose()
  return outcome.withLock { $0 }
}

/// Receives the events of the subscription behind `awaitTraitValue`; the first one decides the outcome.
///
/// The source calls `on(_:)` from Ferry's generic code, through the conformance's unspecialised witness; so `on`
/// only calls `handler`, which `init` (inlinable, so run where `Element` is known) sets to the specialised
/// ``handle(_:_:)``. A capture-less closure: no allocation.
@usableFromInline
struct TraitValueObserver<Element: Sendable>: ObserverType {
  @usableFromInline typealias State = LockedState<TraitValueStateMachine<Element?>>
  @usableFromInline let state: State
  @usableFromInline let handler: @Sendable (State, Event<Element>) -> Void

  @inlinable init(state: State) {
    self.state = state
    handler = { state, event in Self.handle(state, event) }
  }

  @inlinable func on(_ event: Event<Element>) { handler(state, event) }

  @inlinable
  static func handle(_ state: State, _ event: Event<Element>) {
    guard let (continuation, subscription) = state.withLock({ $0.finish() }) else { return }
    subscription?.dispose()
    switch event {
    case .next(let element): continuation.resume(returning: element)
    case .error(let error): continuation.resume(throwing: error)
    case .completed: continuation.resume(returning: nil)
    }
  }
}

/// The state of one `await` of a trait's `value`: which of start, outcome and cancellation came first.
///
/// Every method returns what the caller must do after releasing the lock; a continuation leaves the state
/// exactly once, so it is resumed exactly once.
@usableFromInline
struct TraitValueStateMachine<Output: Sendable> {
  @usableFromInline typealias Continuation = UnsafeContinuation<Output, any Swift.Error>

  @usableFromInline enum State {
    /// Before the continuation exists.
    case initial
    /// Subscribed or subscribing (`subscription` is `nil` until `subscribe` has returned).
    case waiting(Continuation, subscription: (any Disposable)?)
    /// The outcome was delivered.
    case finished
    /// The task was cancelled.
    case cancelled
  }

  @usableFromInline var state = State.initial

  @inlinable init() {}

  /// What to do with a new continuation.
  @usableFromInline enum StartAction {
    /// Subscribe to the source, then report the subscription with `subscribed(_:)`.
    case subscribe
    /// The task was already cancelled: resume with `CancellationError` without subscribing.
    case resumeCancelled(Continuation)
  }

  /// What to do with the subscription once `subscribe` has returned.
  @usableFromInline enum SubscribedAction {
    /// Keep it: the outcome is still awaited.
    case keep
    /// Dispose it: the outcome arrived during `subscribe`, or the task was cancelled meanwhile.
    case dispose
  }

  /// The continuation is ready.
  @inlinable mutating func start(_ continuation: Continuation) -> StartAction {
    switch state {
    case .initial:
      state = .waiting(continuation, subscription: nil)
      return .subscribe
    case .cancelled:
      return .resumeCancelled(continuation)
    case .waiting, .finished:
      preconditionFailure("Internal inconsistency: trait value started twice")
    }
  }

  /// `subscribe` returned `subscription`.
  @inlinable mutating func subscribed(_ subscription: any Disposable) -> SubscribedAction {
    switch state {
    case .waiting(let continuation, nil):
      state = .waiting(continuation, subscription: subscription)
      return .keep
    case .finished, .cancelled:
      return .dispose
    case .initial, .waiting:
      preconditionFailure("Internal inconsistency: trait value subscribed before start or twice")
    }
  }

  /// The source produced its outcome: returns the continuation to resume and the subscription to dispose, or
  /// `nil` if the outcome was already decided.
  @inlinable mutating func finish() -> (Continuation, (any Disposable)?)? {
    switch state {
    case .waiting(let continuation, let subscription):
      state = .finished
      return (continuation, subscription)
    case .finished, .cancelled:
      return nil
    case .initial:
      preconditionFailure("Internal inconsistency: trait value event before subscription")
    }
  }

  /// The task was cancelled: returns the continuation to resume with `CancellationError` and the subscription
  /// to dispose, or `nil` if there is nothing to resume (not started yet, or already decided).
  @inlinable mutating func cancel() -> (Continuation, (any Disposable)?)? {
    switch state {
    case .initial:
      state = .cancelled
      return nil
    case .waiting(let continuation, let subscription):
      state = .cancelled
      return (continuation, subscription)
    case .finished, .cancelled:
      return nil
    }
  }
}
