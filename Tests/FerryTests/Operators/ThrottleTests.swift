import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct ThrottleTests {
  // The diagrams here use 5-tick frames (`frameTicks: 5`): the sources emit at times such as 215 and 225, half
  // of a default frame. `^` is still at 200.

  @Test func latestEmitsTheLastElementOfEachQuietPeriod() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable(
      "1---------^-2-34------5-------67------------------|", of: Int.self, frameTicks: 5)
    let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
    expectMarbles(res.events, "          ^-2---4-----5-------6---7---------------|", frameTicks: 5)
    expectSubscriptions(xs.subscriptions, "          ^---------------------------------------!", frameTicks: 5)
  }

  @Test func notLatestDropsElementsOfTheQuietPeriod() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable(
      "1---------^-2-34------5-------67------------------|", of: Int.self, frameTicks: 5)
    let res = scheduler.start { xs.throttle(.seconds(20), latest: false, scheduler: scheduler) }
    expectMarbles(res.events, "          ^-2---------5-------6-------------------|", frameTicks: 5)
    expectSubscriptions(xs.subscriptions, "          ^---------------------------------------!", frameTicks: 5)
  }

  @Test func completionWaitsForThePendingElement() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-12|", of: Int.self, frameTicks: 5)
    let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
    expectMarbles(res.events, "^-1---(2|)", frameTicks: 5)
    // The test observable's subscription ends when it terminates (it is wrapped by `asObservable()`).
    expectSubscriptions(xs.subscriptions, "^---!", frameTicks: 5)
  }

  @Test func errorDropsThePendingElement() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-12#", of: Int.self, error: TestError(), frameTicks: 5)
    let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
    expectMarbles(res.events, "^-1-#", error: TestError(), frameTicks: 5)
    expectSubscriptions(xs.subscriptions, "^---!", frameTicks: 5)
  }

  @Test func disposalCancelsThePendingTimer() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-12--------3", of: Int.self, frameTicks: 5)
    let res = scheduler.start(disposed: 220) { xs.throttle(.seconds(20), scheduler: scheduler) }
    expectMarbles(res.events, "^-1", frameTicks: 5)
    expectSubscriptions(xs.subscriptions, "^---!", frameTicks: 5)
  }

  @Test func disposeFromInsideOnNextStopsDelivery() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(260, 3)])
    let observer = scheduler.createObserver(Int.self)
    let subscription = SerialDisposable()
    scheduler.scheduleAt(200) {
      subscription.disposable = xs.throttle(.seconds(20), scheduler: scheduler).subscribe(
        onNext: { element in
          observer.onNext(element)
          subscription.dispose()
        })
    }
    scheduler.start()
    #expect(observer.events == [.next(210, 1)])
    #expect(xs.subscriptions == [Subscription(200, 210)])
  }

  @Test func disposalReleasesThePendingElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let feed = TestFeed<Tracked>()
    weak var weakTracked: Tracked?
    let subscription = feed.observable.throttle(.seconds(5), scheduler: scheduler).subscribe(onNext: { _ in })
    feed.onNext(Tracked(0))
    do {
      let tracked = Tracked(1)
      weakTracked = tracked
      feed.onNext(tracked)
    }
    #expect(weakTracked != nil)
    subscription.dispose()
    #expect(weakTracked == nil)
  }

  @Test func timersOnOtherThreadsKeepTheGrammar() async {
    await timeOperatorStress { $0.throttle(.microseconds(1), scheduler: $1) }
    await timeOperatorStress { $0.throttle(.seconds(1), latest: false, scheduler: $1) }
  }
}
