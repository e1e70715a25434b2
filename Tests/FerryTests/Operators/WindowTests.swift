import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct WindowTests {
  /// Subscribes a test observer to every window as it is emitted; returns the observers (in order) and the
  /// times the windows were emitted.
  private func record(
    _ scheduler: TestScheduler,
    disposed: TestTime = 1000,
    _ make: @escaping () -> Observable<Observable<Int>>
  ) -> (windows: [TestableObserver<Int>], outer: [Recorded<Event<Int>>]) {
    let windows = LockedBox<[TestableObserver<Int>]>([])
    let bag = CompositeDisposable()
    let res = scheduler.start(disposed: disposed) {
      make().map { window -> Int in
        let observer = scheduler.createObserver(Int.self)
        bag.insert(window.subscribe(observer))
        return windows.withLock { windows in
          windows.append(observer)
          return windows.count - 1
        }
      }
    }
    bag.dispose()
    return (windows.current, res.events)
  }

  // 1 comes at 205, half a frame after the subscription: `<@205>1<@210>` states it. The other diagrams are padded
  // so that each column is the same time in all of them: `<@200>` puts the column before 210 at 200, where `^` is.
  // The outer sequence emits each window's index; the windows' diagrams follow.

  @Test func closesOnCountOrTimeSpan() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("<@205>1<@210>2--3---4---5--6-7----8----9------------|", of: Int.self)
    let (windows, outer) = record(scheduler) { xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
    expectMarbles(outer, "      <@200>0---1------2-----3------4------5------6-|")
    try #require(windows.count == 7)
    expectMarbles(windows[0].events, "<@205>1<@210>2--(3|)")
    expectMarbles(windows[1].events, "      <@200>--------4--|")
    expectMarbles(windows[2].events, "      <@200>------------5--6-(7|)")
    expectMarbles(windows[3].events, "      <@200>----------------------8-|")
    expectMarbles(windows[4].events, "      <@200>---------------------------9---|")
    expectMarbles(windows[5].events, "      <@200>--------------------------------------|")
    expectMarbles(windows[6].events, "      <@200>----------------------------------------|")
    expectSubscriptions(xs.subscriptions, "            ^---------------------------------------!")
  }

  @Test func aTimerHandedOverAfterItsTimeSpanEndedLeavesTheNextTimeSpansTimerRunning() {
    // The full window [1, 2] starts time span 1, whose timer fires before `window` has it in hand (another thread's
    // timer would); that end starts time span 2. The late hand-over of span 1's timer must not cancel span 2's.
    let scheduler = ManualScheduler(runsInline: 2)
    let relay = PublishRelay<Int>()
    let windows = LockedBox(0)
    let subscription = relay.window(timeSpan: .seconds(1), count: 2, scheduler: scheduler)
      .subscribe(onNext: { _ in windows.withLock { $0 += 1 } })
    relay.accept(1)
    relay.accept(2)
    #expect(windows.current == 3, "the first window, the one after the full one, the one after span 1's end")
    #expect(scheduler.disposables.count == 3)
    #expect(scheduler.disposables[0].isDisposed, "span 0's window closed full: its timer is cancelled")
    #expect(scheduler.disposables[1].isDisposed, "span 1's timer, handed over after its span ended")
    #expect(!scheduler.disposables[2].isDisposed, "the current span's timer keeps running")
    scheduler.run(2)
    #expect(windows.current == 4, "the current span ends on time")
    subscription.dispose()
    #expect(scheduler.disposables.count == 4)
    #expect(scheduler.disposables[3].isDisposed, "disposal cancels the current timer")
  }

  @Test func errorTerminatesTheWindowAndTheOuterSequence() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("<@205>1<@210>----#", of: Int.self, error: TestError())
    let (windows, outer) = record(scheduler) { xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
    expectMarbles(outer, "      <@200>0----#", error: TestError())
    try #require(windows.count == 1)
    expectMarbles(windows[0].events, "<@205>1<@210>----#", error: TestError())
    expectSubscriptions(xs.subscriptions, "            ^----!")
  }

  @Test func disposalCancelsTheTimer() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("<@205>1<@210>-------2", of: Int.self)
    let (windows, outer) = record(scheduler, disposed: 300) {
      xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler)
    }
    expectMarbles(outer, "      <@200>0------1")
    try #require(windows.count == 2)
    expectMarbles(windows[0].events, "<@205>1<@210>------|")
    expectMarbles(windows[1].events, "      <@200>--------2")
    expectSubscriptions(xs.subscriptions, "            ^---------!")
  }

  @Test func timersOnOtherThreadsKeepTheGrammar() async {
    await timeOperatorStress { source, scheduler in
      source.window(timeSpan: .milliseconds(1), count: 7, scheduler: scheduler).map { _ in 0 }
    }
  }
}
