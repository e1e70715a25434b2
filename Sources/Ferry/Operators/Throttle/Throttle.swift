extension ObservableType {
  /// Emits the first element, then at most one element per `dueTime`.
  ///
  /// With `latest: true` (the default) the latest element that arrived during the quiet period is emitted when
  /// it ends, and completion waits for it; with `latest: false` elements arriving during the quiet period are
  /// dropped. RxSwift 6 semantics; a `dueTime` of zero, as in RxSwift, lets every element through.
  ///
  /// - Precondition: `dueTime` is not negative.
  @inlinable
  public func throttle(
    _ dueTime: RxTimeInterval,
    latest: Bool = true,
    scheduler: any SchedulerType
  ) -> Observable<Element> {
    requireArgument(dueTime.nanoseconds >= 0, "throttle(_:latest:scheduler:): dueTime must be >= 0, got \(dueTime)")
    let source = asObservable()
    return OperatorObservable { host in
      // Disposed with the subscription, and then disposes whatever timer it is given.
      let timer = SerialDisposable()
      let storage = OperatorStorage(
        ThrottleStateMachine<Element>(dueTime: dueTime.timeInterval, latest: latest), downstream: host,
        resources: timer)
      host.attach(storage)
      host.setUpstream(
        source.subscribe(
          CoreSourceObserver(host: host) { event in
            switch event {
            case .next(let element):
              let now = scheduler.now
              let action = storage.withLock { $0.next(element, now: now) }
              guard case .startTimer(let delay) = action else { return }
              timer.disposable = scheduler.scheduleTimer((), after: delay) { _ in
                let now = scheduler.now
                _ = storage.withLock { $0.timerFired(now: now) }
                return Disposables.create()
              }
            case .error(let error): _ = storage.withLockOnce { $0.failed(error) }
            case .completed: _ = storage.withLockOnce { $0.completed() }
            }
          }))
    }
  }
}
