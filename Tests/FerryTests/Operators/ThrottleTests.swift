import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct ThrottleTests {
  private static let timeline: [Recorded<Event<Int>>] = [
    .next(150, 1), .next(210, 2), .next(220, 3), .next(225, 4), .next(260, 5), .next(300, 6), .next(305, 7),
    .completed(400),
  ]

  @Test func latestEmitsTheLastElementOfEachQuietPeriod() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.timeline)
    let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
    #expect(
      res.events == [.next(210, 2), .next(230, 4), .next(260, 5), .next(300, 6), .next(320, 7), .completed(400)])
    #expect(xs.subscriptions == [Subscription(200, 400)])
  }

  @Test func notLatestDropsElementsOfTheQuietPeriod() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(Self.timeline)
    let res = scheduler.start { xs.throttle(.seconds(20), latest: false, scheduler: scheduler) }
    #expect(res.events == [.next(210, 2), .next(260, 5), .next(300, 6), .completed(400)])
    #expect(xs.subscriptions == [Subscription(200, 400)])
  }

  @Test func completionWaitsForThePendingElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
    let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
    #expect(res.events == [.next(210, 1), .next(230, 2), .completed(230)])
    // The test observable's subscription ends when it terminates (it is wrapped by `asObservable()`).
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test func errorDropsThePendingElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .error(220, TestError())])
    let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
    #expect(res.events == [.next(210, 1), .error(220, TestError())])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test func disposalCancelsThePendingTimer() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(260, 3)])
    let res = scheduler.start(disposed: 220) { xs.throttle(.seconds(20), scheduler: scheduler) }
    #expect(res.events == [.next(210, 1)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
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
