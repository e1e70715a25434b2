import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct DelayTests {
  @Test func shiftsElementsAndCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .completed(550),
    ])
    let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
    #expect(res.events == [.next(350, 2), .next(450, 3), .next(550, 4), .completed(650)])
    #expect(xs.subscriptions == [Subscription(200, 550)])
  }

  @Test func overlappingDelaysKeepOrder() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(211, 2), .next(230, 3), .completed(240)])
    let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }
    #expect(res.events == [.next(260, 1), .next(261, 2), .next(280, 3), .completed(290)])
  }

  @Test func errorIsDeliveredAtOnce() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(250, 2), .error(300, TestError())])
    let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
    #expect(res.events == [.error(300, TestError())])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test func disposalCancelsPendingElements() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(250, 2), .next(350, 3), .completed(550)])
    let res = scheduler.start(disposed: 400) { xs.delay(.seconds(100), scheduler: scheduler) }
    #expect(res.events == [.next(350, 2)])
    #expect(xs.subscriptions == [Subscription(200, 400)])
  }

  @Test func disposeFromInsideOnNextStopsDelivery() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(211, 2), .completed(220)])
    let observer = scheduler.createObserver(Int.self)
    let subscription = SerialDisposable()
    scheduler.scheduleAt(200) {
      subscription.disposable = xs.delay(.seconds(10), scheduler: scheduler).subscribe(
        onNext: { element in
          observer.onNext(element)
          subscription.dispose()
        })
    }
    scheduler.start()
    #expect(observer.events == [.next(220, 1)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test func disposalReleasesQueuedElements() {
    let scheduler = TestScheduler(initialClock: 0)
    let feed = TestFeed<Tracked>()
    weak var weakTracked: Tracked?
    let subscription = feed.observable.delay(.seconds(5), scheduler: scheduler).subscribe(onNext: { _ in })
    do {
      let tracked = Tracked()
      weakTracked = tracked
      feed.onNext(tracked)
    }
    #expect(weakTracked != nil)
    subscription.dispose()
    #expect(weakTracked == nil)
  }

  @Test func timersOnOtherThreadsKeepTheGrammar() async {
    await timeOperatorStress { $0.delay(.nanoseconds(0), scheduler: $1) }
  }
}
