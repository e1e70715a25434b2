extension ObservableType {
  /// Subscribes to the source `dueTime` after the subscription to the result (on `scheduler`).
  ///
  /// - Precondition: `dueTime` is not negative (as `delay`'s: a subscription cannot be scheduled in the past).
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    requireArgument(
      dueTime.nanoseconds >= 0, "delaySubscription(_:scheduler:): dueTime must be >= 0, got \(dueTime)")
    return DelaySubscriptionObservable(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
  }
}

final class DelaySubscriptionObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>
  let dueTime: RxTimeInterval
  let scheduler: any SchedulerType

  init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: any SchedulerType) {
    self.source = source
    self.dueTime = dueTime
    self.scheduler = scheduler
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = DelaySubscriptionSink(observer: observer)
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

final class DelaySubscriptionSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: only `Sink`'s state (atomic) is shared; events are serialised by the source.
  func on(_ event: Event<Observer.Element>) { forward(event) }
}
