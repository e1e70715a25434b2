import Examples
import Ferry
import FerryTesting

/// A session's virtual time on FerryTesting: a `TestScheduler` (no simulated processing delay) and its
/// `AsyncVirtualTime` executor and clock.
@MainActor
final class TestSessionTime: SessionTime {
  let testScheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
  let virtual: AsyncVirtualTime

  init() { virtual = AsyncVirtualTime(testScheduler) }

  var scheduler: any SchedulerType { testScheduler }
  var clock: any Clock<Duration> { virtual.clock }
  var now: Int { testScheduler.clock }
  nonisolated var readNow: @Sendable () -> Int { { [testScheduler] in testScheduler.clock } }
  var nextDueTime: Int? { testScheduler.nextScheduledTime }

  func advance(to time: Int) { testScheduler.advanceTo(time) }

  func schedule(at time: Int, _ action: @escaping @MainActor () -> Void) {
    testScheduler.scheduleAt(time) { MainActor.assumeIsolated { action() } }
  }

  func perform(_ body: () -> Void) { virtual.executor.perform(body) }

  func startTask(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    var task: Task<Void, Never>?
    virtual.executor.perform { task = Task(executorPreference: virtual.executor, operation: operation) }
    return task!
  }
}

/// A form's session as recorded events, for `expectMarbles`.
struct ScreenRun<State, Effect> {
  var states: [Recorded<Event<State>>]
  var effects: [Recorded<Event<Effect>>]

  init(_ timeline: ScreenTimeline<State, Effect>) {
    states = timeline.states.map { .next($0.time, $0.value) }
    effects = timeline.effects.map { .next($0.time, $0.value) }
  }
}

/// Runs `script` against the form `make` builds, on new virtual time.
@MainActor
func runScreen<State: Equatable & Sendable, Command, Effect: Sendable>(
  _ script: [Recorded<Event<Command>>], until end: Int = 1000, form make: MakeScreenForm<State, Command, Effect>
) -> ScreenRun<State, Effect> {
  let time = TestSessionTime()
  let steps = script.compactMap { step in step.value.element.map { Timed(time: step.time, value: $0) } }
  return ScreenRun(runSession(steps, until: end, time: time, form: make(time)))
}
