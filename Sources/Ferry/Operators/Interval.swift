extension ObservableType where Element: FixedWidthInteger {
  /// Emits `0, 1, 2, …`, one every `period` on `scheduler`, starting `period` after subscription.
  public static func interval(_ period: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    TimerObservable(dueTime: period, period: period, scheduler: scheduler)
  }
}
