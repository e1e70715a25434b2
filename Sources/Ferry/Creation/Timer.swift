extension ObservableType where Element: FixedWidthInteger {
  /// Emits `0` after `dueTime` and completes; with a `period`, goes on emitting `1, 2, …` every `period` instead
  /// of completing.
  ///
  /// A `dueTime` of zero (or less, as in RxSwift) fires as soon as the scheduler can.
  ///
  /// - Precondition: `period`, if any, is not negative. (RxSwift does not check: a negative period crashes inside
  ///   Dispatch.) A zero period is legal, as in RxSwift: it fires as often as the scheduler can — every tick on a
  ///   `TestScheduler`, which runs an action due now one tick later; on a scheduler that does not move its clock
  ///   (`HistoricalScheduler`) it never lets the clock move on.
  public static func timer(
    _ dueTime: RxTimeInterval,
    period: RxTimeInterval? = nil,
    scheduler: any SchedulerType
  ) -> Observable<Element> {
    if let period {
      requireArgument(period.nanoseconds >= 0, "timer(_:period:scheduler:): period must be >= 0, got \(period)")
    }
    return TimerObservable(dueTime: dueTime, period: period, scheduler: scheduler)
  }
}

final class TimerObservable<Element: FixedWidthInteger>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let dueTime: RxTimeInterval
  let period: RxTimeInterval?
  let scheduler: any SchedulerType

  init(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: any SchedulerType) {
    self.dueTime = dueTime
    self.period = period
    self.scheduler = scheduler
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = SourceSink(observer: observer)
    if case .never = dueTime { return sink }
    // A scheduler never overlaps the runs of one timer, so the events reach the observer one at a time.
    if let period {
      // The tick count rides in the periodic state.
      sink.setUpstream(
        scheduler.schedulePeriodic(0 as UInt64, startAfter: dueTime, period: period) { sink.tick($0) })
    } else {
      sink.setUpstream(
        scheduler.scheduleTimer((), after: dueTime) { _ in sink.fireOnce() })
    }
    return sink
  }
}

// The timer's two actions, in the sink's generic context (a closure in `subscribe` would capture the element's
// metatype, which is not `Sendable`).
extension SourceSink where Observer.Element: FixedWidthInteger {
  /// Emits `count` (wrapping to the element type) and returns the next count.
  fileprivate func tick(_ count: UInt64) -> UInt64 {
    forwardNext(Observer.Element(truncatingIfNeeded: count))
    return count &+ 1
  }

  /// Emits `0` and completes.
  fileprivate func fireOnce() -> any Disposable {
    forwardNext(.zero)
    forwardCompleted()
    return Disposables.create()
  }
}
