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
    /// Events wait in `queue`; `timerActive`: a timer is scheduled for its head.
    case running(queue: Queue, timerActive: Bool)
    /// Only while a transition runs: the queue is moved out of the state, so that changing it does not copy it.
    case modifying
    /// An error was decided, or the subscription was disposed: every input is ignored.
    case stopped
  }

  /// What to do after an input.
  @usableFromInline
  enum Action {
    /// The event is the only one waiting: start the timer for it.
    case startTimer
    /// Deliver `event` (if the head was due), then start the timer for the next head after `nextIn` seconds
    /// (`nil`: nothing waits, the timer stops).
    case fired(Event<Element>?, nextIn: TimeInterval?)
    /// Deliver the error; release the dropped events after the lock.
    case fail(any Swift.Error, dropped: Queue)
    /// Nothing to do: a timer already runs, or stopped.
    case ignore

    /// The events this action delivers.
    @inlinable
    var emission: OperatorEmission<Element> {
      switch self {
      case .fired(let event?, _): .event(event)
      case .fail(let error, _): .event(.error(error))
      case .startTimer, .fired(nil, _), .ignore: .nothing
      }
    }
  }

  @usableFromInline var state = State.running(queue: Queue(), timerActive: false)

  @inlinable init() {}

  /// An element or the completion of the source, due at `due`: it waits behind the others.
  @inlinable
  mutating func delayed(_ event: Event<Element>, due: Date) -> Action {
    guard case .running(var queue, let timerActive) = state else { return .ignore }
    state = .modifying
    queue.append((due, event))
    state = .running(queue: queue, timerActive: true)
    return timerActive ? .ignore : .startTimer
  }

  /// The timer fired at `now`: the head is delivered if it is due, and the timer is started for the next one.
  @inlinable
  mutating func timerFired(now: Date) -> Action {
    guard case .running(var queue, _) = state else { return .ignore }
    state = .modifying
    var due: Event<Element>?
    if let head = queue.first, head.due.timeIntervalSince(now) <= timeTolerance {
      due = queue.popFirst()?.event
    }
    let nextIn = queue.first.map { $0.due.timeIntervalSince(now) }
    state = .running(queue: queue, timerActive: nextIn != nil)
    return .fired(due, nextIn: nextIn)
  }

  /// The source failed: the error goes out at once, and what waits is dropped.
  @inlinable
  mutating func failed(_ error: any Swift.Error) -> Action {
    switch state {
    case .running(let queue, _):
      state = .stopped
      return .fail(error, dropped: queue)
    case .stopped: return .ignore
    case .modifying: preconditionFailure("Internal inconsistency: delay failed while modifying its queue")
    }
  }

  /// Disposal: returns what waits, to be released after the lock.
  @inlinable
  mutating func close() -> Queue {
    defer { state = .stopped }
    if case .running(let queue, _) = state { return queue }
    return Queue()
  }
}

/// Comparisons of scheduler dates tolerate this much floating-point error (in seconds).
@usableFromInline let timeTolerance: TimeInterval = 1e-9
