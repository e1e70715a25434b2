import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct DebounceTests {
  @Test func emitsAfterQuietPeriod() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("1----^2--34----5--6------|", of: Int.self)
    let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
    expectMarbles(res.events, "     ^--2---4----5--6----|")
    expectSubscriptions(xs.subscriptions, "     ^-------------------!")
  }

  @Test func neverDueTimeEmitsOnlyTheLastElementAtCompletion() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^12-------|", of: Int.self)
    let res = scheduler.start { xs.debounce(.never, scheduler: scheduler) }
    expectMarbles(res.events, "^---------(2|)")
  }

  @Test func completionFlushesThePendingElement() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^1|", of: Int.self)
    let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
    expectMarbles(res.events, "^-(1|)")
    expectSubscriptions(xs.subscriptions, "^-!")
  }

  @Test func errorDropsThePendingElement() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^1#", of: Int.self, error: TestError())
    let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
    expectMarbles(res.events, "^-#", error: TestError())
    expectSubscriptions(xs.subscriptions, "^-!")
  }

  @Test func disposalCancelsThePendingTimer() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^1-------2<20>|", of: Int.self)
    let res = scheduler.start(disposed: 300) { xs.debounce(.seconds(20), scheduler: scheduler) }
    expectMarbles(res.events, "^--1")
    expectSubscriptions(xs.subscriptions, "^---------!")
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
