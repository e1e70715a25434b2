import Ferry
import FerryTesting
import Testing

/// Driver and Signal operators that are the Observable operator on the sharing scheduler (RxCocoa's).
@Suite @MainActor struct SharedSequenceTimeOperatorTests {
  /// Runs `create` on a test scheduler that is the sharing scheduler and returns the recorded elements with
  /// their times.
  private func record<Element>(
    _ scheduler: TestScheduler,
    _ create: @escaping () -> Driver<Element>
  ) -> [Recorded<Event<Element>>] {
    SharingScheduler.mock(scheduler: scheduler) { scheduler.start(create).events }
  }

  @Test func timeOperatorsRunOnTheSharingScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(215, 2), .next(240, 3), .completed(300),
    ])
    let debounced = record(scheduler) { xs.asDriver(onErrorJustReturn: 0).debounce(.seconds(10)) }
    // Each element reaches the Driver one tick after the hot observable (its hop to the sharing scheduler).
    #expect(debounced.map(\.value) == [.next(2), .next(3), .completed])
    #expect(debounced.map(\.time) == [226, 251, 301])

    let delayScheduler = TestScheduler(initialClock: 0)
    let ys = delayScheduler.createHotObservable([.next(210, 1), .completed(300)])
    let delayed = record(delayScheduler) { ys.asDriver(onErrorJustReturn: 0).delay(.seconds(20)) }
    #expect(delayed.map(\.value) == [.next(1), .completed])
    #expect(delayed.first?.time == 231)

    let throttleScheduler = TestScheduler(initialClock: 0)
    let zs = throttleScheduler.createHotObservable([.next(210, 1), .next(212, 2), .next(230, 3)])
    let throttled = record(throttleScheduler) { zs.asDriver(onErrorJustReturn: 0).throttle(.seconds(10)) }
    #expect(throttled.map(\.value) == [.next(1), .next(2), .next(3)])
    #expect(throttled.map(\.time) == [211, 221, 231])
  }

  @Test func intervalTimerAndSkip() {
    let scheduler = TestScheduler(initialClock: 0)
    let interval = record(scheduler) { Driver<Int>.interval(.seconds(100)).skip(1) }
    #expect(interval.map(\.value) == (1...6).map { .next($0) })
    let timerScheduler = TestScheduler(initialClock: 0)
    let timer = record(timerScheduler) { Driver<Int>.timer(.seconds(50)) }
    #expect(timer.map(\.value) == [.next(0), .completed])
    #expect(timer.first?.time == 250)
  }

  @Test func combiningOperators() {
    let scheduler = TestScheduler(initialClock: 0)
    let values = SharingScheduler.mock(scheduler: scheduler) { () -> [[Event<Int>]] in
      let a = Driver.from(AnySequence([1, 2]))
      let b = Driver.of(10, 20)
      let zipped = scheduler.start { Driver.zip(a, b) { $0 + $1 } }
      let zippedArrays = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Driver.zip([a, b]).map { $0.reduce(0, +) }
      }
      let tuples = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Driver.zip(a, b).map { $0.0 * $0.1 }
      }
      let latest = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
        Driver.combineLatest([Driver.just(1), Driver.just(2)]).map { $0.reduce(0, +) }
      }
      let concatenated = scheduler.start(created: 4100, subscribed: 4200, disposed: 5000) {
        Driver.concat([a, b])
      }
      return [zipped, zippedArrays, tuples, latest, concatenated].map { $0.events.map(\.value) }
    }
    #expect(values[0] == [.next(11), .next(22), .completed])
    #expect(values[1] == [.next(11), .next(22), .completed])
    #expect(values[2] == [.next(10), .next(40), .completed])
    #expect(values[3] == [.next(3), .completed])
    #expect(values[4] == [.next(1), .next(2), .next(10), .next(20), .completed])
  }

  @Test func higherOrderOperators() {
    let scheduler = TestScheduler(initialClock: 0)
    var values: [[Event<Int>]] = []
    let debugLines = DebugLines.capture(prefix: "dbg-driver") {
      values = SharingScheduler.mock(scheduler: scheduler) { () -> [[Event<Int>]] in
        let inner = Driver.of(Driver.of(1, 2), Driver.of(3))
        let merged = scheduler.start { inner.merge() }
        let limited = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          inner.merge(maxConcurrent: 1)
        }
        let concatenated = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) { inner.concat() }
        let switched = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
          Driver.just(Driver.of(5, 6)).switchLatest()
        }
        let first = scheduler.start(created: 4100, subscribed: 4200, disposed: 5000) {
          Driver.of(1, 2).flatMapFirst { Driver.just($0 * 100) }
        }
        let debugged = scheduler.start(created: 5100, subscribed: 5200, disposed: 6000) {
          Driver.just(9).debug("dbg-driver")
        }
        return [merged, limited, concatenated, switched, first, debugged].map { $0.events.map(\.value) }
      }
    }
    #expect(debugLines.first == "dbg-driver -> subscribed")
    #expect(values[0].filter { $0.element != nil }.count == 3)
    #expect(values[1] == [.next(1), .next(2), .next(3), .completed])
    #expect(values[2] == [.next(1), .next(2), .next(3), .completed])
    #expect(values[3] == [.next(5), .next(6), .completed])
    #expect(values[4].first == .next(100))
    #expect(values[5] == [.next(9), .completed])
  }

  @Test func signalOperatorsAndInfallibleConversions() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let events = SharingScheduler.mock(scheduler: scheduler) {
      scheduler.start { xs.asInfallible(onErrorJustReturn: 0).asSignal().skip(1).delay(.seconds(5)) }.events
    }
    #expect(events.map(\.value) == [.next(2), .completed])
    let driverScheduler = TestScheduler(initialClock: 0)
    let driven = SharingScheduler.mock(scheduler: driverScheduler) {
      driverScheduler.start { Infallible.just(4).asDriver() }.events
    }
    #expect(driven.map(\.value) == [.next(4), .completed])
  }
}
