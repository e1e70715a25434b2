extension ObservableType {
  /// Subscribes to the source `dueTime` after the subscription to the result (on `scheduler`).
  ///
  /// - Precondition: `dueTime` is not negative (as `delay`'s: a subscription cannot be scheduled in the past).
  @inlinable
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    requireArgument(
      dueTime.nanoseconds >= 0, "delaySubscription(_:scheduler:): dueTime must be >= 0, got \(dueTime)")
    // The event step is built here so that the client specialises it (see `EventStep`).
    return DelaySubscriptionObservable(source: asObservable(), dueTime: dueTime, scheduler: scheduler) {
      passThroughStep($0)
    }
  }
}

@usableFromInline
final class DelaySubscriptionObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>
  let dueTime: RxTimeInterval
  let scheduler: any SchedulerType
  let step: @Sendable (Event<Element>) -> EventStep

  @usableFromInline
  init(
    source: Observable<Element>, dueTime: RxTimeInterval, scheduler: any SchedulerType,
    step: @escaping @Sendable (Event<Element>) -> EventStep
  ) {
    self.source = source
    self.dueTime = dueTime
    self.scheduler = scheduler
    self.step = step
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = FilterSink(observer: observer, step: step)
    let source = self.source
    // The scheduled item owns the source subscription: disposing it cancels the pending subscription or
    // disposes the subscription made.
    sink.setUpstream(
      scheduler.scheduleTimer((), after: dueTime) { _ in
        sink.isDisposed ? Disposables.create() : source.subscribe(sink)
      })
    return sink
  }
}
