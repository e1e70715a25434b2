/// What one pull of a `values` iterator produced.
@usableFromInline
enum ValuesResult<Element> {
  /// The next element.
  case element(Element)
  /// The end of the sequence: the source completed (or the iteration is over).
  case end
  /// The source failed.
  case failure(any Swift.Error)
  /// The iteration was cancelled while the source was still live: a throwing sequence throws `CancellationError`,
  /// a non-throwing one ends.
  case cancelled
}

extension ValuesResult: Sendable where Element: Sendable {}

/// The state of one `values` iteration: the subscription, the buffer, the waiting consumer and the terminal event.
///
/// A value type with one `mutating` method per input; each returns what the caller must do *after* leaving the
/// lock (resume a continuation, dispose a subscription, release elements). Invariants:
/// - a consumer waits (`active(waiting: c)`) only while the buffer is empty;
/// - the terminal event is handed out after every buffered element, exactly once, and then the state is `done`;
/// - cancellation ends only a live subscription: it drops the buffer and the cancellation is handed out exactly once
///   instead of a terminal event; once the source has terminated, cancelling changes nothing;
/// - `done` and `cancelled` hold no subscription, no continuation and no element.
@usableFromInline
struct ValuesStateMachine<Element> {
  @usableFromInline typealias Continuation = UnsafeContinuation<ValuesResult<Element>, Never>

  @usableFromInline enum State {
    /// Subscribing or subscribed; `waiting` is the consumer suspended in `next()`, if any.
    case active(waiting: Continuation?)
    /// The source terminated; the buffered elements are still to be handed out, then `result`.
    case finished(result: ValuesResult<Element>)
    /// Cancelled while the source was live and no consumer waited: the next pull gets `.cancelled`.
    case cancelled
    /// Over: the terminal result was handed out, or the iteration was cancelled.
    case done
  }

  /// What to do after the subscription's disposable is known.
  @usableFromInline enum SubscribedAction {
    /// Keep it (it is stored).
    case none
    /// The iteration already ended: dispose it.
    case dispose(any Disposable)
  }

  /// What to do after an element arrived.
  @usableFromInline enum ReceiveAction {
    /// Buffered.
    case none
    /// Hand the element straight to the waiting consumer.
    case resume(Continuation, Element)
    /// The policy dropped this element; release it outside the lock.
    case discard(Element)
  }

  /// What to do after the source terminated.
  @usableFromInline enum TerminateAction {
    /// Release the subscription reference (outside the lock).
    case release((any Disposable)?)
    /// Resume the waiting consumer with the terminal result, and release the subscription reference.
    case resume(Continuation, ValuesResult<Element>, (any Disposable)?)
  }

  /// What a pull without suspending found.
  @usableFromInline enum NextAction {
    /// An element to return at once.
    case element(Element)
    /// The terminal result (or `.end` once over).
    case result(ValuesResult<Element>)
    /// Nothing yet: suspend, then call `suspend(_:)`.
    case suspend
  }

  /// What to do after the consumer offered a continuation.
  @usableFromInline enum SuspendAction {
    /// Stored; it will be resumed by a later input.
    case none
    /// Resume it at once with this result.
    case resume(Continuation, ValuesResult<Element>)
  }

  /// What to do after the iteration was cancelled (task cancelled, loop left, iterator dropped).
  @usableFromInline struct CancelAction {
    /// Whether a live subscription was cancelled (the consumer drops what it batched); `false` when the source had
    /// already terminated or the iteration was already over or cancelled.
    var interrupted: Bool
    /// A suspended consumer to resume with `.cancelled`.
    var continuation: Continuation?
    /// The subscription to dispose.
    var subscription: (any Disposable)?
    /// The elements that were still buffered, to release outside the lock.
    var buffer: FIFOBuffer<Element>
  }

  @usableFromInline let limit: ValuesBufferingPolicy
  @usableFromInline var state = State.active(waiting: nil)
  @usableFromInline var subscription: (any Disposable)?
  @usableFromInline var buffer = FIFOBuffer<Element>()

  @usableFromInline
  init(limit: ValuesBufferingPolicy) {
    self.limit = limit
  }

  /// Whether the iteration is over (terminal handed out or cancelled).
  var isDone: Bool {
    if case .done = state { return true }
    return false
  }

  /// Whether a consumer is suspended waiting for an element.
  var hasWaitingConsumer: Bool {
    if case .active(waiting: .some) = state { return true }
    return false
  }

  /// The subscription's disposable became known (after `subscribe` returned).
  @usableFromInline
  mutating func subscribed(_ disposable: any Disposable) -> SubscribedAction {
    switch state {
    case .active:
      subscription = disposable
      return .none
    case .finished, .cancelled, .done:
      return .dispose(disposable)
    }
  }

