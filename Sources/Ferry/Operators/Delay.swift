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
    return SerializingCoreObservable(
      run: DelayCore.makeRun(source: asObservable(), dueTime: dueTime, scheduler: scheduler))
  }
}

/// The observer-independent half of a `delay` subscription: the events waiting for their due date behind the lock
/// of its ``SerializingCore``, and the timer of the first one. Its inlinable methods run specialised in the client,
/// called from the handlers ``makeRun(source:dueTime:scheduler:)`` builds.
@usableFromInline
final class DelayCore<Element>: SerializingCore<Event<Element>, Element>, ClosableCore, @unchecked Sendable {
  // @unchecked Sendable: `queue`, `isTimerActive` and `stopped` are guarded by `lock`; `timer` and `sourceSubscription`
  // are thread-safe; the rest is immutable.
  // `@exclusivity(unchecked)`: guarded by `lock` (see ``SerializingCore``).
  /// Events waiting for their due date, in arrival order (so in due order).
  @usableFromInline @exclusivity(unchecked) final var queue = FIFOBuffer<(due: Date, event: Event<Element>)>()
  /// Whether a timer is scheduled for the head of `queue`.
  @usableFromInline @exclusivity(unchecked) final var isTimerActive = false
  /// An error was decided: nothing more is queued.
  @usableFromInline @exclusivity(unchecked) final var stopped = false
  @usableFromInline final let timer = SerialDisposable()
  /// Not the sink's upstream: the source subscription ends at the source's stop event, while the delayed events are
  /// still to come (as in RxSwift).
  @usableFromInline final let sourceSubscription = SingleAssignmentDisposable()
  @usableFromInline final let dueTime: RxTimeInterval
  @usableFromInline final let scheduler: any SchedulerType

  @usableFromInline
  init(downstream: any CoreDownstream<Element>, dueTime: RxTimeInterval, scheduler: any SchedulerType) {
    self.dueTime = dueTime
    self.scheduler = scheduler
    super.init(downstream: downstream)
  }

  @inlinable
  static func makeRun(
    source: Observable<Element>, dueTime: RxTimeInterval, scheduler: any SchedulerType
  ) -> @Sendable (any CoreSubscription<Element>) -> Void {
    { host in
      let core = DelayCore(downstream: host, dueTime: dueTime, scheduler: scheduler)
      host.attach(core)
      core.sourceSubscription.setDisposable(source.subscribe(CoreSourceObserver(host: host) { core.on($0) }))
    }
  }

  /// An event of the source: an error is delivered at once (dropping what waits, after the lock); an element or the
  /// completion waits `dueTime`.
  @inlinable
  final func on(_ event: Event<Element>) {
    if event.isStopEvent { sourceSubscription.dispose() }
    if case .error(let error) = event {
      var released = FIFOBuffer<(due: Date, event: Event<Element>)>()
      PlatformLock.lock(lock)
      guard !closed && !stopped else {
        PlatformLock.unlock(lock)
        return
      }
      stopped = true
      swap(&released, &queue)
      emit(.error(error))
      withExtendedLifetime(released) {}
      return
    }
    let due = scheduler.now.addingTimeInterval(dueTime.timeInterval)
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    queue.append((due, event))
    let startTimer = !isTimerActive
    isTimerActive = true
    PlatformLock.unlock(lock)
    if startTimer { schedule(after: dueTime) }
  }

  /// Only one party schedules at a time (the producer that activates the timer, or the firing timer that keeps it
  /// active), but the new timer may fire on another thread, and schedule the next one, before `scheduleTimer`
  /// returns. So its slot is put in `timer` first: replacing a slot disposes the previous timer, which has run.
  /// (Disposed meanwhile: `timer` is disposed too, and disposes the slot.)
  @inlinable
  final func schedule(after interval: RxTimeInterval) {
    let slot = SingleAssignmentDisposable()
    timer.disposable = slot
    slot.setDisposable(
      scheduler.scheduleTimer((), after: interval) { [self] _ in
        fire()
        return Disposables.create()
      })
  }

  /// Delivers the head of the queue if it is due, then schedules the timer for the next one. One event per timer,
  /// as in RxSwift: an event that is already due is scheduled anew with a zero delay, so on a `TestScheduler` (with
  /// its processing delay) events that arrived together are delivered one virtual tick apart
  /// (`Single.just(1).delay(.seconds(10), …)` succeeds at 210 and completes at 211).
  @inlinable
  final func fire() {
    let now = scheduler.now
    PlatformLock.lock(lock)
    guard !closed else {
      PlatformLock.unlock(lock)
      return
    }
    var due: Event<Element>?
    if let head = queue.popFirst() {
      if head.due.timeIntervalSince(now) <= timeTolerance {
        due = head.event
      } else {
        queue.prepend(head)
      }
    }
    // The next head decides the next timer (peeked: taken and put back).
    var remaining: TimeInterval?
    if let next = queue.popFirst() {
      remaining = next.due.timeIntervalSince(now)
      queue.prepend(next)
    } else {
      isTimerActive = false
    }
    if let due {
      emit(due)
    } else {
      PlatformLock.unlock(lock)
    }
    if let remaining { schedule(after: rxTimeInterval(seconds: remaining)) }
  }

  /// Disposal: stops delivering, ends the source subscription and the timer, and drops what waits (outside the lock).
  @usableFromInline
  func close() {
    var released = FIFOBuffer<(due: Date, event: Event<Element>)>()
    PlatformLock.lock(lock)
    closed = true
    swap(&released, &queue)
    PlatformLock.unlock(lock)
    sourceSubscription.dispose()
    timer.dispose()
    withExtendedLifetime(released) {}
  }
}

/// Comparisons of scheduler dates tolerate this much floating-point error (in seconds).
@usableFromInline let timeTolerance: TimeInterval = 1e-9
