extension ObservableType {
  /// Subscribes to (and disposes) the source on `scheduler`.
  ///
  /// Only the subscription side effects move to `scheduler`; events are delivered wherever the source sends
  /// them (use ``observe(on:)`` to move delivery). Disposing before the scheduled subscription runs prevents it.
  @inlinable
  public func subscribe(on scheduler: any ImmediateSchedulerType) -> Observable<Element> {
    // The source itself, not `asObservable()`: a type that is not an `Observable` would be wrapped in a `create`,
    // whose sink disposes the source's subscription at once on a terminal event, where the subscription must be
    // disposed on `scheduler` (one tick later on a `TestScheduler`), as RxSwift does. The event step is built here
    // so that the client specialises it (see `EventStep`).
    SubscribeOnObservable(source: self, scheduler: scheduler) { passThroughStep($0) }
  }

  /// The RxSwift 5 name of ``subscribe(on:)``.
  @available(*, deprecated, renamed: "subscribe(on:)")
  public func subscribeOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element> {
    subscribe(on: scheduler)
  }
}

@usableFromInline
final class SubscribeOnObservable<Source: ObservableType>: Observable<Source.Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Source
  let scheduler: any ImmediateSchedulerType
  let step: @Sendable (Event<Source.Element>) -> EventStep

  @usableFromInline
  init(
    source: Source, scheduler: any ImmediateSchedulerType,
    step: @escaping @Sendable (Event<Source.Element>) -> EventStep
  ) {
    self.source = source
    self.scheduler = scheduler
    self.step = step
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Source.Element {
    let sink = FilterSink(observer: observer, step: step)
    let upstream = ScheduledDisposal(scheduler: scheduler)
    sink.setUpstream(upstream)
    let source = self.source
    let scheduled = scheduler.schedule(sink) { sink in
      upstream.setSubscription(source.subscribe(sink))
      return Disposables.create()
    }
    upstream.setSchedule(scheduled)
    return sink
  }
}

/// The upstream of `subscribe(on:)`: cancels the pending subscription and disposes the subscription on the
/// scheduler.
final class ScheduledDisposal: Disposable, Sendable {
  let scheduler: any ImmediateSchedulerType
  private let schedule = SingleAssignmentDisposable()
  private let subscription = SingleAssignmentDisposable()
  private let disposed = AtomicWord.make()

  init(scheduler: any ImmediateSchedulerType) { self.scheduler = scheduler }

  func setSchedule(_ disposable: any Disposable) { schedule.setDisposable(disposable) }

  func setSubscription(_ disposable: any Disposable) { subscription.setDisposable(disposable) }

  func dispose() {
    guard disposed.setOnce() else { return }
    schedule.dispose()
    let subscription = self.subscription
    _ = scheduler.schedule(subscription) { subscription in
      subscription.dispose()
      return Disposables.create()
    }
  }
}
