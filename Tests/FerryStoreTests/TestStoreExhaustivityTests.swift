import Ferry
import FerryStore
import FerryTesting
import Testing

/// A search screen in miniature: a debounced query, a command sent by work, an error `handleError` turns into a
/// state change and an alert. Its fakes sleep on the clock the test store hands to `makeFeature`.
struct ExhaustiveFeature: StoreFeature {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var failures = 0
  }

  enum Command: Sendable, Equatable {
    case search(String)
    /// Work that waits 5 ms, then sends `.search(query)`.
    case searchFromWork(String)
    /// Work that waits 10 ms, then throws `TestFailure("boom")`.
    case fail
    /// The same, started with the id "retryable".
    case failWithID
  }

  enum Action: Sendable, Equatable {
    case querySet(String)
    case loaded(String)
    case failed
  }

  enum Effect: Sendable, Equatable {
    case alert(String)
    case retry(String)
  }

  let clock: TestClock

  static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .querySet(let query): state.query = query
    case .loaded(let result): state.results.append(result)
    case .failed: state.failures += 1
    }
    return state
  }

  func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .search(let query):
      context.dispatchAction(.querySet(query))
      context.run(id: "search", .debounce(.milliseconds(300))) { [clock] send in
        try await clock.sleep(for: .milliseconds(200))  // the fake network
        send.dispatchAction(.loaded(query))
      }
    case .searchFromWork(let query):
      context.run { [clock] send in
        try await clock.sleep(for: .milliseconds(5))
        send.dispatchCommand(.search(query))
      }
    case .failWithID:
      context.run(id: "retryable") { [clock] _ in
        try await clock.sleep(for: .milliseconds(10))
        throw TestFailure(message: "boom")
      }
    case .fail:
      context.run { [clock] _ in
        try await clock.sleep(for: .milliseconds(10))
        throw TestFailure(message: "boom")
      }
    }
  }

  func handleError(_ error: any Error, in context: StoreContext<Self>) {
    context.dispatchAction(.failed)
    context.dispatchEffect(.alert("\(error)"))
    if let id = context.failedWorkID { context.dispatchEffect(.retry("\(id)")) }
  }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension TestStore where Feature == ExhaustiveFeature {
  static func exhaustive() -> TestStore<ExhaustiveFeature> {
    TestStore(initialState: ExhaustiveFeature.State()) { ExhaustiveFeature(clock: $0) }
  }
}

