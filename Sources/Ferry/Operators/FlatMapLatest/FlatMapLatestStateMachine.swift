/// The state of one `flatMapLatest` (or `switchLatest`) subscription: which inner sequence is the latest, whether it
/// and the outer sequence still run, and the latest inner sequence's subscription.
///
/// Each element of the outer sequence makes a new inner sequence the latest under a new id; the previous one's
/// subscription is handed back to be disposed, after the lock, before the new one is subscribed to (RxSwift's
/// order). Events of any other inner sequence than the latest are ignored. The result completes when the outer
/// sequence and the latest inner sequence have completed; the first error ends it.
@usableFromInline
struct FlatMapLatestStateMachine<Result>: OperatorStateMachine {
  @usableFromInline typealias Output = Result

  @usableFromInline
  enum State {
    /// The outer sequence may still emit; no inner sequence runs (none came yet, or the latest completed).
    case idle
    /// The outer sequence may still emit; inner sequence ``latest`` runs.
    case running
    /// The outer sequence completed; inner sequence ``latest`` runs, and the result completes when it does.
    case lastInner
    /// A terminal event was decided, or the subscription was disposed: every input is ignored.
    case stopped
  }

  @usableFromInline var state = State.idle
  /// The id of the latest inner sequence (0: none yet). Beside the state rather than in its cases, so that the
  /// state is a plain byte and ids keep counting up across `idle`: an inner sequence superseded or completed never
  /// matches again.
  @usableFromInline var latest: UInt64 = 0
  /// The latest inner sequence's subscription, once `subscribe` has returned it, until the next inner sequence
  /// replaces it or disposal (it stays after the sequence completed or the result stopped). Beside the state rather
  /// than in a case's payload: an existential in an enum payload is copied and tested through runtime value witnesses.
  @usableFromInline var subscription: (any Disposable)?

  @inlinable
  init() {}

  /// What to do after the outer sequence emitted.
  @usableFromInline
  enum OuterNextAction {
    /// Dispose the superseded inner sequence's subscription (handed back through `previous`), then subscribe to the
    /// new inner sequence under `id` — both after the lock, in that order.
    case subscribe(id: UInt64)
    /// Stopped (or the outer sequence already completed): nothing to do.
    case ignore
  }

  /// The outer sequence emitted an element, whose inner sequence the caller has made: it becomes the latest. The
  /// previous inner sequence's subscription, if one was kept, is moved to `previous` (`inout` rather than in the
  /// action: an optional existential in a returned enum is copied and destroyed through runtime value witnesses).
  @inlinable
  mutating func outerNext(previous: inout (any Disposable)?) -> OuterNextAction {
    switch state {
    case .idle, .running:
      state = .running
      latest &+= 1
      swap(&previous, &subscription)
      return .subscribe(id: latest)
    // An element after the outer sequence's completion: a misbehaving source, ignored.
    case .lastInner, .stopped: return .ignore
    }
  }

  /// What to do with a new inner subscription once `subscribe` returned it.
  @usableFromInline
  enum SubscribedAction {
    /// Kept while the inner sequence runs.
    case kept
    /// The inner sequence completed inside `subscribe`: nothing to keep; the caller releases the subscription.
    case release
    /// A newer inner sequence came (re-entrantly, from this one's delivery), or the result stopped: the caller
    /// disposes the subscription.
    case dispose
  }

  /// Inner sequence `id` was subscribed to: its subscription is kept if it is still the latest and running, else
  /// left with the caller. (Taken as a non-optional value and copied when kept: the caller's optional existential
  /// would be destroyed through runtime value witnesses.)
  @inlinable
  mutating func subscribed(_ id: UInt64, subscription: any Disposable) -> SubscribedAction {
    guard id <= latest else {
      preconditionFailure("Internal inconsistency: flatMapLatest subscribed an inner sequence it never made")
    }
    switch state {
    case .running, .lastInner:
      guard id == latest else { return .dispose }
      self.subscription = subscription
      return .kept
    case .idle: return id == latest ? .release : .dispose
    case .stopped: return .dispose
    }
  }

  /// An element of inner sequence `id`: delivered if it is the latest and running.
  @inlinable
  func innerNext(_ element: Result, id: UInt64) -> OperatorEmission<Result> {
    switch state {
    case .running, .lastInner: id == latest ? .event(.next(element)) : .nothing
    case .idle, .stopped: .nothing
    }
  }

  /// Inner sequence `id` completed: if it is the latest, no inner sequence runs any more, and the result completes
  /// if the outer sequence has. Its subscription stays until the next inner sequence replaces it or disposal (both
  /// dispose it after the lock), so that a completion hands nothing back.
  @inlinable
  mutating func innerCompleted(_ id: UInt64) -> OperatorEmission<Result> {
    guard id == latest else { return .nothing }
    switch state {
    case .running:
      state = .idle
      return .nothing
    case .lastInner:
      state = .stopped
      return .event(.completed)
    // Completed twice (a misbehaving source), or stopped: nothing.
    case .idle, .stopped: return .nothing
    }
  }

  /// Inner sequence `id` failed: the first terminal event is delivered if it is the latest and running.
  @inlinable
  mutating func innerFailed(_ error: any Swift.Error, id: UInt64) -> OperatorEmission<Result> {
    switch state {
    case .running, .lastInner:
      guard id == latest else { return .nothing }
      return failed(error)
    case .idle, .stopped: return .nothing
    }
  }

  /// The outer sequence completed: the result completes now if no inner sequence runs, else when the latest does.
  @inlinable
  mutating func outerCompleted() -> OperatorEmission<Result> {
    switch state {
    case .idle:
      state = .stopped
      return .event(.completed)
    case .running:
      state = .lastInner
      return .nothing
    // Completed twice (a misbehaving source), or stopped: nothing.
    case .lastInner, .stopped: return .nothing
    }
  }

  /// An error from the outer sequence or the selector: the first terminal event is delivered. The latest inner
  /// subscription stays until disposal, which the delivered error brings.
  @inlinable
  mutating func failed(_ error: any Swift.Error) -> OperatorEmission<Result> {
    if case .stopped = state { return .nothing }
    state = .stopped
    return .event(.error(error))
  }

  /// Disposal: hands back the latest inner subscription, disposed after the lock.
  @inlinable
  mutating func close() -> (any Disposable)? {
    state = .stopped
    var kept: (any Disposable)? = nil
    swap(&kept, &subscription)
    return kept
  }

  /// After the lock: disposes the latest inner subscription, if one was kept.
  @inlinable
  static func finish(_ leftovers: (any Disposable)?) {
    leftovers?.dispose()
  }
}
