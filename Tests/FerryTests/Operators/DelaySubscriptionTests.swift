import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct DelaySubscriptionTests {
  @Test func subscribesLater() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])
    let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
    #expect(res.events == [.next(280, 42), .next(290, 43), .completed(300)])
    #expect(xs.subscriptions == [Subscription(230, 300)])
  }

  @Test func forwardsErrors() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(50, 42), .error(60, TestError())])
    let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
    #expect(res.events == [.next(280, 42), .error(290, TestError())])
    #expect(xs.subscriptions == [Subscription(230, 290)])
  }

  @Test func disposalBeforeTheDelayNeverSubscribes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(50, 42), .completed(70)])
    let res = scheduler.start(disposed: 220) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
    #expect(res.events == [])
    #expect(xs.subscriptions == [])
  }

  @Test func disposalAfterTheDelayUnsubscribes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(50, 42), .next(100, 43)])
    let res = scheduler.start(disposed: 300) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
    #expect(res.events == [.next(280, 42)])
    #expect(xs.subscriptions == [Subscription(230, 300)])
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
