import Foundation

/// The state of one `throttle` subscription: when the last element went out, and the element held back for the
/// end of the quiet period (`latest: true`).
///
/// An element arriving after the quiet period goes out at once; one arriving during it is held back in place of
/// the previous one (`latest: true`, and the first held back starts the timer) or dropped (`latest: false`).
/// Completion waits for a held-back element; an error drops it.
@usableFromInline
struct ThrottleStateMachine<Element>: OperatorStateMachine {
  @usableFromInline typealias Output = Element

  @usableFromInline
  enum State {
    /// Nothing is held back; `lastSent` is when the last element went out (`nil`: none yet).
    case open(lastSent: Date?)
    /// `element` is held back until the timer ends the quiet period; `completed`: the source completed meanwhile,
    /// so the result completes after it.
    case holding(Element, lastSent: Date?, completed: Bool)
    /// A terminal event was decided, or the subscription was disposed: every input is ignored.
    case stopped
  }

  /// What to do after an element arrived.
  @usableFromInline
  enum NextAction: OperatorAction {
    /// Deliver the element; release the superseded held-back one after the lock.
    case emit(Element, replaced: Element?)
    /// The element is held back: start the timer that ends the quiet period after `delay`.
    case startTimer(after: RxTimeInterval)
    /// The element is held back in place of `replaced` (released after the lock); the timer already runs.
    case hold(replaced: Element)
    /// Dropped (`latest: false` during the quiet period), or stopped.
    case ignore

    /// The events this action delivers.
    @inlinable @inline(__always)
    var emission: OperatorEmission<Element> {
      if case .emit(let element, _) = self { return .event(.next(element)) }
      return .nothing
    }
  }

  /// What to do after the timer fired, the source completed, or failed.
  @usableFromInline typealias EmitAction = HeldElementAction<Element>

  @usableFromInline var state = State.open(lastSent: nil)
  @usableFromInline let dueTime: TimeInterval
  @usableFromInline let latest: Bool

  @inlinable
  init(dueTime: TimeInterval, latest: Bool) {
    self.dueTime = dueTime
    self.latest = latest
  }

  /// An element arrived at `now`.
  @inlinable
  mutating func next(_ element: Element, now: Date) -> NextAction {
    let lastSent: Date?
    let held: Element?
    switch state {
    case .stopped: return .ignore
    case .open(let sent):
      lastSent = sent
      held = nil
    case .holding(let element, let sent, let completed):
      // A source that breaks the grammar (an element after its completion) is not followed.
      if completed { return .ignore }
      lastSent = sent
      held = element
    }
    let elapsed = lastSent.map { now.timeIntervalSince($0) } ?? dueTime
    if elapsed + timeTolerance >= dueTime {
      // This element supersedes the held-back one; the timer, if any, then finds nothing to emit.
      state = .open(lastSent: now)
      return .emit(element, replaced: held)
    }
    guard latest else { return .ignore }
    state = .holding(element, lastSent: lastSent, completed: false)
    if let held { return .hold(replaced: held) }
    return .startTimer(after: rxTimeInterval(seconds: dueTime - elapsed))
  }

  /// The timer fired at `now`: the quiet period is over.
  @inlinable
  mutating func timerFired(now: Date) -> EmitAction {
    guard case .holding(let element, _, let completed) = state else { return .ignore }
    if completed {
      state = .stopped
      return .emitThenComplete(element)
    }
    state = .open(lastSent: now)
    return .emit(element)
  }

  /// The source completed: the result completes now, or after the held-back element.
  @inlinable
  mutating func completed() -> EmitAction {
    switch state {
    case .stopped: return .ignore
    case .open:
      state = .stopped
      return .complete
    case .holding(let element, let lastSent, _):
      state = .holding(element, lastSent: lastSent, completed: true)
      return .ignore
    }
  }

  /// The source failed: the held-back element is dropped.
  @inlinable
  mutating func failed(_ error: any Swift.Error) -> EmitAction {
    switch state {
    case .stopped: return .ignore
    case .open:
      state = .stopped
      return .fail(error, dropped: nil)
    case .holding(let element, _, _):
      state = .stopped
      return .fail(error, dropped: element)
    }
  }

  /// Disposal: returns the held-back element, to be released after the lock.
  @inlinable
  mutating func close() -> Element? {
    defer { state = .stopped }
    if case .holding(let element, _, _) = state { return element }
    return nil
  }
}
