// snippet: shape
import Ferry
import FerryTesting
import Testing

@Test func mapDoublesEveryValue() throws {
  let scheduler = TestScheduler(initialClock: 0)
  let xs = try scheduler.createHotObservable("-a-^-b--c-|", values: ["a": 1, "b": 2, "c": 3])

  let observer = scheduler.start { xs.map { $0 * 2 } }

  expectMarbles(observer.events, "^-b--c-|", values: ["b": 4, "c": 6])
  expectSubscriptions(xs.subscriptions, "^------!")
}
// end snippet: shape

// The code blocks of Docs/TestingWithMarbles.md (also an article of FerryTesting's DocC catalog), compiled and run.
// scripts/snippets-check.py checks that each block equals its region here.

enum LoginError: Error, Equatable { case offline }

/// Waits `delay` on `clock` after each element before asking for the next one: a consumer slower than its source.
struct SlowConsumer<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable {
  let base: Base
  let delay: Duration
  let clock: TestClock

  func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), delay: delay, clock: clock) }

  struct Iterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let delay: Duration
    let clock: TestClock
    var started = false

    mutating func next() async throws -> Base.Element? {
      if started { try await Task.sleep(for: delay, clock: clock) }
      started = true
      return try await base.next()
    }
  }
}

@Suite("Docs/TestingWithMarbles.md")
struct TestingWithMarblesExamples {
  @Test func rxTestWayMixesWithDiagrams() {
    let scheduler = TestScheduler(initialClock: 0)
    // snippet: rxtest
    let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(300)])
    let observer = scheduler.start { xs.map { $0 * 2 } }
    #expect(observer.events == [.next(210, 4), .completed(300)])
    expectMarbles(observer.events, "^4<8>|")  // the same timeline as a diagram
    // end snippet: rxtest
  }

  @Test func coldSource() throws {
    let scheduler = TestScheduler(initialClock: 0)
    // snippet: cold
    let ys = try scheduler.createColdObservable("--x-|", values: ["x": "hello"])
    let observer = scheduler.start { ys }
    expectMarbles(observer.events, "^-x-|", values: ["x": "hello"])  // x at 220
    // end snippet: cold
  }

  @Test func errors() throws {
    let scheduler = TestScheduler(initialClock: 0)
    // snippet: errors
    let xs = try scheduler.createHotObservable("^-a-#", values: ["a": 1], error: LoginError.offline)
    let observer = scheduler.start { xs.catchAndReturn(0) }
    expectMarbles(observer.events, "^-a-(0|)", values: ["a": 1])
    // end snippet: errors
  }

  @Test func subscriptions() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-1-2-3-4-5-|", of: Int.self)
    let ys = try scheduler.createHotObservable("^-1-2-3-4-5-", of: Int.self)
    var first: (any Disposable)?
    var second: (any Disposable)?
    scheduler.scheduleAt(200) { first = xs.subscribe() }
    scheduler.scheduleAt(230) { first?.dispose() }
    scheduler.scheduleAt(240) { second = xs.subscribe() }
    scheduler.scheduleAt(280) { second?.dispose() }
    _ = scheduler.start { ys }
    // snippet: subscriptions
    expectSubscriptions(xs.subscriptions, "^--!", "----^---!")  // (200, 230) and (240, 280)
    expectSubscriptions(ys.subscriptions, "^<79>!")  // (200, 1000): start's disposal
    // end snippet: subscriptions
  }

  @Test func observablesFeedingAsyncCode() throws {
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
    // snippet: slow-consumer
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let xs = try scheduler.createHotObservable("^-1-2-3-4-5-|", of: Int.self)
    let recording = time.record {
      SlowConsumer(base: xs.values(bufferingPolicy: .bufferingNewest(1)), delay: .seconds(30), clock: time.clock)
    }
    scheduler.start()
    expectMarbles(recording.events, "^-1--2--4--5--|")  // 3 was replaced by 4 while the consumer was busy
    // end snippet: slow-consumer
  }

  @Test func aSequenceRecordsItsIterations() throws {
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    // snippet: sequence-subscriptions
    let input = try time.sequence("-1-2-3-4-|", of: Int.self)
    let observer = scheduler.start(disposed: 250) { input.asObservable() }
    expectMarbles(observer.events, "^1-2")
    expectSubscriptions(input.subscriptions, "^----!")  // the iteration was cancelled at the disposal
    // end snippet: sequence-subscriptions
  }
}

// snippet: slow-map
@available(macOS 15.0, iOS 18.0, *)
@Test func slowMapOnVirtualTime() throws {
  let scheduler = TestScheduler(initialClock: 0)
  let time = AsyncVirtualTime(scheduler)  // an executor and a clock the scheduler drives
  let input = try time.sequence("-a-b|", values: ["a": 1, "b": 2])

  let recording = time.record {  // iterates from 200 to 1000, like `start`
    input.map { value in
      try await Task.sleep(for: .seconds(20), clock: time.clock)  // 20 ticks: two frames
      return value * 10
    }
  }

  scheduler.start()
  expectMarbles(recording.events, "^--a-(b|)", values: ["a": 10, "b": 20])
}
// end snippet: slow-map

// snippet: flat-map-latest
@available(macOS 15.0, iOS 18.0, *)
@Test func searchCancelsTheSupersededRequest() throws {
  let scheduler = TestScheduler(initialClock: 0)
  let time = AsyncVirtualTime(scheduler)
  let queries = try scheduler.createHotObservable("^-a-b-----c----|", of: String.self)

  let results = scheduler.start {
    queries.flatMapLatest { query in
      try await Task.sleep(for: .seconds(30), clock: time.clock)  // the "request": 3 frames
      return query.uppercased()
    }
  }

  // a's request is cancelled by b at 240; B at 270, C at 330, completion with the source at 350.
  expectMarbles(results.events, "^------B-----C-|", values: ["B": "B", "C": "C"])
}
// end snippet: flat-map-latest
