import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct DebounceTests {
  @Test func emitsAfterQuietPeriod() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(210, 2), .next(240, 3), .next(250, 4), .next(300, 5), .next(330, 6), .completed(400),
    ])
    let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
    #expect(res.events == [.next(230, 2), .next(270, 4), .next(320, 5), .next(350, 6), .completed(400)])
    #expect(xs.subscriptions == [Subscription(200, 400)])
  }

  @Test func neverDueTimeEmitsOnlyTheLastElementAtCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start { xs.debounce(.never, scheduler: scheduler) }
    #expect(res.events == [.next(300, 2), .completed(300)])
  }

  @Test func completionFlushesThePendingElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
    let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
    #expect(res.events == [.next(220, 1), .completed(220)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test func errorDropsThePendingElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
    let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
    #expect(res.events == [.error(220, TestError())])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test func disposalCancelsThePendingTimer() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(500)])
    let res = scheduler.start(disposed: 300) { xs.debounce(.seconds(20), scheduler: scheduler) }
    #expect(res.events == [.next(230, 1)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test func disposeFromInsideOnNextStopsDelivery() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
    let observer = scheduler.createObserver(Int.self)
    let subscription = SerialDisposable()
    scheduler.scheduleAt(200) {
      subscription.disposable = xs.debounce(.seconds(5), scheduler: scheduler).subscribe(
        onNext: { element in
          observer.onNext(element)
          subscription.dispose()
        })
    }
    scheduler.start()
    #expect(observer.events == [.next(215, 1)])
    #expect(xs.subscriptions == [Subscription(200, 215)])
  }

  @Test func disposalReleasesThePendingElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let subject = TestFeed<Tracked>()
    weak var weakTracked: Tracked?
    let subscription = subject.observable.debounce(.seconds(5), scheduler: scheduler).subscribe(onNext: { _ in })
    do {
      let tracked = Tracked()
      weakTracked = tracked
      subject.onNext(tracked)
    }
    #expect(weakTracked != nil)
    subscription.dispose()
    #expect(weakTracked == nil)
    scheduler.start()
  }

  @Test func timersOnOtherThreadsKeepTheGrammar() async {
    await timeOperatorStress { $0.debounce(.nanoseconds(0), scheduler: $1) }
  }
}
