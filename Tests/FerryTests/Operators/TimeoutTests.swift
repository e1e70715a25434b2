import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct TimeoutTests {
  @Test func failsWhenAGapIsTooLong() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(240, 3), .next(300, 4)])
    let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
    #expect(res.events == [.next(210, 2), .next(240, 3), .error(290, RxError.timeout)])
    #expect(xs.subscriptions == [Subscription(200, 290)])
  }

  @Test func timerStartsAtSubscription() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(260, 1)])
    let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
    #expect(res.events == [.error(250, RxError.timeout)])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test func passesThroughInTime() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(280)])
    let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
    #expect(res.events == [.next(210, 1), .next(240, 2), .completed(280)])
    #expect(xs.subscriptions == [Subscription(200, 280)])
  }

  @Test func neverDueTimeNeverTimesOut() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(900, 2)])
    let res = scheduler.start { xs.timeout(.never, scheduler: scheduler) }
    #expect(res.events == [.next(210, 1), .next(900, 2)])
    #expect(scheduler.clock == 1000)
  }

  @Test func throttleAndDelayWithNeverDueTime() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let throttled = scheduler.start { xs.throttle(.never, scheduler: scheduler) }
    #expect(throttled.events == [.next(210, 1)])
    let delayed = TestScheduler(initialClock: 0)
    let ys = delayed.createHotObservable([.next(210, 1), .completed(300)])
    let res = delayed.start { ys.delay(.never, scheduler: delayed) }
    #expect(res.events == [])
    #expect(delayed.clock == 1000)
  }

  @Test func forwardsErrors() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(240, TestError())])
    let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
    #expect(res.events == [.next(210, 1), .error(240, TestError())])
  }

  @Test func switchesToOther() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(300, 3)])
    let ys = scheduler.createColdObservable([.next(10, -1), .completed(20)])
    let res = scheduler.start { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }
    #expect(res.events == [.next(210, 1), .next(240, 2), .next(300, -1), .completed(310)])
    #expect(xs.subscriptions == [Subscription(200, 290)])
    #expect(ys.subscriptions == [Subscription(290, 310)])
  }

  @Test func disposalCancelsTheTimer() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1)])
    let ys = scheduler.createColdObservable([.next(10, -1)])
    let res = scheduler.start(disposed: 230) { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }
    #expect(res.events == [.next(210, 1)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(ys.subscriptions == [])
  }

  @Test func disposalAfterTheSwitchDisposesOther() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1)])
    let ys = scheduler.createColdObservable([.next(10, -1), .next(50, -2)])
    let res = scheduler.start(disposed: 300) { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }
    #expect(res.events == [.next(210, 1), .next(270, -1)])
    #expect(ys.subscriptions == [Subscription(260, 300)])
  }

  @Test func disposeFromInsideOnNextStopsDelivery() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
    let observer = scheduler.createObserver(Int.self)
    let subscription = SerialDisposable()
    scheduler.scheduleAt(200) {
      subscription.disposable = xs.timeout(.seconds(50), scheduler: scheduler).subscribe(
        onNext: { element in
          observer.onNext(element)
          subscription.dispose()
        },
        onError: { observer.onError($0) })
    }
    scheduler.start()
    #expect(observer.events == [.next(210, 1)])
    #expect(xs.subscriptions == [Subscription(200, 210)])
  }

  @Test func aTimerFiringDuringSubscriptionSwitchesToOther() async {
    // The first timer may fire on another thread before the source subscription is attached.
    for _ in 0..<50 {
      let checker = GrammarChecker<Int>()
      let subscription = Observable<Int>.never()
        .timeout(.nanoseconds(0), other: Observable.just(42), scheduler: ConcurrentImmediateScheduler())
        .subscribe(checker)
      #expect(await checker.done.signalled())
      subscription.dispose()
      #expect(checker.state.current.events == [.next(42), .completed])
    }
  }

  @Test func timersOnOtherThreadsKeepTheGrammar() async {
    // With an immediate timer the result is either a timeout error or completion; either way the grammar holds.
    for _ in 0..<20 {
      let feed = TestFeed<Int>()
      let checker = GrammarChecker<Int>()
      let subscription = feed.observable.timeout(.microseconds(100), scheduler: ConcurrentImmediateScheduler())
        .subscribe(checker)
      let fed = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        for element in 0..<200 { feed.onNext(element) }
        feed.onCompleted()
        fed.signal()
      }
      #expect(await fed.signalled())
      #expect(await checker.done.signalled())
      subscription.dispose()
      let state = checker.state.current
      #expect(state.overlaps == 0)
      #expect(state.afterStop == 0)
      #expect(state.events.last?.isStopEvent == true)
    }
  }
}
