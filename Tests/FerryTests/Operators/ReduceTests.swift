import Ferry
import FerryTesting
import Testing

@Suite("reduce")
struct ReduceTests {
  @Test func foldsOnCompletion() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-1-2-3-|", of: Int.self)
    let res = scheduler.start { xs.reduce(10, accumulator: +) }
    expectMarbles(res.events, "^-------([16]|)")
    let empty = TestScheduler(initialClock: 0)
    let ys = try empty.createHotObservable("^---|", of: Int.self)
    let seedOnly = empty.start { ys.reduce(7, accumulator: +) }
    expectMarbles(seedOnly.events, "^---(7|)")
    let mapping = TestScheduler(initialClock: 0)
    let zs = try mapping.createHotObservable("^-1-2-3-|", of: Int.self)
    let mapped = mapping.start { zs.reduce(0, accumulator: +, mapResult: { "sum=\($0)" }) }
    expectMarbles(mapped.events, "^-------([sum=6]|)")
  }

  @Test func seedIsFreshForEachSubscription() {
    let observable = Observable.of("a", "b").reduce([String](), accumulator: { $0 + [$1] })
    #expect(Harness.events(observable) == [.next(["a", "b"]), .completed])
    #expect(Harness.events(observable) == [.next(["a", "b"]), .completed])
  }

  @Test func errors() throws {
    let failing = TestScheduler(initialClock: 0)
    let xs = try failing.createHotObservable("^-1-#", of: Int.self, error: TestError())
    let failed = failing.start { xs.reduce(0, accumulator: +) }
    expectMarbles(failed.events, "^---#", error: TestError())
    let accumulating = TestScheduler(initialClock: 0)
    let ys = try accumulating.createHotObservable("^-1-2-|", of: Int.self)
    let throwingAccumulator = accumulating.start { ys.reduce(0) { _, _ throws -> Int in throw TestError(id: 1) } }
    expectMarbles(throwingAccumulator.events, "^-#", error: TestError(id: 1))
    expectSubscriptions(ys.subscriptions, "^-!")
    let mapping = TestScheduler(initialClock: 0)
    let zs = try mapping.createHotObservable("^-1-|", of: Int.self)
    let throwingMap = mapping.start { zs.reduce(0, accumulator: +) { _ throws -> Int in throw TestError(id: 2) } }
    expectMarbles(throwingMap.events, "^---#", error: TestError(id: 2))
  }

  @Test func waitsForCompletionAndReleases() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-1-2-|", of: Int.self)
    let res = scheduler.start { xs.reduce(0, accumulator: +) }
    expectMarbles(res.events, "^-----(3|)")
    Harness.expectReleasedAfterDispose { $0.reduce(0, accumulator: +) }
  }
}
