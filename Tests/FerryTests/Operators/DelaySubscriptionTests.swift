import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct DelaySubscriptionTests {
  // The cold sources are drawn from the column where they are subscribed (230); `<@200>` starts the
  // subscription diagrams at 200, so that their `^` can be at 230.

  @Test func subscribesLater() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createColdObservable("         -----ab|", values: ["a": 42, "b": 43])
    let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
    expectMarbles(res.events, "      ^-------ab|", values: ["a": 42, "b": 43])
    expectSubscriptions(xs.subscriptions, "<@200>---^------!")
  }

  @Test func forwardsErrors() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createColdObservable("         -----a#", values: ["a": 42], error: TestError())
    let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
    expectMarbles(res.events, "      ^-------a#", values: ["a": 42], error: TestError())
    expectSubscriptions(xs.subscriptions, "<@200>---^-----!")
  }

  @Test func disposalBeforeTheDelayNeverSubscribes() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createColdObservable("-----a-|", values: ["a": 42])
    let res = scheduler.start(disposed: 220) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
    expectMarbles(res.events, "^--")
    #expect(xs.subscriptions == [])
  }

  @Test func disposalAfterTheDelayUnsubscribes() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createColdObservable("         -----a----b", values: ["a": 42, "b": 43])
    let res = scheduler.start(disposed: 300) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
    expectMarbles(res.events, "      ^-------a", values: ["a": 42])
    expectSubscriptions(xs.subscriptions, "<@200>---^------!")
  }

  @Test func disposeFromInsideOnNextStopsDelivery() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .next(10, 2), .completed(20)])
    let observer = scheduler.createObserver(Int.self)
    let subscription = SerialDisposable()
    scheduler.scheduleAt(200) {
      subscription.disposable = xs.delaySubscription(.seconds(10), scheduler: scheduler).subscribe(
        onNext: { element in
          observer.onNext(element)
          subscription.dispose()
        })
    }
    scheduler.start()
    #expect(observer.events == [.next(220, 1)])
    #expect(xs.subscriptions == [Subscription(210, 220)])
  }
}
