import Ferry
import FerryStore
import FerryTesting
import Testing

/// `ContinuousClock`, reporting every deadline the store sleeps until (the store's own waits: debounce, throttle).
private struct ReportingClock: Clock {
  typealias Instant = ContinuousClock.Instant
  let base = ContinuousClock()
  let deadlines: AsyncStream<Instant>.Continuation

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    deadlines.yield(deadline)
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}

/// Work policies with the longest durations `Duration` holds wait (until cancelled) instead of trapping inside the
/// store's task: the store sleeps in steps its clock can represent (`StoreClock.longestSleep`).
///
/// Each runs in a child process (an exit test): a trap there fails the test instead of ending the test run.
@MainActor
@Suite("Store: the longest debounce and throttle times")
struct WorkPolicyLongDurationTests {
  /// A store on the continuous clock; sends `commands`, then returns the first deadline the store sleeps until,
  /// and the time the commands were sent.
  private static func firstDeadline(
    after commands: [WorkFeature.Command]
  ) async -> (sent: ContinuousClock.Instant, deadline: ContinuousClock.Instant?) {
    let (deadlines, continuation) = AsyncStream.makeStream(of: ContinuousClock.Instant.self)
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let store = Store(
      initialState: .init(), feature: WorkFeature(clock: TestClock(scheduler: scheduler)),
      clock: ReportingClock(deadlines: continuation))
    let sent = ContinuousClock.now
    // `send`, not `dispatchCommand`: the latter awaits the work, which waits (all but) forever here.
    for command in commands { store.send(command) }
    var iterator = deadlines.makeAsyncIterator()
    let deadline = await iterator.next()
    store.cancel()
    return (sent, deadline)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func debounceOfInt64MaxSecondsWaitsInsteadOfTrapping() async {
    await #expect(processExitsWith: .success) {
      let (sent, deadline) = await WorkPolicyLongDurationTests.firstDeadline(after: [
        .load("a", ticks: 1, policy: .debounce(.seconds(Int64.max)))
      ])
      // The first step of the wait: 100 years from now (a trap before this point fails the exit test).
      #expect(deadline.map { sent.duration(to: $0) >= .seconds(99 * 365 * 86_400) } == true)
    }
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func throttleOfInt64MaxSecondsWaitsInsteadOfTrapping() async {
    await #expect(processExitsWith: .success) {
      // The first work runs at once; the second waits for the end of the period (latest wins).
      let (sent, deadline) = await WorkPolicyLongDurationTests.firstDeadline(after: [
        .load("a", ticks: 1, policy: .throttle(.seconds(Int64.max), latest: true)),
        .load("b", ticks: 1, policy: .throttle(.seconds(Int64.max), latest: true)),
      ])
      #expect(deadline.map { sent.duration(to: $0) >= .seconds(99 * 365 * 86_400) } == true)
    }
  }
}
