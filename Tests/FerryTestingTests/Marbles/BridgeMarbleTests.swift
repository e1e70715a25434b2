import Ferry
import FerryTesting
import Testing

/// Reads an async sequence like a slow consumer: after each element it works for `delay` on the virtual clock
/// before asking for the next one. The elements are recorded when they are received.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
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

/// The `values` bridge on virtual time: what a slow consumer sees under each buffering policy.
@Suite("Bridges in marbles")
struct BridgeMarbleTests {
  static let source = "^-1-2-3-4-5-|"

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func consume(_ policy: ValuesBufferingPolicy) throws -> [Recorded<Event<Int>>] {
    // The observable pushes from the scheduler's actions, which drain the executor: the consumer wakes at the very
    // tick an element arrives.
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let xs = try scheduler.createHotObservable(Self.source, of: Int.self)
    let recording = time.record {
      SlowConsumer(base: xs.values(bufferingPolicy: policy), delay: .seconds(30), clock: time.clock)
    }
    scheduler.start()
    return recording.events
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func unboundedKeepsEverything() throws {
    expectMarbles(try consume(.unbounded), "^-1--2--3--4--5--|")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func bufferingNewestDropsTheOldest() throws {
    expectMarbles(try consume(.bufferingNewest(1)), "^-1--2--4--5--|")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func bufferingOldestDropsTheArriving() throws {
    expectMarbles(try consume(.bufferingOldest(1)), "^-1--2--3--5--|")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func cancellingTheConsumerDisposesTheSubscription() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let xs = try scheduler.createHotObservable(Self.source, of: Int.self)
    let recording = time.record(disposed: 250) { xs.values }
    scheduler.start()
    expectMarbles(recording.events, "^-1-2")
    expectSubscriptions(xs.subscriptions, "^----!")
  }
}
