import Foundation

/// The state of one `delay` subscription: the events waiting for their due date, and whether a timer runs for the
/// first of them.
///
/// Elements and the completion wait, in arrival order (so in due order); one timer at a time delivers the head of
/// the queue when it is due and is then started again for the next one. An error is delivered at once, dropping
/// what waits.
@usableFromInline
struct DelayStateMachine<Element>: OperatorStateMachine {
  @usableFromInline typealias Output = Element
  @usableFromInline typealias Queue = FIFOBuffer<(due: Date, event: Event<Element>)>

  @usableFromInline
  enum State {
    /// Nothing waits, or what waits has no timer yet.
    case idle
    /// A timer is scheduled for the head of `queue`.
    case timerActive
    /// An error was decided, or the subscription was disposed: every input is ignored.
    case stopped
  }

  /// What a timer firing does: deliver `event` (if the head was due), then start the timer for the next head after
  /// `nextIn` seconds (`nil`: nothing waits, the timer stops).
  // A struct of two optionals rather than a case of the other actions' enum: it is copied per element (to select
  // what is delivered), and a plain struct copies inline where an enum with a queue in another case did not.
  @usableFromInline
  struct Fired: OperatorAction {
    @usableFromInline let event: Event<Element>?
    @usableFromInline let nextIn: TimeInterval?

    @inlinable
    init(event: Event<Element>?, nextIn: TimeInterval?) {
      self.event = event
      self.nextIn = nextIn
    }

    /// The event this firing delivers.
    @inlinable @inline(__always)
    var emission: OperatorEmission<Element> {
      if let event { .event(event) } else { .nothing }
    }
  }

  /// What the source's error does: deliver it and release what waited after the lock, or nothing (stopped).
  @usableFromInline
  enum FailAction: OperatorAction {
    case fail(any Swift.Error, dropped: Queue)
    case ignore

    /// The error, if it is delivered.
    @inlinable @inline(__always)
    var emission: OperatorEmission<Element> {
      if case .fail(let error, _) = self { .event(.error(error)) } else { .nothing }
    }
  }

  @usableFromInline var state = State.idle
  /// The events waiting for their due date, in arrival order; empty once stopped.
  @usableFromInline var queue = Queue()

  @inlinable init() {}

  /// An element or the completion of the source, due at `due`: it waits behind the others. Returns whether to start
  /// the timer (it is the only one waiting).
  @inlinable
  mutating func delayed(_ event: Event<Element>, due: Date) -> Bool {
    switch state {
    case .idle:
      queue.append((due, event))
      state = .timerActive
      return true
    case .timerActive:
      queue.append((due, event))
      return false
    case .stopped:
      return false
    }
  }

  /// The timer fired at `now`: the head is delivered if it is due, and the timer is started for the next one.
  @inlinable
  mutating func timerFired(now: Date) -> Fired {
    guard case .timerActive = state else { return Fired(event: nil, nextIn: nil) }
    // The head is taken and put back if not due (a copy through `first` would cost a retain and a release).
    var due: Event<Element>?
    if let head = queue.popFirst() {
      if head.due.timeIntervalSince(now) <= timeTolerance {
        due = head.event
      } else {
        queue.prepend(head)
      }
    }
    var nextIn: TimeInterval?
    if let next = queue.popFirst() {
      nextIn = next.due.timeIntervalSince(now)
      queue.prepend(next)
    } else {
      state = .idle
    }
    return Fired(event: due, nextIn: nextIn)
  }

  /// The source failed: the error goes out at once, and what waits is dropped.
  @inlinable
  mutating func failed(_ error: any Swift.Error) -> FailAction {
    if case .stopped = state { return .ignore }
    state = .stopped
    return .fail(error, dropped: close())
  }

  /// Disposal: returns what waits, to be released after the lock.
  @inlinable
  mutating func close() -> Queue {
    state = .stopped
    var dropped = Queue()
    swap(&dropped, &queue)
    return dropped
  }
}

/// Comparisons of scheduler dates tolerate this much floating-point error (in seconds).
@usableFromInline let timeTolerance: TimeInterval = 1e-9
