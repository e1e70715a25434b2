extension ObservableType {
  /// Mirrors `self` for `duration` (measured on `scheduler` from the subscription), then completes.
  ///
  /// - Precondition: `duration` is not negative (zero completes at once, as in RxSwift).
  public func take(for duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    requireArgument(duration.nanoseconds >= 0, "take(for:scheduler:): duration must be >= 0, got \(duration)")
    return take(until: Observable<Int>.timer(duration, scheduler: scheduler))
  }
}
