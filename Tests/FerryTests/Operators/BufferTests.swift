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

  @Test func aTimerHandedOverAfterItsTimeSpanEndedLeavesTheNextTimeSpansTimerRunning() {
    // The full array [1, 2] starts time span 1, whose timer fires before `buffer` has it in hand (another thread's
    // timer would); that end starts time span 2. The late hand-over of span 1's timer must not cancel span 2's.
    let scheduler = ManualScheduler(runsInline: 2)
    let relay = PublishRelay<Int>()
    let received = LockedBox([[Int]]())
    let subscription = relay.buffer(timeSpan: .seconds(1), count: 2, scheduler: scheduler)
      .subscribe(onNext: { array in received.withLock { $0.append(array) } })
    relay.accept(1)
    relay.accept(2)
    #expect(received.current == [[1, 2], []])
    #expect(scheduler.disposables.count == 3)
    #expect(scheduler.disposables[0].isDisposed, "span 0 closed full: its timer is cancelled")
    #expect(scheduler.disposables[1].isDisposed, "span 1's timer, handed over after its span ended")
    #expect(!scheduler.disposables[2].isDisposed, "the current span's timer keeps running")
    scheduler.run(2)
    #expect(received.current == [[1, 2], [], []], "the current span ends on time")
    subscription.dispose()
    #expect(scheduler.disposables.count == 4)
    #expect(scheduler.disposables[3].isDisposed, "disposal cancels the current timer")
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
