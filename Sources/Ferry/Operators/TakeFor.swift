extension ObservableType {
  /// Mirrors `self` for `duration` (measured on `scheduler` from the subscription), then completes.
  public func take(for duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    take(until: Observable<Int>.timer(duration, scheduler: scheduler))
  }
}
