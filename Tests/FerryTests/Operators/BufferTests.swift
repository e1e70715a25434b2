import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct BufferTests {
  // 1 comes at 205, half a frame after the subscription: `<@205>1<@210>` states it. The other diagrams are padded
  // so that each column is the same time in all of them: 210 is the column after `<@210>`, and `^` (200) is just
  // before it.

  @Test func emitsOnCountOrTimeSpan() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("<@205>1<@210>2--3---4---5--6-7----8----9------------|", of: Int.self)
    let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
    expectMarbles(
      res.events, "            ^---a------b-----c------d------e------f-(g|)",
      values: ["a": [1, 2, 3], "b": [4], "c": [5, 6, 7], "d": [8], "e": [9], "f": [], "g": []])
    expectSubscriptions(xs.subscriptions, "            ^---------------------------------------!")
  }

  @Test func errorDropsTheBuffer() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("<@205>1<@210>2---#", of: Int.self, error: TestError())
    let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
    expectMarbles(res.events, "            ^----#", error: TestError())
    expectSubscriptions(xs.subscriptions, "            ^----!")
  }

  @Test func disposalCancelsTheTimer() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("<@205>1<@210>2------3", of: Int.self)
    let res = scheduler.start(disposed: 300) { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
    expectMarbles(res.events, "            ^------a", values: ["a": [1, 2]])
    expectSubscriptions(xs.subscriptions, "            ^---------!")
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
