/// The base of the sinks of time-based operators, whose events come both from upstream and from timers that
/// fire on scheduler threads: a ``SerializingSink`` whose items are the events to forward downstream.
///
/// All mutable operator state lives in `State`, behind the sink's lock; a transition (`synchronized`) decides
/// under the lock and queues events in its outbox, which are forwarded after the lock is released, in decision
/// order and never overlapping.
///
/// `@unchecked Sendable`: state and outbox are guarded by `SerializingSink`'s lock.
class TimedSink<Observer: ObserverType, State>: SerializingSink<Observer, State, Event<Observer.Element>>,
  @unchecked Sendable
{
  override final func deliver(_ item: Event<Observer.Element>) { forward(item) }
}

extension SchedulerType {
  /// `scheduleRelative`, except that a `.never` due time schedules nothing (the timer never fires).
  @usableFromInline
  func scheduleTimer<StateType>(
    _ state: StateType,
    after dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    if case .never = dueTime { return Disposables.create() }
    return scheduleRelative(state, dueTime: dueTime, action: action)
  }
}

/// `seconds` as a time interval; an infinite or unrepresentable value is `.never`, a negative one zero.
@usableFromInline
func rxTimeInterval(seconds: Double) -> RxTimeInterval {
  let nanoseconds = (seconds * 1_000_000_000).rounded()
  guard nanoseconds.isFinite, nanoseconds < Double(Int.max) else { return .never }
  return .nanoseconds(max(0, Int(nanoseconds)))
}
