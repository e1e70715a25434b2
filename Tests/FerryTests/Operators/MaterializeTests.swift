import Ferry
import FerryTesting
import Testing

@Suite("materialize / dematerialize")
struct MaterializeTests {
  @Test func materializeTurnsEventsIntoElements() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-1-2-|", of: Int.self)
    let res = scheduler.start { xs.materialize() }
    expectMarbles(res.events, "^-a-b-(c|)", values: ["a": .next(1), "b": .next(2), "c": .completed])
    let failing = TestScheduler(initialClock: 0)
    let ys = try failing.createHotObservable("^-#", of: Int.self, error: TestError(id: 1))
    let failed = failing.start { ys.materialize() }
    expectMarbles(failed.events, "^-(e|)", values: ["e": .error(TestError(id: 1))])
  }

  @Test func dematerializeIsTheInverse() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-1-2-|", of: Int.self)
    let res = scheduler.start { xs.materialize().dematerialize() }
    expectMarbles(res.events, "^-1-2-|")
    let failing = TestScheduler(initialClock: 0)
    let ys = try failing.createHotObservable("^-#", of: Int.self, error: TestError(id: 2))
    let failed = failing.start { ys.materialize().dematerialize() }
    expectMarbles(failed.events, "^-#", error: TestError(id: 2))
  }

  @Test func dematerializeStopsAtStopElementAndDisposesSource() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable(
      "^-a-e-b", values: ["a": Event<Int>.next(1), "e": .error(TestError(id: 3)), "b": .next(2)])
    let res = scheduler.start { xs.dematerialize() }
    expectMarbles(res.events, "^-1-#", error: TestError(id: 3))
    expectSubscriptions(xs.subscriptions, "^---!")
  }

  @Test func disposalAndLeaks() {
    Harness.expectReleasedAfterDispose { $0.materialize() }
    Harness.expectReleasedAfterDispose { $0.materialize().dematerialize() }
    Harness.expectDisposeInsideOnNextStops({ $0.materialize() }, send: { s in (1...3).forEach(s.onNext) })
  }
}
