// Compiled once TestScheduler (branch `time`) is merged: delete this
// #if and its #endif.
#if FERRY_MARBLES_AFTER_TIME_MERGE
import Ferry
import FerryTesting
import Testing

/// Operator tests written as marble diagrams: the style FerryTesting sells. Columns line up: the source's `^`,
/// the observer's `^` and the subscription's `^` are the same instant (200, when `start` subscribes).
@Suite("Operators in marbles")
struct MarbleOperatorTests {
  @Test func map() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("-1-^-2--3-|", of: Int.self)
    let observer = scheduler.start { xs.map { $0 * 2 } }
    expectMarbles(observer.events, "   ^-4--6-|")
    expectSubscriptions(xs.subscriptions, "   ^------!")
  }

  @Test func mapThrowingBecomesError() throws {
    struct Odd: Error, Equatable {}
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-2-3-4-|", of: Int.self)
    let observer = scheduler.start {
      xs.map { value -> Int in
        if value % 2 == 1 { throw Odd() }
        return value
      }
    }
    expectMarbles(observer.events, "^-2-#", error: Odd())
    expectSubscriptions(xs.subscriptions, "^---!")
  }

  @Test func filter() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-1-2-3-4-|", of: Int.self)
    let observer = scheduler.start { xs.filter { $0 % 2 == 0 } }
    expectMarbles(observer.events, "^---2---4-|")
    expectSubscriptions(xs.subscriptions, "^---------!")
  }

  @Test func distinctUntilChanged() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-a-a-b-b-a-#", values: ["a": "x", "b": "y"])
    let observer = scheduler.start { xs.distinctUntilChanged() }
    expectMarbles(observer.events, "^-a---b---a-#", values: ["a": "x", "b": "y"])
  }

  @Test func disposalStopsEverything() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-1-2-3-4-|", of: Int.self)
    let observer = scheduler.start(disposed: 250) { xs.map { $0 + 1 } }
    expectMarbles(observer.events, "^-2-3")
    expectSubscriptions(xs.subscriptions, "^----!")
  }

  @Test func coldSourceStartsAtTheSubscription() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let ys = try scheduler.createColdObservable("-a-(bc)-|", values: ["a": 1, "b": 2, "c": 3])
    let observer = scheduler.start { ys.filter { $0 != 2 } }
    expectMarbles(observer.events, "^a-c   -|", values: ["a": 1, "c": 3])
    expectSubscriptions(ys.subscriptions, "^---   -!")
  }

  @Test func debounce() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("1----^2--34----5--6------|", of: Int.self)
    let observer = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
    expectMarbles(observer.events, "     ^--2---4----5--6----|")
    expectSubscriptions(xs.subscriptions, "     ^<19>!")
  }

  @Test func throttleLatest() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^abc--d---e-f------|", of: String.self)
    let observer = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
    expectMarbles(observer.events, "^a-c--d---e-f------|")
  }

  @Test func delay() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-a-b--|", of: String.self)
    let observer = scheduler.start { xs.delay(.seconds(30), scheduler: scheduler) }
    expectMarbles(observer.events, "^----a-b--|")
  }
}
#endif
