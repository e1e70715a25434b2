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

  @Test func closesOnCountOrTimeSpan() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6), .next(370, 7),
      .next(420, 8), .next(470, 9), .completed(600),
    ])
    let (windows, outer) = record(scheduler) { xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
    #expect(
      outer == [
        .next(200, 0), .next(240, 1), .next(310, 2), .next(370, 3), .next(440, 4), .next(510, 5), .next(580, 6),
        .completed(600),
      ])
    #expect(
      windows.map(\.events) == [
        [.next(205, 1), .next(210, 2), .next(240, 3), .completed(240)],
        [.next(280, 4), .completed(310)],
        [.next(320, 5), .next(350, 6), .next(370, 7), .completed(370)],
        [.next(420, 8), .completed(440)],
        [.next(470, 9), .completed(510)],
        [.completed(580)],
        [.completed(600)],
      ])
    #expect(xs.subscriptions == [Subscription(200, 600)])
  }

  @Test func errorTerminatesTheWindowAndTheOuterSequence() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(205, 1), .error(250, TestError())])
    let (windows, outer) = record(scheduler) { xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
    #expect(outer == [.next(200, 0), .error(250, TestError())])
    #expect(windows.map(\.events) == [[.next(205, 1), .error(250, TestError())]])
    #expect(xs.subscriptions == [Subscription(200, 250)])
  }

  @Test func disposalCancelsTheTimer() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(205, 1), .next(280, 2)])
    let (windows, outer) = record(scheduler, disposed: 300) {
      xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler)
    }
    #expect(outer == [.next(200, 0), .next(270, 1)])
    #expect(windows.map(\.events) == [[.next(205, 1), .completed(270)], [.next(280, 2)]])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test func timersOnOtherThreadsKeepTheGrammar() async {
    await timeOperatorStress { source, scheduler in
      source.window(timeSpan: .milliseconds(1), count: 7, scheduler: scheduler).map { _ in 0 }
    }
  }
}
