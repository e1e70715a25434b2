/// The state of one `debounce` subscription: the pending element and which timer may emit it.
///
/// Each element replaces the pending one and starts a new timer, identified by a counter so that only the timer
/// of the latest element emits it; completion emits the pending element before completing; an error drops it.
@usableFromInline
struct DebounceStateMachine<Element>: OperatorStateMachine {
  @usableFromInline typealias Output = Element

  @usableFromInline
  enum State {
    /// No element is pending.
    case idle
    /// `element` waits for the timer identified by `timer`.
    case pending(Element, timer: UInt64)
    /// A terminal event was decided, or the subscription was disposed: every input is ignored.
    case stopped
  }

  /// What to do after an element arrived.
  @usableFromInline
  enum NextAction {
    /// Start the timer identified by `id` (replacing the previous one); release `replaced` after the lock.
    case startTimer(id: UInt64, replaced: Element?)
    /// Stopped: nothing to do.
    case ignore
  }

  /// What to do after a timer fired, the source completed, or failed.
  @usableFromInline typealias EmitAction = HeldElementAction<Element>

  @usableFromInline var state = State.idle
  /// The identifier of the latest timer started.
  @usableFromInline var lastTimer: UInt64 = 0

  @inlinable init() {}

  /// An element: it becomes the pending one and a new timer starts for it.
  @inlinable
  mutating func next(_ element: Element) -> NextAction {
    let replaced: Element?
    switch state {
    case .stopped: return .ignore
    case .idle: replaced = nil
    case .pending(let previous, _): replaced = previous
    }
    lastTimer &+= 1
    state = .pending(element, timer: lastTimer)
    return .startTimer(id: lastTimer, replaced: replaced)
  }

  /// The timer `id` fired: the pending element is emitted if that timer was started for it.
  @inlinable
  mutating func timerFired(_ id: UInt64) -> EmitAction {
    guard case .pending(let element, let timer) = state, timer == id else { return .ignore }
    state = .idle
    return .emit(element)
  }

  /// The source completed: the pending element, if any, is emitted before the completion.
  @inlinable
  mutating func completed() -> EmitAction {
    switch state {
    case .stopped: return .ignore
    case .idle:
      state = .stopped
      return .complete
    case .pending(let element, _):
      state = .stopped
      return .emitThenComplete(element)
    }
  }

  /// The source failed: the pending element is dropped.
  @inlinable
  mutating func failed(_ error: any Swift.Error) -> EmitAction {
    switch state {
    case .stopped: return .ignore
    case .idle:
      state = .stopped
      return .fail(error, dropped: nil)
    case .pending(let element, _):
      state = .stopped
      return .fail(error, dropped: element)
    }
  }

  /// Disposal: returns the pending element, to be released after the lock.
  @inlinable
  mutating func close() -> Element? {
    defer { state = .stopped }
    if case .pending(let element, _) = state { return element }
    return nil
  }
}
