extension ObservableType {
  /// Drops the elements `self` emits during `duration` (measured on `scheduler` from the subscription), then
  /// mirrors it.
  public func skip(_ duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    skip(until: Observable<Int>.timer(duration, scheduler: scheduler))
  }
}
