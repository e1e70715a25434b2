import Ferry
import FerryTesting
import Testing

/// `Driver` and `Signal` on a `TestScheduler`: `SharingScheduler.mock` makes them deliver on the test scheduler
/// instead of the main queue. Without processing delay their hop to "the main scheduler" costs no tick, so the
/// diagrams stay on whole frames.
@Suite("Driver and Signal in marbles")
struct SharedSequenceMarbleTests {
  @Test func driverReplacesAnErrorAndReplaysTheLatestElement() throws {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let xs = try scheduler.createHotObservable("-1-^-2--3-#", of: Int.self)
    let driver = SharingScheduler.mock(scheduler: scheduler) { xs.asDriver(onErrorJustReturn: 0) }
    let first = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(200) { _ = driver.drive(first) }
    scheduler.scheduleAt(260) { _ = driver.drive(late) }
    scheduler.start()
    expectMarbles(first.events, "^-2--3-(0|)")
    expectMarbles(late.events, "^-----3(0|)")  // the latest element at once, then the rest
    expectSubscriptions(xs.subscriptions, "^------!")  // one upstream subscription for both
  }

  @Test func signalDoesNotReplay() throws {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let xs = try scheduler.createHotObservable("^-a--b--c-|", of: String.self)
    let signal = SharingScheduler.mock(scheduler: scheduler) { xs.asSignal(onErrorJustReturn: "!") }
    let first = scheduler.createObserver(String.self)
    let late = scheduler.createObserver(String.self)
    scheduler.scheduleAt(200) { _ = signal.emit(to: first) }
    scheduler.scheduleAt(260) { _ = signal.emit(to: late) }
    scheduler.start()
    expectMarbles(first.events, "^-a--b--c-|")
    expectMarbles(late.events, "^-------c-|")
  }

  @Test func driverOperatorsStayOnTheTestScheduler() throws {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let xs = try scheduler.createHotObservable("^-1-1-2-3-3-|", of: Int.self)
    let observer = SharingScheduler.mock(scheduler: scheduler) {
      scheduler.start {
        xs.asDriver(onErrorJustReturn: 0).distinctUntilChanged().map { $0 * 10 }.asObservable()
      }
    }
    expectMarbles(observer.events, "^-a---b-c---|", values: ["a": 10, "b": 20, "c": 30])
  }
}
