import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct TimerTests {
  @Test func oneShotEmitsZeroAndCompletes() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable<Int>.timer(.seconds(50), scheduler: scheduler) }
    expectMarbles(res.events, "^----(0|)")
  }

  @Test func periodicGoesOn() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 500) {
      Observable<Int>.timer(.seconds(50), period: .seconds(100), scheduler: scheduler)
    }
    expectMarbles(res.events, "^----0---------1---------2")
  }

  @Test func disposalBeforeDueTimeEmitsNothing() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 240) { Observable<Int>.timer(.seconds(50), scheduler: scheduler) }
    expectMarbles(res.events, "^---")
  }

  @Test func millisecondResolution() {
    // 300 ms at 1 ms a tick: 300 ticks, 30 frames after the subscription.
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let res = scheduler.start { Observable<Int>.timer(.milliseconds(300), scheduler: scheduler) }
    expectMarbles(res.events, "^<29>(0|)")
  }

  @Test func periodicOnAnotherThreadStopsOnDispose() async {
    let observer = GrammarChecker<Int>()
    let reachedTen = DispatchSemaphore(value: 0)
    // The timer fires on another thread from the start: it waits at its first element until the subscription is
    // stored, so that element 10's `dispose()` disposes it (and not an empty `SerialDisposable`).
    let stored = DispatchSemaphore(value: 0)
    let subscription = SerialDisposable()
    subscription.disposable = Observable<Int>.timer(
      .nanoseconds(0), period: .nanoseconds(1), scheduler: ConcurrentImmediateScheduler()
    )
    .subscribe(onNext: { element in
      if element == 0 { stored.wait() }
      observer.on(.next(element))
      if element == 10 {
        subscription.dispose()
        reachedTen.signal()
      }
    })
    stored.signal()
    #expect(await reachedTen.signalled())
    let state = observer.state.current
    #expect(state.events.map(\.element) == Array(0...10))
    #expect(state.overlaps == 0)
  }
}