  /// The source sent an element.
  @inlinable
  mutating func received(_ element: Element) -> ReceiveAction {
    switch state {
    case .active(let waiting?):
      precondition(buffer.isEmpty, "Internal inconsistency: a consumer waits while elements are buffered")
      state = .active(waiting: nil)
      return .resume(waiting, element)
    case .active(waiting: nil):
      guard let dropped = buffer.append(element, bufferingPolicy: limit) else { return .none }
      return .discard(dropped)
    case .finished, .cancelled, .done:
      // Late delivery racing a disposal on another thread (or a source breaking the grammar): dropped.
      return .discard(element)
    }
  }

  /// The source terminated: `error == nil` is completion.
  @usableFromInline
  mutating func terminated(error: (any Swift.Error)?) -> TerminateAction {
    let result: ValuesResult<Element> = error.map { .failure($0) } ?? .end
    switch state {
    case .active(let waiting?):
      precondition(buffer.isEmpty, "Internal inconsistency: a consumer waits while elements are buffered")
      state = .done
      return .resume(waiting, result, takeSubscription())
    case .active(waiting: nil):
      state = .finished(result: result)
      return .release(takeSubscription())
    case .finished, .cancelled, .done:
      // A cancellation came first: it is what the consumer gets.
      return .release(nil)
    }
  }

  /// The consumer pulls one element without suspending.
  @inlinable
  mutating func next() -> NextAction {
    if let element = buffer.popFirst() { return .element(element) }
    return nextWhenEmpty()
  }

  /// The consumer pulls every buffered element at once: swaps the buffer with `local` (which must be empty) and
  /// returns the first one. Used by the unbounded policy, where taking a batch changes nothing observable.
  @inlinable
  mutating func nextBatch(into local: inout FIFOBuffer<Element>) -> NextAction {
    precondition(local.isEmpty, "Internal inconsistency: nextBatch(into:) with a non-empty local buffer")
    if !buffer.isEmpty {
      swap(&buffer, &local)
      return .element(local.popFirst()!)
    }
    return nextWhenEmpty()
  }

  @inlinable
  mutating func nextWhenEmpty() -> NextAction {
    switch state {
    case .active(waiting: nil):
      return .suspend
    case .active:
      preconditionFailure("Internal inconsistency: next() while another next() is suspended")
    case .finished(let result):
      state = .done
      return .result(result)
    case .cancelled:
      state = .done
      return .result(.cancelled)
    case .done:
      return .result(.end)
    }
  }

  /// The consumer suspended with `continuation` after `next()` said `.suspend`.
  @inlinable
  mutating func suspend(_ continuation: Continuation) -> SuspendAction {
    if let element = buffer.popFirst() { return .resume(continuation, .element(element)) }
    switch state {
    case .active(waiting: nil):
      state = .active(waiting: continuation)
      return .none
    case .active:
      preconditionFailure("Internal inconsistency: two consumers suspended on one values iterator")
    case .finished(let result):
      state = .done
      return .resume(continuation, result)
    case .cancelled:
      state = .done
      return .resume(continuation, .cancelled)
    case .done:
      return .resume(continuation, .end)
    }
  }

  /// The consuming task was cancelled. Ends a live subscription: a waiting consumer is resumed with `.cancelled`,
  /// otherwise the next pull gets it. Once the source has terminated it changes nothing: the buffered elements and
  /// the terminal event are still handed out. Idempotent.
  @usableFromInline
  mutating func cancelled() -> CancelAction {
    guard case .active(let waiting) = state else {
      return CancelAction(interrupted: false, continuation: nil, subscription: nil, buffer: FIFOBuffer())
    }
    return end(becoming: waiting == nil ? .cancelled : .done)
  }

  /// The iterator was dropped (the loop was left, or the iterator went out of scope): the iteration is over,
  /// whatever its state. Idempotent.
  @usableFromInline
  mutating func released() -> CancelAction {
    end(becoming: .done)
  }

  /// Moves to `next`, handing out what the caller releases after the lock: a live subscription and its waiting
  /// consumer (`interrupted`), and the buffer.
  @usableFromInline
  mutating func end(becoming next: State) -> CancelAction {
    var action = CancelAction(interrupted: false, continuation: nil, subscription: nil, buffer: FIFOBuffer())
    if case .active(let waiting) = state {
      action.interrupted = true
      action.continuation = waiting
      action.subscription = takeSubscription()
    }
    state = next
    swap(&action.buffer, &buffer)
    return action
  }

  @inlinable
  mutating func takeSubscription() -> (any Disposable)? {
    defer { subscription = nil }
    return subscription
  }
}
