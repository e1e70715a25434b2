/// The events a ``TimedSink`` decided to deliver, in order, waiting to be forwarded outside the lock.
struct TimedOutbox<Element> {
  fileprivate var events: [Event<Element>] = []
  fileprivate var isDraining = false

  /// Queues `.next(element)`.
  mutating func next(_ element: Element) { events.append(.next(element)) }

  /// Queues `.error(error)`.
  mutating func error(_ error: any Swift.Error) { events.append(.error(error)) }

  /// Queues `.completed`.
  mutating func completed() { events.append(.completed) }

  /// Queues `event`.
  mutating func send(_ event: Event<Element>) { events.append(event) }

  fileprivate mutating func takeBatch() -> [Event<Element>]? {
    guard !events.isEmpty else {
      isDraining = false
      return nil
    }
    let batch = events
    events = []
    return batch
  }
}

/// The base of the sinks of time-based operators, whose events come both from upstream and from timers that
/// fire on scheduler threads.
///
/// All mutable operator state lives in `State`, behind one lock together with an ``TimedOutbox``. A transition
/// (`synchronized`) decides under the lock which events to deliver and queues them; after the lock is released,
/// the first thread that finds nobody delivering drains the outbox, so events are forwarded in decision order,
/// never overlapping and never under the lock. A transition made while another thread (or the same thread,
/// re-entrantly) is delivering only queues; the delivering thread forwards it.
///
/// `@unchecked Sendable`: `guarded` (state and outbox) is a `LockedState`; the observer is only called by the
/// single draining thread.
class TimedSink<Observer: ObserverType, State>: Sink<Observer>, @unchecked Sendable {
  private struct Guarded {
    var state: State
    var outbox = TimedOutbox<Observer.Element>()
  }

  private final let guarded: LockedState<Guarded>

  init(observer: Observer, state: State) {
    guarded = LockedState(Guarded(state: state))
    super.init(observer: observer)
  }

  /// Runs `body` under the lock, then forwards what it queued (unless another thread is forwarding already).
  /// `body` must not call out (no observers, no schedulers, no user closures).
  @discardableResult
  final func synchronized<Result>(
    _ body: (inout State, inout TimedOutbox<Observer.Element>) -> Result
  ) -> Result {
    let (result, batch) = guarded.withLock { guarded -> (Result, [Event<Observer.Element>]?) in
      let result = body(&guarded.state, &guarded.outbox)
      guard !guarded.outbox.isDraining, !guarded.outbox.events.isEmpty else { return (result, nil) }
      guarded.outbox.isDraining = true
      return (result, guarded.outbox.takeBatch())
    }
    var next = batch
    while let events = next {
      for event in events { forward(event) }
      next = guarded.withLock { $0.outbox.takeBatch() }
    }
    return result
  }

  /// Reads or resets the state under the lock without forwarding anything (for `disposeResources()`).
  final func withState<Result>(_ body: (inout State) -> Result) -> Result {
    guarded.withLock { body(&$0.state) }
  }
}
