/// The lock around a ``ValuesStateMachine``: the observer of one `values` subscription and the rendezvous with
/// its consumer.
///
/// Every input takes the lock once, asks the state machine what to do, and does it after unlocking (resuming a
/// continuation, disposing the subscription, releasing dropped elements). `Sendable` because its only state is
/// a `LockedState`.
///
/// The per-element paths (`on`, `next`, `wait`) are inlinable and the iterator creates the storage in inlinable
/// code, so they are specialised for the client's element type: compiled once in Ferry, they would look up the
/// generic metadata of the state machine and its actions on every element.
@usableFromInline
final class ValuesStorage<Element: Sendable>: Sendable {
  @usableFromInline let state: LockedState<ValuesStateMachine<Element>>

  @inlinable
  init(limit: ValuesBufferingPolicy) {
    state = LockedState(ValuesStateMachine(limit: limit))
  }

  /// Receives the source's events (through the closure observer the iterator subscribes: not an `ObserverType`,
  /// so that nothing subscribes it directly and lands on the unspecialised path).
  @inlinable
  func on(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      let action = state.withLock { $0.received(element) }
      switch action {
      case .none, .discard: break
      case .resume(let continuation, let element): continuation.resume(returning: .element(element))
      }
    case .error(let error):
      terminate(error: error)
    case .completed:
      terminate(error: nil)
    }
  }

  @usableFromInline
  func terminate(error: (any Swift.Error)?) {
    let action = state.withLock { $0.terminated(error: error) }
    switch action {
    case .release: break
    case .resume(let continuation, let result, _): continuation.resume(returning: result)
    }
  }

  /// Stores the subscription, or disposes it if the iteration already ended.
  @usableFromInline
  func subscribed(_ disposable: any Disposable) {
    let action = state.withLock { $0.subscribed(disposable) }
    if case .dispose(let disposable) = action { disposable.dispose() }
  }

  /// Pulls one element (bounded policies) or the whole buffer (unbounded) without suspending.
  @inlinable
  func next(batchInto local: inout FIFOBuffer<Element>, batch: Bool) -> ValuesStateMachine<Element>.NextAction {
    if batch {
      return state.withLock { $0.nextBatch(into: &local) }
    }
    return state.withLock { $0.next() }
  }

  /// Suspends until an element or the terminal event arrives, or the task is cancelled (which ends the live
  /// subscription and returns `.cancelled`).
  @inlinable
  func wait(isolation actor: isolated (any Actor)?) async -> ValuesResult<Element> {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: ValuesStateMachine<Element>.Continuation) in
        let action = state.withLock { $0.suspend(continuation) }
        if case .resume(let continuation, let result) = action { continuation.resume(returning: result) }
      }
    } onCancel: {
      self.cancel()
    }
  }

  /// The consuming task was cancelled: if the source is still live, disposes the subscription, then resumes a
  /// suspended consumer with `.cancelled` (otherwise the next pull gets it). Idempotent.
  ///
  /// - Returns: whether a live subscription was ended (the consumer then drops the elements it batched).
  @usableFromInline
  @discardableResult
  func cancel() -> Bool {
    let action = state.withLock { $0.cancelled() }
    action.subscription?.dispose()
    action.continuation?.resume(returning: .cancelled)
    // `action.buffer` (the elements that were never pulled) is released here, outside the lock.
    return action.interrupted
  }

  /// The iterator was dropped: disposes the subscription if it is live and releases the buffer. Idempotent.
  @usableFromInline
  func release() {
    let action = state.withLock { $0.released() }
    action.subscription?.dispose()
    action.continuation?.resume(returning: .end)
  }
}
