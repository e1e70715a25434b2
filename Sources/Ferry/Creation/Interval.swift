extension ObservableType where Element: FixedWidthInteger {
  /// Emits `0, 1, 2, …`, one every `period` on `scheduler`, starting `period` after subscription.
  ///
  /// - Precondition: `period` is not negative. (RxSwift does not check: a negative period crashes inside
  ///   Dispatch.) A zero period is legal, as in RxSwift: it fires as often as the scheduler can — every tick on a
  ///   `TestScheduler`, which runs an action due now one tick later; on a scheduler that does not move its clock
  ///   (`HistoricalScheduler`) it never lets the clock move on.
  public static func interval(_ period: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    requireArgument(period.nanoseconds >= 0, "interval(_:scheduler:): period must be >= 0, got \(period)")
    return TimerObservable(dueTime: period, period: period, scheduler: scheduler)
  }
}
