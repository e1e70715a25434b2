extension ObservableType {
  /// Fails with ``RxError/timeout`` if no element arrives within `dueTime` of the subscription or of the
  /// previous element.
  ///
  /// A `dueTime` of zero, as in RxSwift, times out as soon as the scheduler can run the timer: only elements
  /// (and the end) the source sends at once, while it is subscribed or while delivering an element, come first.
  ///
  /// - Precondition: `dueTime` is not negative.
  public func timeout(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    precondition(dueTime.nanoseconds >= 0, "timeout(_:scheduler:): dueTime must be >= 0, got \(dueTime)")
    return TimeoutObservable(
      source: asObservable(), dueTime: dueTime, other: Observable.error(RxError.timeout), scheduler: scheduler)
  }

  /// Switches to `other` if no element arrives within `dueTime` of the subscription or of the previous element.
  ///
  /// A `dueTime` of zero, as in RxSwift, switches as soon as the scheduler can run the timer.
  ///
  /// - Precondition: `dueTime` is not negative.
  public func timeout<Source: ObservableConvertibleType>(
    _ dueTime: RxTimeInterval,
    other: Source,
    scheduler: any SchedulerType
  ) -> Observable<Element> where Source.Element == Element {
    precondition(dueTime.nanoseconds >= 0, "timeout(_:other:scheduler:): dueTime must be >= 0, got \(dueTime)")
    return TimeoutObservable(
      source: asObservable(), dueTime: dueTime, other: other.asObservable(), scheduler: scheduler)
  }
}

final class TimeoutObservable<Element>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let dueTime: RxTimeInterval
  let other: Observable<Element>
  let scheduler: any SchedulerType

  init(source: Observable<Element>, dueTime: RxTimeInterval, other: Observable<Element>, scheduler: any SchedulerType) {
    self.source = source
    self.dueTime = dueTime
    self.other = other
    self.scheduler = scheduler
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = TimeoutSink(observer: observer, parent: self)
    sink.run()
    return sink
  }
}

struct TimeoutState {
  /// Identifies the latest timer; only the latest one may switch.
  var id: UInt64 = 0
  /// Whether the timer won and the sink switched to `other` (or the source terminated).
  var hasSwitched = false
}

/// `@unchecked Sendable`: state is in `TimedSink`'s lock; `timer` and `subscription` are thread-safe
/// `SerialDisposable`s.
final class TimeoutSink<Observer: ObserverType>: TimedSink<Observer, TimeoutState>, ObserverType, @unchecked Sendable {
  let parent: TimeoutObservable<Observer.Element>
  let timer = SerialDisposable()
  /// The subscription to the source, then (after a timeout) to `other`.
  let subscription = SerialDisposable()

  init(observer: Observer, parent: TimeoutObservable<Observer.Element>) {
    self.parent = parent
    super.init(observer: observer, state: TimeoutState())
  }

  func run() {
    // The holder of the source subscription is in place before the first timer can fire (on another thread),
    // so that a switch to `other` disposes the source subscription rather than being overwritten by it.
    let original = SingleAssignmentDisposable()
    subscription.disposable = original
    startTimer(id: 0)
    original.setDisposable(parent.source.subscribe(self))
  }

  func on(_ event: Event<Observer.Element>) {
    let id = synchronized { state, outbox -> UInt64? in
      guard !state.hasSwitched else { return nil }
      outbox.send(event)
      guard case .next = event else {
        state.hasSwitched = true  // terminated: a late timer must not switch any more
        return nil
      }
      state.id &+= 1
      return state.id
    }
    if let id { startTimer(id: id) }
  }

  private func startTimer(id: UInt64) {
    guard !isDisposed else { return }
    timer.disposable = parent.scheduler.scheduleTimer(id, after: parent.dueTime) { [self] id in
      self.fire(id)
      return Disposables.create()
    }
  }

  private func fire(_ id: UInt64) {
    let timerWins = synchronized { state, _ -> Bool in
      guard state.id == id, !state.hasSwitched else { return false }
      state.hasSwitched = true
      return true
    }
    guard timerWins, !isDisposed else { return }
    subscription.disposable = parent.other.subscribe(TimeoutOtherObserver(sink: self))
  }

  /// Forwards an event of `other` (after the switch) through the outbox.
  fileprivate func forwardOther(_ event: Event<Observer.Element>) {
    synchronized { _, outbox in outbox.send(event) }
  }

  override func disposeResources() {
    timer.dispose()
    subscription.dispose()
  }
}

/// Forwards the events of `other` to the sink.
private struct TimeoutOtherObserver<Observer: ObserverType>: ObserverType {
  let sink: TimeoutSink<Observer>
  func on(_ event: Event<Observer.Element>) { sink.forwardOther(event) }
}
