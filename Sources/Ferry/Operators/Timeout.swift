extension ObservableType {
  /// Fails with ``RxError/timeout`` if no element arrives within `dueTime` of the subscription or of the
  /// previous element.
  ///
  /// A `dueTime` of zero, as in RxSwift, times out as soon as the scheduler can run the timer: only elements
  /// (and the end) the source sends at once, while it is subscribed or while delivering an element, come first.
  ///
  /// - Precondition: `dueTime` is not negative.
  @inlinable
  public func timeout(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    requireArgument(dueTime.nanoseconds >= 0, "timeout(_:scheduler:): dueTime must be >= 0, got \(dueTime)")
    return asObservable().timeout(dueTime, switchingTo: Observable.error(RxError.timeout), scheduler: scheduler)
  }

  /// Switches to `other` if no element arrives within `dueTime` of the subscription or of the previous element.
  ///
  /// A `dueTime` of zero, as in RxSwift, switches as soon as the scheduler can run the timer.
  ///
  /// - Precondition: `dueTime` is not negative.
  @inlinable
  public func timeout<Source: ObservableConvertibleType>(
    _ dueTime: RxTimeInterval,
    other: Source,
    scheduler: any SchedulerType
  ) -> Observable<Element> where Source.Element == Element {
    requireArgument(dueTime.nanoseconds >= 0, "timeout(_:other:scheduler:): dueTime must be >= 0, got \(dueTime)")
    return asObservable().timeout(dueTime, switchingTo: other.asObservable(), scheduler: scheduler)
  }
}

extension Observable {
  /// Both `timeout`s: the source until the latest timer fires first, then `other`.
  @inlinable
  func timeout(
    _ dueTime: RxTimeInterval, switchingTo other: Observable<Element>, scheduler: any SchedulerType
  ) -> Observable<Element> {
    let source = self
    return OperatorObservable { host in
      let timer = SerialDisposable()
      // The source's subscription, then (after the switch) the other source's.
      let subscription = SerialDisposable()
      let storage = OperatorStorage(
        TimeoutStateMachine<Element>(), downstream: host, resources: Disposables.create(timer, subscription))
      host.attach(storage)
      @Sendable func startTimer(_ id: UInt64) {
        timer.disposable = scheduler.scheduleTimer(id, after: dueTime) { id in
          if case .switchToOther = storage.withLock({ $0.timerFired(id) }) {
            subscription.disposable = other.subscribe(
              CoreSourceObserver<Element>(host: storage.downstream) { event in
                _ = storage.withLock { $0.other(event) }
              })
          }
          return Disposables.create()
        }
      }
      // The holder of the source's subscription is in place before the first timer can fire (on another thread),
      // so that a switch to `other` disposes the source's subscription rather than being overwritten by it.
      let original = SingleAssignmentDisposable()
      subscription.disposable = original
      startTimer(0)
      original.setDisposable(
        source.subscribe(
          CoreSourceObserver(host: host) { event in
            if case .deliverAndRestart(_, let id) = storage.withLock({ $0.source(event) }) {
              startTimer(id)
            }
          }))
    }
  }
}
