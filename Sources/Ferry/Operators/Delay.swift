import Foundation

extension ObservableType {
  /// Shifts every element and the completion later by `dueTime`; an error is delivered at once (dropping the
  /// elements still waiting), as in RxSwift.
  ///
  /// A `dueTime` of zero, as in RxSwift, schedules each event on `scheduler` with no delay (it still hops onto the
  /// scheduler, one event per timer, rather than being forwarded synchronously).
  ///
  /// - Precondition: `dueTime` is not negative (RxSwift documents nothing for it and would schedule in the past).
  public func delay(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    precondition(dueTime.nanoseconds >= 0, "delay(_:scheduler:): dueTime must be >= 0, got \(dueTime)")
    return DelayObservable(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
  }
}

final class DelayObservable<Element>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
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
    let sink = DelaySink(observer: observer, dueTime: dueTime, scheduler: scheduler)
    // Not `setUpstream`: the source subscription ends at the source's stop event, while the delayed events are
    // still to come (as in RxSwift).
    sink.sourceSubscription.setDisposable(source.subscribe(sink))
    return sink
  }
}

struct DelayState<Element> {
  /// Events waiting for their due date, in arrival order (so in due order).
  var queue: [(due: Date, event: Event<Element>)] = []
  /// Whether a timer is scheduled for the head of `queue`.
  var isTimerActive = false
}

/// `@unchecked Sendable`: state is in `TimedSink`'s lock; `timer` and `sourceSubscription` are thread-safe.
final class DelaySink<Observer: ObserverType>: TimedSink<Observer, DelayState<Observer.Element>>, ObserverType,
  @unchecked Sendable
{
  let dueTime: RxTimeInterval
  let scheduler: any SchedulerType
  let timer = SerialDisposable()
  let sourceSubscription = SingleAssignmentDisposable()

  init(observer: Observer, dueTime: RxTimeInterval, scheduler: any SchedulerType) {
    self.dueTime = dueTime
    self.scheduler = scheduler
    super.init(observer: observer, state: DelayState())
  }

  func on(_ event: Event<Observer.Element>) {
    if event.isStopEvent { sourceSubscription.dispose() }
    if case .error(let error) = event {
      synchronized { state, outbox in
        outbox.replace(&state.queue, with: [])
        outbox.send(.error(error))
      }
      return
    }
    let due = scheduler.now.addingTimeInterval(dueTime.timeInterval)
    let startTimer = synchronized { state, _ -> Bool in
      state.queue.append((due, event))
      defer { state.isTimerActive = true }
      return !state.isTimerActive
    }
    if startTimer { schedule(after: dueTime) }
  }

  /// Only one party schedules at a time (the producer that activates the timer, or the firing timer that keeps it
  /// active), but the new timer may fire on another thread, and schedule the next one, before `scheduleTimer`
  /// returns. So its slot is put in `timer` first: replacing a slot disposes the previous timer, which has run.
  private func schedule(after interval: RxTimeInterval) {
    guard !isDisposed else { return }
    let slot = SingleAssignmentDisposable()
    timer.disposable = slot
    slot.setDisposable(
      scheduler.scheduleTimer((), after: interval) { [self] _ in
        self.fire()
        return Disposables.create()
      })
  }

  /// Delivers the head of the queue if it is due, then schedules the timer for the next one. One event per timer,
  /// as in RxSwift: an event that is already due is scheduled anew with a zero delay, so on a `TestScheduler` (with
  /// its processing delay) events that arrived together are delivered one virtual tick apart
  /// (`Single.just(1).delay(.seconds(10), …)` succeeds at 210 and completes at 211).
  private func fire() {
    let now = scheduler.now
    let remaining = synchronized { state, outbox -> TimeInterval? in
      if let head = state.queue.first, head.due.timeIntervalSince(now) <= timeTolerance {
        state.queue.removeFirst()
        outbox.send(head.event)
      }
      guard let head = state.queue.first else {
        state.isTimerActive = false
        return nil
      }
      return head.due.timeIntervalSince(now)
    }
    if let remaining { schedule(after: rxTimeInterval(seconds: remaining)) }
  }

  override func disposeResources() {
    sourceSubscription.dispose()
    timer.dispose()
    _ = withState { state in
      defer { state.queue.removeAll() }
      return state.queue
    }
  }
}

/// Comparisons of scheduler dates tolerate this much floating-point error (in seconds).
@usableFromInline let timeTolerance: TimeInterval = 1e-9
