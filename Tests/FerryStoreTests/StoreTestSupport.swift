import Ferry
import FerryStore
import FerryTesting
import Testing

/// Errors the test features throw.
struct TestFailure: Error, Equatable, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// A feature exercising the store: synchronous actions and effects, async work under every policy, errors.
struct WorkFeature: StoreFeature {
  struct State: Equatable, Sendable {
    var count = 0
    var text = ""
    var loaded: [String] = []
  }

  enum Command: Sendable, Equatable {
    case increment
    case setText(String)
    case incrementTwiceThenEffect
    case chain(String)
    /// Work that emits `.started(name)`, sleeps `ticks`, then dispatches `.loaded(name)` and `.finished(name)`.
    case load(String, ticks: Int, policy: WorkPolicy)
    case loadConcurrently(String, ticks: Int)
    case fail(String, ticks: Int)
    case cancelLoads
    case cancelAll
  }

  enum Action: Sendable, Equatable {
    case incremented
    case textSet(String)
    case loaded(String)
  }

  enum Effect: Sendable, Equatable {
    case counted(Int)
    case started(String)
    case finished(String)
    case failed(String)
    case chained(String)
  }

  let clock: any Clock<Duration>
  let log: Log?

  init(clock: any Clock<Duration>, log: Log? = nil) {
    self.clock = clock
    self.log = log
  }

  static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .incremented: state.count += 1
    case .textSet(let text): state.text = text
    case .loaded(let name): state.loaded.append(name)
    }
    return state
  }

  func handle(_ command: Command, in context: StoreContext<Self>) {
    log?.append("handle \(command)")
    switch command {
    case .increment:
      context.dispatchAction(.incremented)
    case .setText(let text):
      context.dispatchAction(.textSet(text))
    case .incrementTwiceThenEffect:
      context.dispatchAction(.incremented)
      context.dispatchAction(.incremented)
      context.dispatchEffect(.counted(context.state.count))
    case .chain(let name):
      context.dispatchCommand(.increment)
      context.dispatchEffect(.chained(name))
    case .load(let name, let ticks, let policy):
      context.run(id: "load", policy) { [clock] send in
        send.dispatchEffect(.started(name))
        try await clock.sleep(for: .seconds(ticks))
        send.dispatchAction(.loaded(name))
        send.dispatchEffect(.finished(name))
      }
    case .loadConcurrently(let name, let ticks):
      context.run { [clock] send in
        try await clock.sleep(for: .seconds(ticks))
        send.dispatchAction(.loaded(name))
      }
    case .fail(let message, let ticks):
      context.run { [clock] _ in
        try await clock.sleep(for: .seconds(ticks))
        throw TestFailure(message: message)
      }
    case .cancelLoads:
      context.cancel(id: "load")
    case .cancelAll:
      context.cancelAll()
    }
  }

  func handleError(_ error: any Error, in context: StoreContext<Self>) {
    context.dispatchEffect(.failed("\(error)"))
  }
}

/// A thread-safe log of strings.
final class Log: Sendable {
  private let entries = LockedState<[String]>([])
  func append(_ entry: String) { entries.withLock { $0.append(entry) } }
  var all: [String] { entries.withLock { $0 } }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension TestStore where Feature == WorkFeature {
  /// A test store for `WorkFeature` whose work sleeps on the test store's own timeline.
  static func work(_ state: WorkFeature.State = .init(), log: Log? = nil) -> TestStore<WorkFeature> {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    return TestStore(
      initialState: state, feature: WorkFeature(clock: TestClock(scheduler: scheduler), log: log),
      scheduler: scheduler)
  }
}

/// A thread-safe counter (Observation's `onChange` is `@Sendable`).
final class Counter: Sendable {
  private let count = LockedState(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

/// Runs `body`, expecting exactly the failures whose messages contain `fragments`, in order. The failures are
/// captured, not recorded: a passing run prints none of them.
@MainActor
func expectFailures(
  _ fragments: [String], sourceLocation: SourceLocation = #_sourceLocation, _ body: () async -> Void
) async {
  let messages = await withCapturedFailures { await body() }.map(\.message)
  #expect(messages.count == fragments.count, "\(messages)", sourceLocation: sourceLocation)
  for (message, fragment) in zip(messages, fragments) {
    #expect(message.contains(fragment), "\(message)", sourceLocation: sourceLocation)
  }
}
