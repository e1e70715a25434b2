import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct IntervalTests {
  @Test func emitsCountsEveryPeriod() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 650) { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }
    expectMarbles(res.events, "^---------0---------1---------2---------3")
  }

  @Test func disposeFromInsideOnNextStopsDelivery() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.createObserver(Int.self)
    let subscription = SerialDisposable()
    subscription.disposable = Observable<Int>.interval(.seconds(10), scheduler: scheduler).subscribe(
      onNext: { element in
        observer.onNext(element)
        if element == 2 { subscription.dispose() }
      })
    scheduler.start()
    #expect(observer.events == [.next(10, 0), .next(20, 1), .next(30, 2)])
  }

  @Test func worksOnOtherIntegerTypes() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 230) { Observable<UInt8>.interval(.seconds(10), scheduler: scheduler) }
    expectMarbles(res.events, "^01")
  }
}

@Suite struct TimeOperatorLeakTests {
  /// An observer object whose lifetime the tests watch.
  final class WatchedObserver: ObserverType, @unchecked Sendable {
    // `@unchecked Sendable`: holds no state.
    func on(_ event: Event<Int>) {}
  }

  /// Subscribes a watched observer to `make(scheduler)`, lets `advance` ticks pass, disposes, and returns
  /// whether the observer (and so the sink and its timers) was released while timers were still pending.
  /// `feed`, if given, sends two elements after subscribing.
  private func observerIsReleased(
    advance: TestTime = 5,
    feeding feed: TestFeed<Int>? = nil,
    _ make: (TestScheduler) -> Observable<Int>
  ) -> Bool {
    let scheduler = TestScheduler(initialClock: 0)
    weak var weakObserver: WatchedObserver?
    var subscription: (any Disposable)?
    do {
      let observer = WatchedObserver()
      weakObserver = observer
      subscription = make(scheduler).subscribe(observer)
    }
    // Elements that start timers (debounce, throttle's quiet period, delay's queue).
    feed?.onNext(1)
    feed?.onNext(2)
    scheduler.advanceTo(advance)
    subscription?.dispose()
    subscription = nil
    return weakObserver == nil
  }

  @Test func disposedTimeOperatorsReleaseTheirObserver() {
    let feed = TestFeed<Int>()
    #expect(observerIsReleased { Observable<Int>.interval(.seconds(3), scheduler: $0) })
    #expect(observerIsReleased { Observable<Int>.timer(.seconds(30), scheduler: $0) })
    #expect(observerIsReleased { Observable<Int>.timer(.seconds(3), period: .seconds(3), scheduler: $0) })
    #expect(
      observerIsReleased(feeding: feed) { scheduler in feed.observable.debounce(.seconds(30), scheduler: scheduler) })
    #expect(observerIsReleased(feeding: feed) { feed.observable.throttle(.seconds(30), scheduler: $0) })
    #expect(observerIsReleased(feeding: feed) { feed.observable.delay(.seconds(30), scheduler: $0) })
    #expect(observerIsReleased(feeding: feed) { feed.observable.delaySubscription(.seconds(30), scheduler: $0) })
    #expect(observerIsReleased(feeding: feed) { feed.observable.timeout(.seconds(30), scheduler: $0) })
    #expect(
      observerIsReleased(feeding: feed) {
        feed.observable.buffer(timeSpan: .seconds(30), count: 3, scheduler: $0).map(\.count)
      })
    #expect(
      observerIsReleased(feeding: feed) {
        feed.observable.window(timeSpan: .seconds(30), count: 3, scheduler: $0).map { _ in 0 }
      })
  }
}
