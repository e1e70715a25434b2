/// The base of the sinks of time-based operators, whose events come both from upstream and from timers that
/// fire on scheduler threads: a ``SerializingSink`` whose items are the events to forward downstream.
///
/// All mutable operator state lives in `State`, behind the sink's lock; a transition (`synchronized`) decides
/// under the lock and queues events in its outbox, which are forwarded after the lock is released, in decision
/// order and never overlapping.
///
/// `@unchecked Sendable`: state and outbox are in `SerializingSink`'s `LockedState`.
class TimedSink<Observer: ObserverType, State>: SerializingSink<Observer, State, Event<Observer.Element>>,
  @unchecked Sendable
{
  override final func deliver(_ item: Event<Observer.Element>) { forward(item) }

  /// Reads or resets the state under the lock without forwarding anything (for `disposeResources()`).
  final func withState<Result>(_ body: (inout State) -> Result) -> Result {
    locked.withLock { body(&$0.state) }
  }
}
