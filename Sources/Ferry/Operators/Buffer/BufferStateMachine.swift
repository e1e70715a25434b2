/// The state of one `buffer(timeSpan:count:scheduler:)` subscription: the array being filled, and which time span
/// may close it.
///
/// An array closes when it holds `count` elements or when its time span ends, whichever comes first; either way it
/// is emitted (empty arrays included) and the next array starts with a time span of its own. Time spans are
/// numbered, so that the timer of an array already emitted full finds nothing to close. Completion emits the current
/// array before completing; an error drops it.
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

  /// Disposal: returns the current array, to be released after the lock.
  @inlinable
  mutating func close() -> [Element] {
    defer { state = .stopped }
    if case .filling(let elements, _) = state { return elements }
    return []
  }
}