/// TestStore's exhaustivity over every output of work, and its time.
@MainActor
@Suite("TestStore: every output, exact time")
struct TestStoreExhaustivityTests {
  // MARK: - Errors and commands from work

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func anErrorAndWhatHandleErrorChangedAreReceived() async {
    let store = TestStore.exhaustive()
    await store.send(.fail)
    await store.receiveError(TestFailure(message: "boom"), at: .milliseconds(10)) { $0.failures = 1 }
    await store.receiveEffect(.alert("boom"), at: .milliseconds(10))
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func handleErrorKnowsWhichWorkFailed() async {
    let store = TestStore.exhaustive()
    await store.send(.failWithID)
    await store.receiveError(TestFailure(message: "boom")) { $0.failures = 1 }
    await store.receiveEffect(.alert("boom"))
    await store.receiveEffect(.retry("retryable"))
    await store.send(.fail)
    await store.receiveError(TestFailure(message: "boom")) { $0.failures = 2 }
    await store.receiveEffect(.alert("boom"))  // no id: no retry
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aStateChangeMadeByHandleErrorMustBeAsserted() async {
    let store = TestStore.exhaustive()
    await store.send(.fail)
    await expectFailures(["receiveError(an error): the state changed but no change was asserted"]) {
      await store.receiveError(where: { $0 is TestFailure })
    }
    await store.receiveEffect(.alert("boom"))
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func anUnreceivedErrorFailsFinishNamingReceiveError() async {
    let store = TestStore.exhaustive()
    await store.send(.fail)
    await expectFailures([
      "finish(): the store's async work sent 1 output(s) that were not received:\n  error boom\n"
        + "Receive them first (receive(_:), receiveEffect(_:), receiveCommand(_:), receiveError(where:))"
    ]) {
      await store.finish()
    }
    #expect(store.state.failures == 1, "reported, then applied through handleError as in the app")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func receiveEffectDoesNotPassOverAnError() async {
    let store = TestStore.exhaustive()
    await store.send(.fail)
    await expectFailures([
      "receiveEffect(alert(\"boom\")): the store's work sent the error boom first: receive it first with "
        + "receiveError(where:)."
    ]) {
      await store.receiveEffect(.alert("boom"))
    }
    #expect(store.state.failures == 1)
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aWrongErrorFails() async {
    let store = TestStore.exhaustive()
    await store.send(.fail)
    await expectFailures(["receiveError(other): received error boom instead."]) {
      await store.receiveError(TestFailure(message: "other")) { $0.failures = 1 }
    }
    await store.receiveEffect(.alert("boom"))
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aCommandSentByWorkIsReceivedWithItsStateChange() async {
    let store = TestStore.exhaustive()
    await store.send(.searchFromWork("a"))
    await store.receiveCommand(.search("a")) { $0.query = "a" }
    #expect(store.now == .milliseconds(5))
    // Debounced 300 ms after the command, then 200 ms of fake network.
    await store.receive(.loaded("a"), at: .milliseconds(505)) { $0.results = ["a"] }
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func receiveCommandWhere() async {
    let store = TestStore.exhaustive()
    await store.send(.searchFromWork("a"))
    await store.receiveCommand("a search", where: { if case .search = $0 { true } else { false } }) {
      $0.query = "a"
    }
    await store.receive(.loaded("a")) { $0.results = ["a"] }
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func receivingAnActionPassedOverACommandFailsAndAppliesIt() async {
    let store = TestStore.exhaustive()
    await store.send(.searchFromWork("a"))
    await expectFailures([
      "receive(loaded(\"a\")): the store's work sent the command search(\"a\") first: receive it first with "
        + "receiveCommand(_:). It was applied."
    ]) {
      await store.receive(.loaded("a")) { $0.results = ["a"] }
    }
    #expect(store.state == ExhaustiveFeature.State(query: "a", results: ["a"]))
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func nonExhaustiveModeStillHandlesErrors() async {
    let store = TestStore.exhaustive()
    store.exhaustivity = .off
    await store.send(.fail)
    await store.send(.searchFromWork("a"))
    await store.finish()
    #expect(store.state == ExhaustiveFeature.State(query: "a", results: ["a"], failures: 1))
  }

  // MARK: - The clock reaches the feature

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func makeFeatureIsCalledOnceWithTheStoresClock() async {
    let calls = Counter()
    var given: TestClock?
    let store = TestStore(initialState: ExhaustiveFeature.State()) { clock in
      calls.increment()
      given = clock
      return ExhaustiveFeature(clock: clock)
    }
    #expect(calls.value == 1)
    #expect(given === store.clock)
    #expect(store.tick == .milliseconds(1))
    #expect(store.scheduler.converter.resolution == 0.001, "Rx timers in the work agree with the clock")
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aGivenSchedulerSetsTheTick() async {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.01, simulateProcessingDelay: false)
    let store = TestStore(initialState: ExhaustiveFeature.State(), scheduler: scheduler) {
      ExhaustiveFeature(clock: $0)
    }
    #expect(store.tick == .milliseconds(10))
    await store.send(.fail)
    await store.receiveError(where: { _ in true }, assert: { $0.failures = 1 })
    #expect(scheduler.clock == 1)
    await store.receiveEffect(.alert("boom"))
    await store.finish()
  }

  // MARK: - Time never rounds silently

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func advanceByAPartialTickFailsNamingTheTick() async {
    let store = TestStore(initialState: ExhaustiveFeature.State(), tick: .milliseconds(10)) {
      ExhaustiveFeature(clock: $0)
    }
    await expectFailures([
      "advance(by: 0.005 seconds): 0.005 seconds is not a whole number of ticks (one tick is 0.01 seconds)"
    ]) {
      await store.advance(by: .milliseconds(5))
    }
    #expect(store.now == .milliseconds(10), "moved to the next whole tick, after saying so")
    await store.advance(by: .milliseconds(20))
    #expect(store.now == .milliseconds(30))
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aDebounceOfAPartialTickFailsNamingTheTick() async {
    let store = TestStore(initialState: ExhaustiveFeature.State(), tick: .seconds(1)) {
      ExhaustiveFeature(clock: $0)
    }
    await expectFailures([
      "The store's clock was asked to wait: 0.3 seconds is not a whole number of ticks (one tick is 1.0 seconds)"
    ]) {
      await store.send(.search("a")) { $0.query = "a" }
    }
    store.exhaustivity = .off
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func receiveAtAWrongTimeFails() async {
    let store = TestStore.exhaustive()
    await store.send(.search("a")) { $0.query = "a" }
    await expectFailures(["receive(loaded(\"a\")): arrived at 0.5 seconds, not at 0.3 seconds."]) {
      await store.receive(.loaded("a"), at: .milliseconds(300)) { $0.results = ["a"] }
    }
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func withoutReceiveAdvancingTimeTheTestStatesWhen() async {
    let store = TestStore.exhaustive()
    store.receiveAdvancesTime = false
    await store.send(.search("a")) { $0.query = "a" }
    await expectFailures([
      "receive(loaded(\"a\")): the store's work sent no action by 0.0 seconds; the next scheduled event is at "
        + "0.3 seconds (receiveAdvancesTime is false: advance(by:) to it first)."
    ]) {
      await store.receive(.loaded("a")) { $0.results = ["a"] }
    }
    await store.advance(by: .milliseconds(499))
    #expect(store.state.results.isEmpty)
    await store.advance(by: .milliseconds(1))
    await store.receive(.loaded("a"), at: .milliseconds(500)) { $0.results = ["a"] }
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func skipReceivedOutputsAppliesWhatWasSentWithoutMovingTime() async {
    let store = TestStore.exhaustive()
    await store.send(.search("a")) { $0.query = "a" }
    await store.advance(by: .milliseconds(500))
    await store.skipReceivedOutputs()
    #expect(store.state.results == ["a"])
    #expect(store.now == .milliseconds(500))
    await store.finish()  // nothing left unreceived
  }
}
