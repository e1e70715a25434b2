import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct TimeoutTests {
  @Test func failsWhenAGapIsTooLong() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("1----^2--3-----4", of: Int.self)
    let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
    expectMarbles(res.events, "     ^2--3----#", error: RxError.timeout)
    expectSubscriptions(xs.subscriptions, "     ^--------!")
  }

  @Test func timerStartsAtSubscription() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-----1", of: Int.self)
    let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
    expectMarbles(res.events, "^----#", error: RxError.timeout)
    expectSubscriptions(xs.subscriptions, "^----!")
  }

  @Test func passesThroughInTime() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^1--2---|", of: Int.self)
    let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
    expectMarbles(res.events, "^1--2---|")
    expectSubscriptions(xs.subscriptions, "^-------!")
  }

  @Test func neverDueTimeNeverTimesOut() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^1<68>2", of: Int.self)
    let res = scheduler.start { xs.timeout(.never, scheduler: scheduler) }
    expectMarbles(res.events, "^1<68>2")
    #expect(scheduler.clock == 1000)
  }

  @Test func throttleAndDelayWithNeverDueTime() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^12-------|", of: Int.self)
    let throttled = scheduler.start { xs.throttle(.never, scheduler: scheduler) }
    expectMarbles(throttled.events, "^1")
    let delayed = TestScheduler(initialClock: 0)
    let ys = try delayed.createHotObservable("^1--------|", of: Int.self)
    let res = delayed.start { ys.delay(.never, scheduler: delayed) }
    expectMarbles(res.events, "^")
    #expect(delayed.clock == 1000)
  }

  @Test func forwardsErrors() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^1--#", of: Int.self, error: TestError())
    let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }
    expectMarbles(res.events, "^1--#", error: TestError())
  }

  // `other` is drawn from the column where it is subscribed; `<@200>` starts its subscription diagram at 200.

  @Test func switchesToOther() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("      ^1--2-----3", of: Int.self)
    let ys = try scheduler.createColdObservable("               -a|", values: ["a": -1])
    let res = scheduler.start { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }
    expectMarbles(res.events, "      ^1--2-----a|", values: ["a": -1])
    expectSubscriptions(xs.subscriptions, "      ^--------!")
    expectSubscriptions(ys.subscriptions, "<@200>---------^-!")
  }

  @Test func disposalCancelsTheTimer() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^1", of: Int.self)
    let ys = try scheduler.createColdObservable("-a", values: ["a": -1])
    let res = scheduler.start(disposed: 230) { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }
    expectMarbles(res.events, "^1")
    expectSubscriptions(xs.subscriptions, "^--!")
    #expect(ys.subscriptions == [])
  }

  @Test func disposalAfterTheSwitchDisposesOther() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("      ^1", of: Int.self)
    let ys = try scheduler.createColdObservable("            -a---b", values: ["a": -1, "b": -2])
    let res = scheduler.start(disposed: 300) { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }
    expectMarbles(res.events, "      ^1-----a", values: ["a": -1])
    expectSubscriptions(ys.subscriptions, "<@200>------^---!")
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
