// The timers of the time-based operators (`debounce`, `throttle`, `delay`, `timeout`, `buffer`, `window`).

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
