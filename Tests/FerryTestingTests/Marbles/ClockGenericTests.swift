import Ferry
import FerryTesting
import Testing

/// A timer in the style of swift-async-algorithms' `AsyncTimerSequence`: any `Clock` whose durations are
/// `Duration`. Each deadline is computed from the previous one, so it never drifts.
struct Ticks<C: Clock & Sendable>: AsyncSequence, Sendable where C.Duration == Duration, C.Instant: Sendable {
  let interval: Duration
  let clock: C

  func makeAsyncIterator() -> Iterator { Iterator(interval: interval, clock: clock) }

  struct Iterator: AsyncIteratorProtocol {
    let interval: Duration
    let clock: C
    var last: C.Instant?

    mutating func next() async -> C.Instant? {
      let deadline = (last ?? clock.now).advanced(by: interval)
      do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return nil }
      last = deadline
      return deadline
    }
  }
}

struct TimedOut: Error, Equatable {}

/// Runs `work`, or throws `TimedOut` once `limit` has passed on `clock` (cancelling `work`).
func withTimeout<C: Clock, Result: Sendable>(
  _ limit: Duration, clock: C, _ work: @escaping @Sendable () async throws -> Result
) async throws -> Result where C.Duration == Duration, C: Sendable {
  try await withThrowingTaskGroup(of: Result.self) { group in
    group.addTask { try await work() }
    group.addTask {
      try await clock.sleep(for: limit)
      throw TimedOut()
    }
    defer { group.cancelAll() }
    return try await group.next()!
  }
}

/// APIs that take any `Clock` run on virtual time when given `TestClock`; their child tasks inherit the executor.
@Suite("Clock-generic code on virtual time")
struct ClockGenericTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aTimerGenericOverTheClockTicksOnVirtualTime() {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let recording = time.record(disposed: 275) {
      Ticks(interval: .seconds(20), clock: time.clock).map { time.clock.time(of: $0) }
    }
    scheduler.start()
    #expect(recording.events == [.next(220, 220), .next(240, 240), .next(260, 260)])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aTimeoutRacesTheWorkInChildTasks() {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let log = WorkLog(scheduler)
    time.schedule(at: 200) {
      do {
        _ = try await withTimeout(.seconds(30), clock: time.clock) {
          try await log.work("slow request", ticks: 50, on: time.clock)
        }
        log.note("finished")
      } catch {
        log.note("\(error)")
      }
      let fast = try? await withTimeout(.seconds(30), clock: time.clock) {
        try await Task.sleep(for: .seconds(10), clock: time.clock)
        return 7
      }
      log.note("fast: \(fast.map(String.init) ?? "nil")")
    }
    scheduler.start()
    #expect(log.notes == ["slow request cancelled @ 230", "TimedOut() @ 230", "fast: 7 @ 240"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aClockGenericTimerDrivesAnObservable() {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let observer = scheduler.start(disposed: 265) {
      Ticks(interval: .seconds(20), clock: time.clock).map { time.clock.time(of: $0) }.asObservable()
    }
    expectMarbles(observer.events, "^-a-b-c", values: ["a": 220, "b": 240, "c": 260])
  }
}
