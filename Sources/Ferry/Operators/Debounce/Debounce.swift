extension ObservableType {
  /// Emits an element only after `dueTime` has passed without another element; a pending element is emitted
  /// before completion and dropped on error.
  ///
  /// A `dueTime` of zero, as in RxSwift, emits each element as soon as the scheduler can, unless another one
  /// arrives before that.
  ///
  /// - Precondition: `dueTime` is not negative.
  @inlinable
  public func debounce(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    requireArgument(dueTime.nanoseconds >= 0, "debounce(_:scheduler:): dueTime must be >= 0, got \(dueTime)")
    let source = asObservable()
    return OperatorObservable { host in
      // Disposed with the subscription, and then disposes whatever timer it is given.
      let timer = SerialDisposable()
      let storage = OperatorStorage(DebounceStateMachine<Element>(), downstream: host, resources: timer)
      host.attach(storage)
      @Sendable func fire(_ id: UInt64) {
        _ = storage.withLock { $0.timerFired(id) }
      }
      host.setUpstream(
        source.subscribe(
          CoreSourceObserver(host: host) { event in
            switch event {
            case .next(let element):
              guard case .startTimer(let id, _) = storage.withLockDeliveringNothing({ $0.next(element) })
              else { return }
              timer.disposable = scheduler.scheduleTimer(id, after: dueTime) { id in
                fire(id)
                return Disposables.create()
              }
            case .error(let error): _ = storage.withLockOnce { $0.failed(error) }
            case .completed: _ = storage.withLockOnce { $0.completed() }
            }
          }))
    }
  }
}
