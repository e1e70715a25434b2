import Ferry
import FerryTesting
import Testing

/// The virtual-time timelines of `observe(on:)`, `delay` and the scheduled sources on a `TestScheduler` (with its
/// default processing delay), event for event as in RxSwift 6: every event is delivered by its own scheduled
/// action, so events that arrive together come out one tick apart and a trait's completion follows its element by
/// one tick.
@Suite struct SchedulerTimelineFidelityTests {
  // RxSwift's `ObserveOn` (any scheduler but a `SerialDispatchQueueScheduler`) pumps through `scheduleRecursive`:
  // one event per action, then it schedules again while its queue is not empty.

  @Test func observeOnDeliversEventsThatArriveTogetherOneTickApart() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable.of(1, 2).observe(on: scheduler) }
    #expect(res.events == [.next(201, 1), .next(202, 2), .completed(203)])
  }

  @Test func observeOnHotSource() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(220), .next(230, 3)])
    let res = scheduler.start { xs.observe(on: scheduler) }
    #expect(res.events == [.next(211, 1), .next(221, 2), .completed(222)])
  }

  @Test func observeOnGivesTheSchedulerUpWhenItsQueueIsEmpty() {
    // 1 is delivered at 211 with nothing queued: the pump stops, and 2 (at 212) is scheduled for 213.
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(212, 2), .error(240, TestError())])
    let res = scheduler.start { xs.observe(on: scheduler) }
    #expect(res.events == [.next(211, 1), .next(213, 2), .error(241, TestError())])
  }

  @Test func traitsObservedOnASchedulerCompleteOneTickAfterTheElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let single = scheduler.start { Single.just(1).observe(on: scheduler) }
    #expect(single.events == [.next(201, 1), .completed(202)])
    let maybe = scheduler.start(created: 1000, subscribed: 1100, disposed: 2000) {
      Maybe.just(2).observe(on: scheduler)
    }
    #expect(maybe.events == [.next(1101, 2), .completed(1102)])
    let empty = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
      Maybe<Int>.empty().observe(on: scheduler)
    }
    #expect(empty.events == [.completed(2201)])
  }

  // RxSwift's `Delay` forwards one event per action; the next one is scheduled for its own due time minus now, which
  // for an event that arrived together with the previous one is zero (the processing delay makes it one tick).

  @Test func delayDeliversEventsThatArriveTogetherOneTickApart() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable.of(1, 2).delay(.seconds(10), scheduler: scheduler) }
    #expect(res.events == [.next(210, 1), .next(211, 2), .completed(212)])
  }

  @Test func delayOfAHotSourceThatCompletesWithItsLastElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(230)])
    let res = scheduler.start { xs.delay(.seconds(10), scheduler: scheduler) }
    #expect(res.events == [.next(220, 1), .next(240, 2), .completed(241)])
  }

  @Test func delayedTraitsCompleteOneTickAfterTheElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let single = scheduler.start { Single.just(1).delay(.seconds(10), scheduler: scheduler) }
    #expect(single.events == [.next(210, 1), .completed(211)])
    let maybe = scheduler.start(created: 1000, subscribed: 1100, disposed: 2000) {
      Maybe.just(2).delay(.seconds(10), scheduler: scheduler)
    }
    #expect(maybe.events == [.next(1110, 2), .completed(1111)])
  }

  // RxSwift documents it on the traits' `delay`: "Error events from the source observable sequence are not delayed."
  @Test func delayedTraitsForwardAnErrorAtOnce() {
    let scheduler = TestScheduler(initialClock: 0)
    let single = scheduler.start {
      Single<Int>.create { observer in
        _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
          observer(.failure(TestError(id: 1)))
          return Disposables.create()
        }
        return Disposables.create()
      }.delay(.seconds(10), scheduler: scheduler)
    }
    #expect(single.events == [.error(205, TestError(id: 1))])
  }

  @Test func delayedSingleStillSucceedsAtTheElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(200) {
      _ = Single.just(1).delay(.seconds(10), scheduler: scheduler).subscribe(onSuccess: { observer.onNext($0) })
    }
    scheduler.start()
    #expect(observer.events == [.next(210, 1)])
  }

  // RxSwift's `from(_:scheduler:)` / `of(_:scheduler:)` schedule each element and the completion recursively;
  // `from(optional:scheduler:)` the element and then the completion. RxCocoa's `Driver.from` / `of` /
  // `from(optional:)` use them with the sharing scheduler.

  @Test func scheduledSourcesEmitOneElementPerTick() {
    let scheduler = TestScheduler(initialClock: 0)
    let array = scheduler.start { Observable.from([1, 2], scheduler: scheduler) }
    #expect(array.events == [.next(201, 1), .next(202, 2), .completed(203)])
    let variadic = scheduler.start(created: 1000, subscribed: 1100, disposed: 2000) {
      Observable.of(3, 4, scheduler: scheduler)
    }
    #expect(variadic.events == [.next(1101, 3), .next(1102, 4), .completed(1103)])
    let some = scheduler.start(created: 2000, subscribed: 2100, disposed: 3000) {
      Observable.from(optional: 5, scheduler: scheduler)
    }
    #expect(some.events == [.next(2101, 5), .completed(2102)])
    let none = scheduler.start(created: 3000, subscribed: 3100, disposed: 4000) {
      Observable<Int>.from(optional: nil, scheduler: scheduler)
    }
    #expect(none.events == [.completed(3101)])
  }

  @Test func disposingAScheduledSourceStopsIt() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 202) { Observable.from(1...5, scheduler: scheduler) }
    #expect(res.events == [.next(201, 1)])
  }

  @MainActor @Test func driverFactoriesUnderAMockedSchedulerEmitOneElementPerTick() {
    let scheduler = TestScheduler(initialClock: 0)
    let (from, of, optional, just) = SharingScheduler.mock(scheduler: scheduler) {
      (
        scheduler.start { Driver.from([1, 2]) },
        scheduler.start(created: 1000, subscribed: 1100, disposed: 2000) { Driver.of(3, 4) },
        scheduler.start(created: 2000, subscribed: 2100, disposed: 3000) { Driver.from(optional: 5) },
        scheduler.start(created: 3000, subscribed: 3100, disposed: 4000) { Driver.just(6) }
      )
    }
    #expect(from.events == [.next(201, 1), .next(202, 2), .completed(203)])
    #expect(of.events == [.next(1101, 3), .next(1102, 4), .completed(1103)])
    #expect(optional.events == [.next(2101, 5), .completed(2102)])
    // `just` subscribes on the sharing scheduler (RxCocoa: `just(_:).subscribe(on:)`): element and completion at once.
    #expect(just.events == [.next(3101, 6), .completed(3101)])
  }

  @MainActor @Test func signalFromUnderAMockedSchedulerEmitsOneElementPerTick() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = SharingScheduler.mock(scheduler: scheduler) { scheduler.start { Signal.from([1, 2]) } }
    #expect(res.events == [.next(201, 1), .next(202, 2), .completed(203)])
  }
}
