import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct IntervalTests {
  @Test func emitsCountsEveryPeriod() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 650) { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }
    #expect(res.events == [.next(300, 0), .next(400, 1), .next(500, 2), .next(600, 3)])
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
    #expect(res.events == [.next(210, 0), .next(220, 1)])
  }
}
