extension ObservableType {
  /// Collects elements into arrays, emitting the current array every `timeSpan` or as soon as it holds `count`
  /// elements, whichever comes first (then the time span restarts). Arrays may be empty; the last array is
  /// emitted before completion and dropped on error.
  ///
  /// - Precondition: `timeSpan` is longer than zero (a zero time span would close an empty buffer after another
  ///   without time moving on) and `count > 0`.
  @inlinable
  public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType) -> Observable<[Element]> {
    requireArgument(
      timeSpan.nanoseconds > 0, "buffer(timeSpan:count:scheduler:): timeSpan must be > 0, got \(timeSpan)")
    requireArgument(count > 0, "buffer(timeSpan:count:scheduler:): count must be > 0, got \(count)")
    let source = asObservable()
    return OperatorObservable { host in
      let storage = OperatorStorage(BufferStateMachine<Element>(count: count), downstream: host)
      host.attach(storage)
      // Starts the time span of the array `window`; each closed array's action starts the next one's. The machine
      // keeps the timer (the source's thread and the timer's may start spans at once) and says which to dispose;
      // once disposed, the storage runs no transition and the new timer is disposed here.
      @Sendable func startTimer(_ window: UInt64) {
        let timer = scheduler.scheduleTimer(window, after: timeSpan) { window in
          if case .emit(_, let next) = storage.withLock({ $0.timerFired(window) }) {
            startTimer(next)
          }
          return Disposables.create()
        }
        (storage.withLockDeliveringNothing { $0.timerStarted(window, timer) } ?? timer)?.dispose()
      }
      startTimer(0)
      host.setUpstream(
        source.subscribe(
          CoreSourceObserver(host: host) { event in
            switch event {
            case .next(let element):
              if case .emit(_, let next) = storage.withLock({ $0.next(element) }) {
                startTimer(next)
              }
            case .error(let error): _ = storage.withLockOnce { $0.failed(error) }
            case .completed: _ = storage.withLockOnce { $0.completed() }
            }
          }))
    }
  }
}
