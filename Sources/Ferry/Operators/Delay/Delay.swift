import Foundation

extension ObservableType {
  /// Shifts every element and the completion later by `dueTime`; an error is delivered at once (dropping the
  /// elements still waiting), as in RxSwift.
  ///
  /// A `dueTime` of zero, as in RxSwift, schedules each event on `scheduler` with no delay (it still hops onto the
  /// scheduler, one event per timer, rather than being forwarded synchronously).
  ///
  /// - Precondition: `dueTime` is not negative (RxSwift documents nothing for it and would schedule in the past).
  @inlinable
  public func delay(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    requireArgument(dueTime.nanoseconds >= 0, "delay(_:scheduler:): dueTime must be >= 0, got \(dueTime)")
    let source = asObservable()
    return OperatorObservable { host in
      let timer = SerialDisposable()
      // Not the host's upstream: the source's subscription ends at its stop event, while the delayed events are
      // still to come (as in RxSwift).
      let sourceSubscription = SingleAssignmentDisposable()
      let storage = OperatorStorage(
        DelayStateMachine<Element>(), downstream: host, resources: Disposables.create(sourceSubscription, timer))
      host.attach(storage)
      // One event per timer, as in RxSwift: an event that is already due is scheduled anew with a zero delay, so on
      // a `TestScheduler` (with its processing delay) events that arrived together are delivered one virtual tick
      // apart (`Single.just(1).delay(.seconds(10), …)` succeeds at 210 and completes at 211).
      //
      // Only one party schedules at a time (the producer that starts the timer, or the firing timer that starts the
      // next), but the new timer may fire on another thread, and schedule the next one, before `scheduleTimer`
      // returns. So its slot is put in `timer` first: replacing a slot disposes the previous timer, which has run.
      // (Disposed meanwhile: `timer` is disposed too, and disposes the slot.)
      @Sendable func schedule(after interval: RxTimeInterval) {
        let slot = SingleAssignmentDisposable()
        timer.disposable = slot
        slot.setDisposable(
          scheduler.scheduleTimer((), after: interval) { _ in
            let now = scheduler.now
            let fired = storage.withLock { $0.timerFired(now: now) }
            if let nextIn = fired?.nextIn { schedule(after: rxTimeInterval(seconds: nextIn)) }
            return Disposables.create()
          })
      }
      sourceSubscription.setDisposable(
        source.subscribe(
          CoreSourceObserver(host: host) { event in
            if event.isStopEvent { sourceSubscription.dispose() }
            if case .error(let error) = event {
              _ = storage.withLockOnce { $0.failed(error) }
              return
            }
            let due = scheduler.now.addingTimeInterval(dueTime.timeInterval)
            if storage.withLockDeliveringNothing({ $0.delayed(event, due: due) }) == true {
              schedule(after: dueTime)
            }
          }))
    }
  }
}
