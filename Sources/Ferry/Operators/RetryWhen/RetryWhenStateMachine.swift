/// The state of one `retry(when:)` subscription: whether the source runs or its error waits for the trigger (the
/// sequence the notification handler made of the errors), the trigger's stop event if it stopped while the source
/// ran, and the source's subscription.
///
/// The trigger is heard only while an error waits for it: its element resubscribes to the source, its completion or
/// error ends the result. Its elements while the source runs are ignored; its stop event then is kept, and ends the
/// result at the source's next retryable error instead of waiting. An error the notification handler does not take
/// (`retryable: false`), and the source's completion, end the result at once.
///
/// One thread at a time subscribes to the source, in a loop: a trigger element that comes while a subscription is
/// being made (the source failed inside `subscribe`, the trigger answered at once) leaves the resubscription to the
/// thread making it, which serves it when `subscribe` returns, so a hundred thousand synchronous retries do not grow
/// the stack.
@usableFromInline
struct RetryWhenStateMachine<Element>: OperatorStateMachine {
  @usableFromInline typealias Output = Element

  @usableFromInline
  enum State {
    /// The source runs, or is being subscribed to: the trigger's elements are ignored.
    case running
    /// The source runs and the trigger has stopped: the source's next retryable error delivers this stop event
    /// (`.completed` or `.error`) of the trigger.
    case triggerStopped(Event<Element>)
    /// The source failed with a retryable error, which was passed to the trigger: the trigger's next event decides.
    case waiting
    /// A terminal event was decided, or the subscription was disposed: every input is ignored.
    case stopped
  }

  /// What to do after an input.
  @usableFromInline
  enum Action: OperatorAction {
    /// Deliver this stop event.
    case deliver(Event<Element>)
    /// Pass the source's error to the sequence of errors given to the notification handler.
    case notify
    /// Subscribe to the source again, in a loop, after disposing `disposing` (the subscription of the source that
    /// failed): this thread runs the subscription loop.
    case subscribe(disposing: (any Disposable)?)
    /// Nothing to do.
    case ignore

    /// The events this action delivers.
    @inlinable @inline(__always)
    var emission: OperatorEmission<Element> {
      if case .deliver(let event) = self { return .event(event) }
      return .nothing
    }
  }

  @usableFromInline var state = State.running
  /// A thread is subscribing to the source (the first subscription starts so): a trigger element meanwhile leaves
  /// the resubscription to it. Beside the state, since the source can fail while its subscription is being made.
  @usableFromInline var subscribing = true
  /// The trigger asked for a resubscription while a subscription was being made.
  @usableFromInline var resubscribes = false
  /// The source's subscription, kept once made until the next replaces it or the subscription is disposed.
  @usableFromInline var current: (any Disposable)?

  @inlinable
  init() {}

  /// The subscription loop made a subscription to the source: it is kept (taken out of `subscription`), unless the
  /// result has stopped, when it is left there, to be disposed after the lock. Returns `.subscribe` when the trigger
  /// asked for another meanwhile (the source failed inside `subscribe`): the loop goes on, disposing the failed one.
  @inlinable
  mutating func subscribed(_ subscription: inout (any Disposable)?) -> Action {
    guard subscribing else {
      preconditionFailure("Internal inconsistency: retry(when:) subscribed to its source outside its subscription loop")
    }
    if case .stopped = state {
      subscribing = false
      return .ignore
    }
    guard !resubscribes else {
      resubscribes = false
      return .subscribe(disposing: subscription.take())
    }
    subscribing = false
    swap(&current, &subscription)
    return .ignore
  }

  /// An element of the source: delivered while the source runs.
  @inlinable
  mutating func sourceNext(_ element: Element) -> OperatorEmission<Element> {
    switch state {
    case .running, .triggerStopped: return .event(.next(element))
    // A source that emits after its error, or after the result stopped, is ignored.
    case .waiting, .stopped: return .nothing
    }
  }

  /// The source failed: a retryable error (one of the notification handler's error type) waits for the trigger,
  /// or ends the result with the trigger's stop event if the trigger has stopped; any other error ends the result.
  @inlinable
  mutating func sourceFailed(_ error: any Swift.Error, retryable: Bool) -> Action {
    switch state {
    case .waiting, .stopped: return .ignore
    case .running:
      guard retryable else {
        state = .stopped
        return .deliver(.error(error))
      }
      state = .waiting
      return .notify
    case .triggerStopped(let stop):
      state = .stopped
      return .deliver(retryable ? stop : .error(error))
    }
  }

  /// The source completed: so does the result.
  @inlinable
  mutating func sourceCompleted() -> Action {
    switch state {
    case .waiting, .stopped: return .ignore
    case .running, .triggerStopped:
      state = .stopped
      return .deliver(.completed)
    }
  }

  /// An element of the trigger: resubscribes if an error waits for it (in the subscription loop already running,
  /// if one is), else it is ignored.
  @inlinable
  mutating func triggerNext() -> Action {
    guard case .waiting = state else { return .ignore }
    state = .running
    if subscribing {
      resubscribes = true
      return .ignore
    }
    subscribing = true
    var failed: (any Disposable)? = nil
    swap(&failed, &current)
    return .subscribe(disposing: failed)
  }

  /// The trigger failed: the result fails now if an error waits for the trigger, else at the source's next
  /// retryable error.
  @inlinable
  mutating func triggerFailed(_ error: any Swift.Error) -> Action {
    triggerStopped(.error(error))
  }

  /// The trigger completed: the result completes now if an error waits for the trigger, else at the source's next
  /// retryable error.
  @inlinable
  mutating func triggerCompleted() -> Action {
    triggerStopped(.completed)
  }

  @inlinable
  mutating func triggerStopped(_ stop: Event<Element>) -> Action {
    switch state {
    case .waiting:
      state = .stopped
      return .deliver(stop)
    case .running:
      state = .triggerStopped(stop)
      return .ignore
    // The trigger stops once; after the result stopped nothing matters.
    case .triggerStopped, .stopped: return .ignore
    }
  }

  /// Disposal: hands back the source's subscription.
  @inlinable
  mutating func close() -> (any Disposable)? {
    state = .stopped
    var released: (any Disposable)? = nil
    swap(&released, &current)
    return released
  }

  /// After the lock: disposes the source's subscription.
  @inlinable
  static func finish(_ leftovers: (any Disposable)?) {
    leftovers?.dispose()
  }
}
