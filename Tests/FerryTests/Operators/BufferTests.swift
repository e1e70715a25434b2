import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct BufferTests {
  @Test func emitsOnCountOrTimeSpan() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6), .next(370, 7),
      .next(420, 8), .next(470, 9), .completed(600),
    ])
    let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
    #expect(
      res.events == [
        .next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7]), .next(440, [8]), .next(510, [9]),
        .next(580, []), .next(600, []), .completed(600),
      ])
    #expect(xs.subscriptions == [Subscription(200, 600)])
  }

  @Test func errorDropsTheBuffer() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(205, 1), .next(210, 2), .error(250, TestError())])
    let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
    #expect(res.events == [.error(250, TestError())])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test func disposalCancelsTheTimer() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(205, 1), .next(210, 2), .next(280, 3)])
    let res = scheduler.start(disposed: 300) { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
    #expect(res.events == [.next(270, [1, 2])])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test func disposeFromInsideOnNextStopsDelivery() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(205, 1), .next(206, 2), .completed(300)])
    let observer = scheduler.createObserver([Int].self)
    let subscription = SerialDisposable()
    scheduler.scheduleAt(200) {
      subscription.disposable = xs.buffer(timeSpan: .seconds(70), count: 1, scheduler: scheduler).subscribe(
        onNext: { element in
          observer.onNext(element)
          subscription.dispose()
        })
    }
    scheduler.start()
    #expect(observer.events == [.next(205, [1])])
    #expect(xs.subscriptions == [Subscription(200, 205)])
  }

  @Test func timersOnOtherThreadsKeepTheGrammar() async {
    await timeOperatorStress { source, scheduler in
      source.buffer(timeSpan: .milliseconds(1), count: 7, scheduler: scheduler).map { $0.count }
    }
  }
}
