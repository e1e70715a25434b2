extension ObservableType {
  /// Splits the elements into windows (inner observables): a window is emitted at subscription, and the current
  /// one is completed and a new one emitted every `timeSpan` or as soon as it has received `count` elements,
  /// whichever comes first (then the time span restarts). An error or completion of the source terminates the
  /// current window and the outer sequence.
  ///
  /// Differs from RxSwift: disposing the outer subscription also ends the windows' supply of elements (RxSwift
  /// keeps the source subscribed while a window is still observed); the windows are not terminated then.
  ///
  /// - Precondition: `timeSpan` is longer than zero (a zero time span would open an empty window after another
  ///   without time moving on) and `count > 0`.
  @inlinable
  public func window(
    timeSpan: RxTimeInterval,
    count: Int,
    scheduler: any SchedulerType
  ) -> Observable<Observable<Element>> {
    requireArgument(
      timeSpan.nanoseconds > 0, "window(timeSpan:count:scheduler:): timeSpan must be > 0, got \(timeSpan)")
    requireArgument(count > 0, "window(timeSpan:count:scheduler:): count must be > 0, got \(count)")
    let source = asObservable()
    return OperatorObservable { host in
      let context = WindowContext<Element>(timeSpan: timeSpan, scheduler: scheduler)
      let storage = OperatorStorage(WindowStateMachine<Element>(count: count), context: context, downstream: host)
      host.attach(storage)
      storage.deliver { $0.start() }
      storage.startWindowTimer(0)
      host.setUpstream(
        source.subscribe(
          CoreSourceObserver(host: host) { event in
            switch event {
            case .next(let element):
              if case let next?? = storage.deliver({ $0.next(element) }) { storage.startWindowTimer(next) }
            case .error, .completed: storage.deliver { $0.stopped(event) }
            }
          }))
    }
  }
}
