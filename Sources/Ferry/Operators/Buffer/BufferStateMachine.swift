/// The state of one `buffer(timeSpan:count:scheduler:)` subscription: the array being filled, and its time span
/// (``CountOrTimeSpan``).
///
/// An array closes when its time span ends, by its count or its timer, whichever comes first; either way it is
/// emitted (empty arrays included) and the next array starts with the next time span. Completion emits the current
/// array before completing; an error drops it.
@usableFromInline
struct BufferStateMachine<Element>: OperatorStateMachine {
  @usableFromInline typealias Output = [Element]

  @usableFromInline
  enum State {
    /// `elements` is being filled.
    case filling([Element])
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

  @usableFromInline var state = State.filling([])
  /// The current time span: its number, how many elements it has received, its timer.
  @usableFromInline var spans: CountOrTimeSpan

  /// The first array's time span is the timer identified by 0, which the operator starts when it subscribes.
  @inlinable
  init(count: Int) {
    spans = CountOrTimeSpan(count: count)
  }

  /// An element joins the current array; a full array closes.
  @inlinable
  mutating func next(_ element: Element) -> Action {
    guard case .filling(var elements) = state else { return .ignore }
    state = .modifying
    elements.append(element)
    guard let nextWindow = spans.elementReceived() else {
      state = .filling(elements)
      return .ignore
    }
    state = .filling([])
    return .emit(elements, nextWindow: nextWindow)
  }

  /// The time span identified by `window` ended: the current array closes if that time span is its own.
  @inlinable
  mutating func timerFired(_ window: UInt64) -> Action {
    guard case .filling(let elements) = state, let nextWindow = spans.timerFired(window) else { return .ignore }
    state = .filling([])
    return .emit(elements, nextWindow: nextWindow)
  }

  /// The timer of the time span identified by `window` was scheduled. Returns the timer to dispose after the lock
  /// (``CountOrTimeSpan/timerStarted(_:_:)``); once stopped, the new timer itself.
  @inlinable
  mutating func timerStarted(_ window: UInt64, _ timer: any Disposable) -> (any Disposable)? {
    guard case .filling = state else { return timer }
    return spans.timerStarted(window, timer)
  }

  /// The source completed: the current array is emitted before the completion.
  @inlinable
  mutating func completed() -> Action {
    switch state {
    case .filling(let elements):
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
    case .filling(let elements):
      state = .stopped
      return .fail(error, dropped: elements)
    case .stopped: return .ignore
    case .modifying: preconditionFailure("Internal inconsistency: buffer failed while modifying its array")
    }
  }

  /// Disposal: returns the current array, to be released after the lock, and the current timer, to be disposed.
  @inlinable
  mutating func close() -> (elements: [Element], timer: (any Disposable)?) {
    defer { state = .stopped }
    guard case .filling(let elements) = state else { return ([], spans.takeTimer()) }
    return (elements, spans.takeTimer())
  }

  /// After the lock: disposes the timer that ``close()`` handed back.
  @inlinable
  static func finish(_ leftovers: (elements: [Element], timer: (any Disposable)?)) {
    leftovers.timer?.dispose()
  }
}
