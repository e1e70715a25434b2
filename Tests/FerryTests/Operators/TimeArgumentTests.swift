import Ferry
import FerryTesting
import Foundation
import Testing

/// Bad arguments to the time operators and to `range` stop at a precondition that names the operator and the
/// value (the exit tests); the edges that are still accepted behave as RxSwift's.
@Suite struct TimeArgumentTests {
  // MARK: interval and timer: the period must be >= 0

  @Test func intervalWithANegativePeriodNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable<Int>.interval(.seconds(-1), scheduler: TestScheduler(initialClock: 0))
    }
    expectStandardError(of: result, contains: "interval(_:scheduler:): period must be >= 0, got seconds(-1)")
  }

  @Test func intervalWithAZeroPeriodEmitsEveryTickOnATestScheduler() {
    // As RxSwift: an action due now runs one tick later on a TestScheduler, so a zero period fires every tick.
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 205) { Observable<Int>.interval(.seconds(0), scheduler: scheduler) }
    #expect(res.events == [.next(201, 0), .next(202, 1), .next(203, 2), .next(204, 3)])
  }

  @Test func driverIntervalWithANegativePeriodNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Driver<Int>.interval(.milliseconds(-1))
    }
    expectStandardError(of: result, contains: "interval(_:scheduler:): period must be >= 0, got milliseconds(-1)")
  }

  @Test func timerWithANegativePeriodNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable<Int>.timer(.seconds(1), period: .milliseconds(-5), scheduler: TestScheduler(initialClock: 0))
    }
    expectStandardError(of: result, contains: "timer(_:period:scheduler:): period must be >= 0, got milliseconds(-5)")
  }

  @Test func timerWithAZeroPeriodEmitsEveryTickAfterTheDueTime() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 214) {
      Observable<Int>.timer(.seconds(10), period: .seconds(0), scheduler: scheduler)
    }
    #expect(res.events == [.next(210, 0), .next(211, 1), .next(212, 2), .next(213, 3)])
  }

  @Test func intervalAcceptsTheShortestPeriod() {
    // One tick is one nanosecond: a 1 ns period is one tick.
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.000_000_001)
    let res = scheduler.start(disposed: 204) { Observable<Int>.interval(.nanoseconds(1), scheduler: scheduler) }
    #expect(res.events == [.next(201, 0), .next(202, 1), .next(203, 2)])
  }

  @Test func timerWithAZeroOrNegativeDueTimeFiresAtOnce() {
    // As in RxSwift, a due time in the past is "now" (one tick later on a TestScheduler, its processing delay).
    for dueTime in [RxTimeInterval.seconds(0), .seconds(-5)] {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable<Int>.timer(dueTime, scheduler: scheduler) }
      #expect(res.events == [.next(201, 0), .completed(201)], "dueTime \(dueTime)")
    }
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 225) {
      Observable<Int>.timer(.seconds(0), period: .seconds(10), scheduler: scheduler)
    }
    #expect(res.events == [.next(201, 0), .next(211, 1), .next(221, 2)])
  }

  // MARK: range: the last element must be representable

  @Test func rangePastIntMaxNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable.range(start: Int.max, count: 2)
    }
    expectStandardError(
      of: result,
      contains:
        "Observable.range(start:count:): start + count - 1 overflows Int, got start 9223372036854775807, count 2")
  }

  @Test func rangePastInt8MaxNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable.range(start: Int8(120), count: 9)
    }
    expectStandardError(
      of: result, contains: "Observable.range(start:count:): start + count - 1 overflows Int8, got start 120, count 9")
  }

  @Test func rangeUpToTheLargestValueEmitsEveryValue() {
    #expect(events(Observable.range(start: Int.max, count: 1)) == [.next(Int.max), .completed])
    #expect(
      events(Observable.range(start: Int8.max - 2, count: 3)) == [.next(125), .next(126), .next(127), .completed])
    #expect(events(Observable.range(start: UInt8.max - 1, count: 2)) == [.next(254), .next(255), .completed])
    #expect(events(Observable.range(start: Int.max, count: 0)) == [.completed])
    let fromMin = events(Observable.range(start: Int8.min, count: Int8.max))
    #expect(fromMin.compactMap(\.element) == Array(Int8.min...(-2)))
    #expect(fromMin.last == .completed)
  }

  // MARK: buffer and window: the time span must be > 0

  @Test func bufferWithAZeroTimeSpanNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable.of(1).buffer(timeSpan: .nanoseconds(0), count: 1, scheduler: TestScheduler(initialClock: 0))
    }
    expectStandardError(
      of: result, contains: "buffer(timeSpan:count:scheduler:): timeSpan must be > 0, got nanoseconds(0)")
  }

  @Test func bufferWithANegativeTimeSpanNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable.of(1).buffer(timeSpan: .seconds(-3), count: 1, scheduler: TestScheduler(initialClock: 0))
    }
    expectStandardError(
      of: result, contains: "buffer(timeSpan:count:scheduler:): timeSpan must be > 0, got seconds(-3)")
  }

  @Test func windowWithAZeroTimeSpanNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable.of(1).window(timeSpan: .microseconds(0), count: 1, scheduler: TestScheduler(initialClock: 0))
    }
    expectStandardError(
      of: result, contains: "window(timeSpan:count:scheduler:): timeSpan must be > 0, got microseconds(0)")
  }

  @Test func bufferAcceptsTheShortestTimeSpan() throws {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.000_000_001)
    let xs = scheduler.createHotObservable([.next(201, 1), .next(201, 2), .completed(203)])
    let res = scheduler.start { xs.buffer(timeSpan: .nanoseconds(1), count: 5, scheduler: scheduler) }
    #expect(res.events == [.next(201, [1, 2]), .next(202, []), .next(203, []), .completed(203)])
  }

  // MARK: debounce, throttle, delay, timeout: the due time must be >= 0, and zero works as in RxSwift

  @Test func debounceWithANegativeDueTimeNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable.of(1).debounce(.seconds(-1), scheduler: TestScheduler(initialClock: 0))
    }
    expectStandardError(of: result, contains: "debounce(_:scheduler:): dueTime must be >= 0, got seconds(-1)")
  }

  @Test func driverDebounceWithANegativeDueTimeNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Driver.just(1).debounce(.milliseconds(-20))
    }
    expectStandardError(of: result, contains: "debounce(_:scheduler:): dueTime must be >= 0, got milliseconds(-20)")
  }

  @Test func throttleWithANegativeDueTimeNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable.of(1).throttle(.nanoseconds(-1), scheduler: TestScheduler(initialClock: 0))
    }
    expectStandardError(
      of: result, contains: "throttle(_:latest:scheduler:): dueTime must be >= 0, got nanoseconds(-1)")
  }

  @Test func takeForWithANegativeDurationNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable.of(1).take(for: .seconds(-1), scheduler: TestScheduler(initialClock: 0))
    }
    expectStandardError(of: result, contains: "take(for:scheduler:): duration must be >= 0, got seconds(-1)")
  }

  @Test func delaySubscriptionWithANegativeDueTimeNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable.of(1).delaySubscription(.milliseconds(-3), scheduler: TestScheduler(initialClock: 0))
    }
    expectStandardError(
      of: result, contains: "delaySubscription(_:scheduler:): dueTime must be >= 0, got milliseconds(-3)")
  }

  @Test func singleDelaySubscriptionWithANegativeDueTimeNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Single.just(1).delaySubscription(.seconds(-2), scheduler: TestScheduler(initialClock: 0))
    }
    expectStandardError(of: result, contains: "delaySubscription(_:scheduler:): dueTime must be >= 0, got seconds(-2)")
  }

  @Test func timeoutWithANegativeDueTimeNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable.of(1).timeout(.seconds(-1), scheduler: TestScheduler(initialClock: 0))
    }
    expectStandardError(of: result, contains: "timeout(_:scheduler:): dueTime must be >= 0, got seconds(-1)")
  }

  @Test func timeoutWithOtherAndANegativeDueTimeNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable.of(1).timeout(.seconds(-2), other: Observable.just(2), scheduler: TestScheduler(initialClock: 0))
    }
    expectStandardError(of: result, contains: "timeout(_:other:scheduler:): dueTime must be >= 0, got seconds(-2)")
  }

  @Test func singleTimeoutWithANegativeDueTimeNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Single.just(1).timeout(.seconds(-4), scheduler: TestScheduler(initialClock: 0))
    }
    expectStandardError(of: result, contains: "timeout(_:scheduler:): dueTime must be >= 0, got seconds(-4)")
  }

  @Test func delayWithANegativeDueTimeNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable.of(1).delay(.seconds(-1), scheduler: TestScheduler(initialClock: 0))
    }
    expectStandardError(of: result, contains: "delay(_:scheduler:): dueTime must be >= 0, got seconds(-1)")
  }

  @Test func driverDelayWithANegativeDueTimeNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Driver.just(1).delay(.milliseconds(-3))
    }
    expectStandardError(of: result, contains: "delay(_:scheduler:): dueTime must be >= 0, got milliseconds(-3)")
  }

  @Test func delayWithZeroSchedulesEachEventWithoutWaiting() {
    // As RxSwift: each event is scheduled with a zero due time, one per timer, so on a test scheduler (with its
    // processing delay) the events that arrived together come out one virtual tick apart.
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
    let res = scheduler.start { xs.delay(.seconds(0), scheduler: scheduler) }
    #expect(res.events == [.next(211, 1), .next(231, 2), .completed(251)])
  }

  @Test func debounceWithZeroEmitsAnElementUnlessAnotherFollowsAtOnce() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(230, 3), .completed(250)])
    let res = scheduler.start { xs.debounce(.seconds(0), scheduler: scheduler) }
    #expect(res.events == [.next(211, 1), .next(231, 3), .completed(250)])
  }

  @Test func throttleWithZeroLetsEveryElementThrough() {
    for latest in [true, false] {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(230, 3), .completed(250)])
      let res = scheduler.start { xs.throttle(.seconds(0), latest: latest, scheduler: scheduler) }
      #expect(res.events == [.next(210, 1), .next(230, 2), .next(230, 3), .completed(250)], "latest: \(latest)")
    }
  }

  @Test func timeoutWithZeroLetsOnlyWhatTheSourceSendsAtOnceThrough() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable.of(1, 2).timeout(.seconds(0), scheduler: scheduler) }
    #expect(res.events == [.next(200, 1), .next(200, 2), .completed(200)])

    let late = TestScheduler(initialClock: 0)
    let xs = try late.createHotObservable("^1-|", of: Int.self)
    let timedOut = late.start { xs.timeout(.seconds(0), scheduler: late) }
    #expect(timedOut.events.count == 1)
    #expect(timedOut.events.first?.time == 201)
    guard case .timeout? = timedOut.events.first?.value.error as? RxError else {
      Issue.record("expected RxError.timeout, got \(timedOut.events)")
      return
    }

    let switched = TestScheduler(initialClock: 0)
    let ys = try switched.createHotObservable("^1-|", of: Int.self)
    let other = switched.start { ys.timeout(.seconds(0), other: Observable.just(9), scheduler: switched) }
    #expect(other.events == [.next(201, 9), .completed(201)])
  }

  // MARK: the conversion the checks rely on

  @Test func nanosecondsSaturateTowardsTheirSign() {
    #expect(RxTimeInterval.milliseconds(-5).nanoseconds == -5_000_000)
    #expect(RxTimeInterval.seconds(Int.min).nanoseconds == Int.min)
    #expect(RxTimeInterval.microseconds(Int.min / 2).nanoseconds == Int.min)
    #expect(RxTimeInterval.seconds(Int.max).nanoseconds == Int.max)
    #expect(RxTimeInterval.never.nanoseconds == Int.max)
  }

  private func events<Element>(_ observable: Observable<Element>) -> [Event<Element>] {
    let recorder = EventRecorder<Element>()
    _ = observable.subscribe(recorder)
    return recorder.events.current
  }
}

/// Expects the standard error of an exit test's child process to contain `message`.
func expectStandardError(
  of result: ExitTest.Result?, contains message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
  #expect(stderr.contains(message), "stderr: \(stderr)", sourceLocation: sourceLocation)
}
