extension ObservableType {
  /// Drops the elements `self` emits during `duration` (measured on `scheduler` from the subscription), then
  /// mirrors it. The source's completion and errors pass at any time (as RxSwift's: unlike `skip(until:)`, a source
  /// that completes within `duration` completes the result).
  public func skip(_ duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    gated(by: Observable<Int>.timer(duration, scheduler: scheduler), .skipForDuration)
  }
}
