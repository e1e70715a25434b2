import Ferry
import FerryTesting
import Testing

@Suite("element(at:)")
struct ElementAtTests {
  @Test func emitsElementAtIndexThenCompletes() throws {
    let values = ["a": 10, "b": 11, "c": 12]
    let first = TestScheduler(initialClock: 0)
    let xs = try first.createHotObservable("^-a-b-c-|", values: values)
    let res = first.start { xs.element(at: 0) }
    expectMarbles(res.events, "^-(a|)", values: values)
    expectSubscriptions(xs.subscriptions, "^-!")
    let third = TestScheduler(initialClock: 0)
    let ys = try third.createHotObservable("^-a-b-c-|", values: values)
    let res2 = third.start { ys.element(at: 2) }
    expectMarbles(res2.events, "^-----(c|)", values: values)
    expectSubscriptions(ys.subscriptions, "^-----!")
  }

  @Test func failsWithArgumentOutOfRangeWhenSourceEndsFirst() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-1-2-|", of: Int.self)
    let res = scheduler.start { xs.element(at: 2) }
    expectMarbles(res.events, "^-----#", error: RxError.argumentOutOfRange)
  }

  @Test func forwardsErrorAndDisposesSourceOnceFound() throws {
    let failing = TestScheduler(initialClock: 0)
    let xs = try failing.createHotObservable("^-#", of: Int.self, error: TestError())
    let failed = failing.start { xs.element(at: 0) }
    expectMarbles(failed.events, "^-#", error: TestError())
    let scheduler = TestScheduler(initialClock: 0)
    let ys = try scheduler.createHotObservable("^-1-2-3", of: Int.self)
    let res = scheduler.start { ys.element(at: 1) }
    expectMarbles(res.events, "^---(2|)")
    expectSubscriptions(ys.subscriptions, "^---!")
  }

  @Test func disposalAndLeaks() {
    Harness.expectReleasedAfterDispose { $0.element(at: 5) }
  }
}
