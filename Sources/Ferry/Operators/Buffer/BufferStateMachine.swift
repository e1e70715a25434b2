/// The state of one `buffer(timeSpan:count:scheduler:)` subscription: the array being filled, and which time span
/// may close it.
///
/// An array closes when it holds `count` elements or when its time span ends, whichever comes first; either way it
/// is emitted (empty arrays included) and the next array starts with a time span of its own. Time spans are
/// numbered, so that the timer of an array already emitted full finds nothing to close. Completion emits the current
/// array before completing; an error drops it.
///
/// The machine also keeps the current time span's timer (``timerStarted(_:_:)``): the next time span is started from
/// the source's thread (a full array) and from the timer's (a time span's end), so two threads may each hand over a
/// timer; only the one for the current span is kept, whichever arrives last, and any other is disposed.
@usableFromInline
struct BufferStateMachine<Element>: OperatorStateMachine {
  @usableFromInline typealias Output = [Element]

  @usableFromInline
  enum State {
    /// `elements` is being filled; the timer identified by `window` ends its time span.
    case filling([Element], window: UInt64)
    /// Only while a transition runs: the array is moved out of the state, so that appending to it does not copy it.
    case modifying
    /// A terminal event was decided, or the subscription was disposed: every input is ignored.
    case stopped
  }

  /// What to do after an input.
  @usableFromInline
  enum Action: OperatorAction {
    /// Deliver the closed array, then start the time span of the next one: the timer identified by `nextWindow`.
    case emit([Element], nextWindow: UInt64)
    /// Deliver the last array, then completion.
    case emitThenComplete([Element])
    /// Deliver the error; release the dropped array after the lock.
    case fail(any Swift.Error, dropped: [Element])
    /// Nothing to do: the array is not full yet, the timer of an array already closed fired, or stopped.
    case ignore

    /// The events this action delivers, in order.
    @inlinable @inline(__always)
    var emission: OperatorEmission<[Element]> {
      switch self {
      case .emit(let elements, _): .event(.next(elements))
      case .emitThenComplete(let elements): .events(.next(elements), then: .completed)
      case .fail(let error, _): .event(.error(error))
      case .ignore: .nothing
      }
    }
  }

  @usableFromInline var state = State.filling([], window: 0)
  /// The timer of the current time span, once scheduled (a separate property, so that the per-element transitions do
  /// not copy it).
  @usableFromInline var timer: (any Disposable)?
  /// The size at which an array closes before its time span ends.
  @usableFromInline let count: Int

  /// The first array's time span is the timer identified by 0, which the operator starts when it subscribes.
  @inlinable
  init(count: Int) {
    self.count = count
  }

  /// An element joins the current array; a full array closes.
  @inlinable
  mutating func next(_ element: Element) -> Action {
    guard case .filling(var elements, let window) = state else { return .ignore }
    state = .modifying
    elements.append(element)
    guard elements.count == count else {
      state = .filling(elements, window: window)
      return .ignore
    }
    return close(elements, window: window)
  }

  /// The time span identified by `window` ended: the current array closes if that time span is its own.
  @inlinable
  mutating func timerFired(_ window: UInt64) -> Action {
    guard case .filling(let elements, let current) = state, current == window else { return .ignore }
    return close(elements, window: window)
  }

  /// The timer of the time span identified by `window` was scheduled. Returns the timer to dispose after the lock:
  /// the one it replaces (an earlier span's) when `window` is the current span, or itself when that span already
  /// closed or the machine stopped (it would find nothing to close); `nil` when there is nothing to dispose.
  @inlinable
  mutating func timerStarted(_ window: UInt64, _ started: any Disposable) -> (any Disposable)? {
    guard case .filling(_, let current) = state, current == window else { return started }
    defer { timer = started }
    return timer
  }

  /// Emits `elements` and starts the next array.
  @inlinable
  mutating func close(_ elements: [Element], window: UInt64) -> Action {
    let next = window &+ 1
    state = .filling([], window: next)
    return .emit(elements, nextWindow: next)
  }

  /// The source completed: the current array is emitted before the completion.
  @inlinable
  mutating func completed() -> Action {
    switch state {
    case .filling(let elements, _):
      state = .stopped
      return .emitThenComplete(elements)
    case .stopped: return .ignore
    case .modifying: preconditionFailure("Internal inconsistency: buffer completed while modifying its array")
    }
  }

  /// The source failed: the current array is dropped.
  @inlinable
  mutating func failed(_ error: any Swift.Error) -> Action {
    switch state {
    case .filling(let elements, _):
      state = .stopped
      return .fail(error, dropped: elements)
    case .stopped: return .ignore
    case .modifying: preconditionFailure("Internal inconsistency: buffer failed while modifying its array")
    }
  }

  /// Disposal: returns the current array, to be released after the lock, and the current timer, to be disposed.
  @inlinable
  mutating func close() -> (elements: [Element], timer: (any Disposable)?) {
    defer {
      state = .stopped
      timer = nil
    }
    if case .filling(let elements, _) = state { return (elements, timer) }
    return ([], timer)
  }

  /// After the lock: disposes the timer that ``close()`` handed back.
  @inlinable
  static func finish(_ leftovers: (elements: [Element], timer: (any Disposable)?)) {
    leftovers.timer?.dispose()
  }
}
