extension ObservableType where Element: FixedWidthInteger {
  /// Emits `0, 1, 2, …`, one every `period` on `scheduler`, starting `period` after subscription.
  ///
  /// - Precondition: `period` is longer than zero. (RxSwift does not check: a negative period crashes inside
  ///   Dispatch, and a zero period never lets a virtual-time scheduler's clock move on.)
  public static func interval(_ period: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    requireArgument(period.nanoseconds > 0, "interval(_:scheduler:): period must be > 0, got \(period)")
    return TimerObservable(dueTime: period, period: period, scheduler: scheduler)
  }
}
