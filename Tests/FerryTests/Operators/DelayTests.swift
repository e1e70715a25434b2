import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct DelayTests {
  @Test func shiftsElementsAndCompletion() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("1----^----2---------3---------4---------|", of: Int.self)
    let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
    expectMarbles(res.events, "     ^--------------2---------3---------4---------|")
    expectSubscriptions(xs.subscriptions, "     ^----------------------------------!")
  }

  @Test func overlappingDelaysKeepOrder() throws {
    let scheduler = TestScheduler(initialClock: 0)
    // 2 comes one tick after 1: `<@t>` states the times that are not whole frames.
    let xs = try scheduler.createHotObservable("<@210>1<@211>2<@230>3|", of: Int.self)
    let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }
    expectMarbles(res.events, "<@260>1<@261>2<@280>3|")
  }

  @Test func errorIsDeliveredAtOnce() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^----2----#", of: Int.self, error: TestError())
    let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
    expectMarbles(res.events, "^---------#", error: TestError())
    expectSubscriptions(xs.subscriptions, "^---------!")
  }

  @Test func disposalCancelsPendingElements() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^----2---------3---------<10>|", of: Int.self)
    let res = scheduler.start(disposed: 400) { xs.delay(.seconds(100), scheduler: scheduler) }
    expectMarbles(res.events, "^--------------2")
    expectSubscriptions(xs.subscriptions, "^-------------------!")
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
