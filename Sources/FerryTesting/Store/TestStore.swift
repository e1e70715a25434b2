import Ferry
import FerryStore
import Synchronization

/// A `Store` under test: every state change, effect and output of async work is asserted, on the
/// virtual timeline of a `TestScheduler`.
///
/// ```swift
/// @MainActor @Test func logIn() async {
///   let store = TestStore(initialState: .completed(LoginContent()), feature: LoginFeature(auth: .succeeding))
///   await store.send(.inputLoginId("taro")) { $0 = .completed(LoginContent(loginId: "taro")) }
///   await store.send(.logIn)
///   await store.receiveEffect(.showProgress)          // runs the login work on virtual time until it sends
///   await store.receiveEffect(.dismissProgress)
///   await store.receiveEffect(.complete(userId: "u1"))
///   await store.finish()
/// }
/// ```
///
/// **Exhaustive by default.** A state change without its assertion, an effect not asserted before the next step,
/// an output of async work not received before the next `send`, and work still in flight at ``finish(fileID:filePath:line:column:)`` (or when
/// the test store is released) each fail the test with the test's source line and a readable state diff. With
/// ``exhaustivity`` `.off`, only what the test asserts is checked.
///
/// **In the order the app runs.** The store's async work runs on the scheduler's `VirtualTaskExecutor` and its
/// debounce/throttle on the `TestClock` — one timeline with the scheduler, so an Rx timer inside the work and a
/// `clock.sleep` advance together. What the work sends (actions, effects, commands, errors) is applied when the test
/// receives it, not eagerly: ``receive(_:assert:fileID:filePath:line:column:)`` runs the timeline to the next output — advancing
/// virtual time only as far as the next scheduled event — and "nothing more will come" is known exactly from the
/// scheduler, never by yielding or waiting on the wall clock.
///
/// Use it from `@MainActor` tests (Swift Testing or XCTest). Needs iOS 18 / macOS 15 (task executors) on the
/// machine that runs the tests; the code under test keeps supporting iOS 17 / macOS 14.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@MainActor
public final class TestStore<Feature: StoreFeature> where Feature.State: Equatable {
  /// How much the test must assert.
  public enum Exhaustivity: Sendable, Equatable {
    /// Everything: every state change, effect, output and piece of work.
    case on
    /// Only what the test asserts: unasserted outputs are applied on the next step, effects and in-flight work
    /// are not checked, and a state assertion checks only what its closure changes.
    case off
  }

  /// The store under test (running in test mode: outputs of async work wait for the test).
  public let store: Store<Feature>
  /// The scheduler whose clock is the virtual timeline.
  public let scheduler: TestScheduler
  /// The executor and clock on that timeline.
  public let time: AsyncVirtualTime
  /// How much the test must assert; `.on` by default.
  public var exhaustivity: Exhaustivity = .on

  /// Every committed state with its virtual time, the initial state first: assert them as a marble diagram with
  /// `expectMarbles(store.states, "a-b", values: …)`.
  public private(set) var states: [Recorded<Event<Feature.State>>] = []
  /// Every emitted effect with its virtual time (`expectMarbles(store.effects, …)` when `Effect` is `Equatable`).
  public private(set) var effects: [Recorded<Event<Feature.Effect>>] = []

  private var assertedEffects = 0
  private let disposeBag = DisposeBag()
  /// What would fail at the end if the test stopped now; read when the test store is released.
  private let pendingReport = Mutex<(String, StoreAssertionLocation)?>(nil)
  private let createdAt: StoreAssertionLocation

  /// A test store on a new `TestScheduler` (clock 0, no simulated processing delay: work sent "now" runs now).
  public convenience init(
    initialState: Feature.State, feature: Feature, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      initialState: initialState, feature: feature,
      scheduler: TestScheduler(initialClock: 0, simulateProcessingDelay: false), fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// A test store on `scheduler`'s timeline (share it with the test's hot and cold observables).
  public init(
    initialState: Feature.State, feature: Feature, scheduler: TestScheduler, tick: Duration = .seconds(1),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.scheduler = scheduler
    self.time = AsyncVirtualTime(scheduler, tick: tick)
    self.createdAt = StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.store = Store(
      initialState: initialState, feature: feature, clock: StoreClock(time.clock), drainsAutomatically: false)
    store.stateDriver.drive(onNext: { [unowned self] in self.states.append(.next(scheduler.clock, $0)) })
      .disposed(by: disposeBag)
    store.effectSignal.emit(onNext: { [unowned self] in self.effects.append(.next(scheduler.clock, $0)) })
      .disposed(by: disposeBag)
  }

  deinit {
    if let (message, location) = pendingReport.withLock({ $0 }) {
      recordStoreFailure("TestStore released without finish(): \(message)", at: location)
    }
  }

  /// The clock of the store's debounce and throttle, and of the work's own sleeps if it is given to them.
  public var clock: TestClock { time.clock }

  /// The current state.
  public var state: Feature.State { store.currentState }

  /// The number of works waiting or running.
  public var inFlightWorkCount: Int { store.runtime.liveWorkCount }

  // MARK: - Sending and receiving

  /// Sends `command` as a button would, then checks the state: `assert` turns the state before into the expected
  /// state after (no closure: the state must not change).
  ///
  /// Work the command starts runs on virtual time up to its first wait; what it sends waits for ``receive(_:assert:fileID:filePath:line:column:)``.
  public func send(
    _ command: Feature.Command, assert: ((inout Feature.State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let location = StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let step = "send(\(describe(command)))"
    if exhaustivity == .on {
      checkNoUnassertedEffects(before: step, at: location)
      checkNoUnreceivedOutputs(
        before: step, hint: "Receive them first (receive(_:), receiveEffect(_:)), or set exhaustivity to .off.",
        at: location)
    } else {
      skipReceivedOutputs()
    }
    let before = state
    time.executor.perform { store.send(command) }
    check(step, before: before, assert: assert, at: location)
    updatePendingReport(location)
  }

  /// Runs the store's work until it sends its next action, which must be `expected`; applies it and checks the
  /// state as ``send(_:assert:fileID:filePath:line:column:)`` does. Effects, commands and errors the work sent before the action are
  /// handled first (assert those effects with ``receiveEffect(_:fileID:filePath:line:column:)`` before).
  public func receive(
    _ expected: Feature.Action, assert: ((inout Feature.State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async where Feature.Action: Equatable {
    await receive(
      describe(expected), where: { $0 == expected }, assert: assert, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Runs the store's work until it sends its next action, which must satisfy `matches`; see
  /// ``receive(_:assert:fileID:filePath:line:column:)``.
  public func receive(
    _ description: String = "an action", where matches: (Feature.Action) -> Bool,
    assert: ((inout Feature.State) throws -> Void)? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let location = StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let step = "receive(\(description))"
    while true {
      guard let output = nextOutput() else {
        recordStoreFailure(
          "\(step): the store's work sent no action\(waitingSummary()).", at: location)
        return
      }
      guard case .action(let action) = output else {
        time.executor.perform { store.process(output) }
        continue
      }
      if exhaustivity == .on { checkNoUnassertedEffects(before: step, at: location) }
      let before = state
      time.executor.perform { store.process(output) }
      if matches(action) {
        check(step, before: before, assert: assert, at: location)
        updatePendingReport(location)
        return
      }
      if exhaustivity == .on {
        recordStoreFailure("\(step): received \(describe(action)) instead.", at: location)
        updatePendingReport(location)
        return
      }
    }
  }

  /// Asserts the next effect: one emitted already and not yet asserted, or else the next output of the store's work
  /// (running the timeline to it), which must be an effect.
  public func receiveEffect(
    _ expected: Feature.Effect, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  )
    async where Feature.Effect: Equatable
  {
    await receiveEffect(
      describe(expected), where: { $0 == expected }, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts the next effect satisfies `matches`; see ``receiveEffect(_:fileID:filePath:line:column:)``.
  public func receiveEffect(
    _ description: String = "an effect", where matches: (Feature.Effect) -> Bool,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let location = StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let step = "receiveEffect(\(description))"
    while assertedEffects == effects.count {
      guard let output = nextOutput() else {
        recordStoreFailure("\(step): no effect was emitted\(waitingSummary()).", at: location)
        return
      }
      if case .action(let action) = output, exhaustivity == .on {
        recordStoreFailure(
          "\(step): the store's work sent the action \(describe(action)) first: receive it first.", at: location)
        time.executor.perform { store.process(output) }
        updatePendingReport(location)
        return
      }
      time.executor.perform { store.process(output) }
    }
    let effect = effects[assertedEffects].value.element!
    assertedEffects += 1
    if !matches(effect) {
      recordStoreFailure("\(step): the next effect is \(describe(effect)).", at: location)
    }
    updatePendingReport(location)
  }

  /// Moves virtual time forward by `duration` (rounded up to whole ticks), running the work due meanwhile. What the
  /// work sends waits to be received.
  public func advance(by duration: Duration) async {
    let ticks = duration / time.clock.tick
    await advance(to: scheduler.clock + TestTime(ticks.rounded(.up)))
  }

  /// Moves virtual time to `time`, running the work due meanwhile.
  public func advance(to time: TestTime) async {
    scheduler.advanceTo(max(time, scheduler.clock))
    updatePendingReport(createdAt)
  }

  // MARK: - Ending

  /// Runs the timeline until no work is left (exhaustive: every output must have been received and every effect
  /// asserted), then checks that nothing is left unasserted.
  public func finish(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let location = StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if exhaustivity == .off {
      skipReceivedOutputs()
      scheduler.start()
      skipReceivedOutputs()
    } else {
      scheduler.start()
      checkNoUnassertedEffects(before: "finish()", at: location)
      checkNoUnreceivedOutputs(before: "finish()", hint: nil, at: location)
    }
    if inFlightWorkCount > 0, exhaustivity == .on {
      recordStoreFailure(
        "finish(): \(inFlightWorkCount) work(s) still in flight, waiting for something outside virtual time "
          + "(an actor, I/O, a continuation never resumed). Cancel them with cancelInFlightWork().", at: location)
    }
    pendingReport.withLock { $0 = nil }
  }

  /// Applies every output the store's work has sent so far without asserting it (and marks every effect asserted).
  public func skipReceivedOutputs() {
    while let output = store.runtime.takeNextOutput() { time.executor.perform { store.process(output) } }
    assertedEffects = effects.count
    updatePendingReport(createdAt)
  }

  /// Cancels every work of the store (the store stays usable).
  public func cancelInFlightWork() {
    store.runtime.cancelAllWork()
    updatePendingReport(createdAt)
  }

  // MARK: - Internals

  /// The next output, running the timeline one due time at a time until the work sends something.
  private func nextOutput() -> StoreOutput<Feature>? {
    while true {
      if let output = store.runtime.takeNextOutput() { return output }
      guard let due = scheduler.nextScheduledTime else { return nil }
      scheduler.advanceTo(max(due, scheduler.clock))
    }
  }

  private func waitingSummary() -> String {
    let count = inFlightWorkCount
    guard count > 0 else { return " (no work is in flight)" }
    return " (\(count) work(s) in flight, waiting for something outside virtual time)"
  }

  private func check(
    _ step: String, before: Feature.State, assert: ((inout Feature.State) throws -> Void)?,
    at location: StoreAssertionLocation
  ) {
    let actual = state
    var expected = exhaustivity == .on ? before : actual
    do {
      try assert?(&expected)
    } catch {
      recordStoreFailure("\(step): the assertion closure threw \(error).", at: location)
      return
    }
    guard expected != actual else { return }
    let what = assert == nil ? "the state changed but no change was asserted" : "the state differs from the expected"
    recordStoreFailure(
      "\(step): \(what) (− expected, + actual):\n\(stateDiff(expected: expected, actual: actual))", at: location)
  }

  private func checkNoUnreceivedOutputs(before step: String, hint: String?, at location: StoreAssertionLocation) {
    let queued = store.runtime.queuedOutputs
    guard !queued.isEmpty else { return }
    let lines =
      ["\(step): the store's async work sent \(queued.count) output(s) that were not received:"]
      + queued.map { "  \(describeOutput($0))" } + (hint.map { [$0] } ?? [])
    recordStoreFailure(lines.joined(separator: "\n"), at: location)
  }

  private func checkNoUnassertedEffects(before step: String, at location: StoreAssertionLocation) {
    guard assertedEffects < effects.count else { return }
    let unasserted = effects[assertedEffects...].compactMap { $0.value.element }
    assertedEffects = effects.count
    recordStoreFailure(
      "\(step): \(unasserted.count) effect(s) emitted before were not asserted:\n"
        + unasserted.map { "  \(describe($0))" }.joined(separator: "\n")
        + "\nAssert them with receiveEffect(_:), or set exhaustivity to .off.", at: location)
  }

  private func updatePendingReport(_ location: StoreAssertionLocation) {
    guard exhaustivity == .on else {
      pendingReport.withLock { $0 = nil }
      return
    }
    var problems: [String] = []
    let queued = store.runtime.queuedOutputs.count
    if queued > 0 { problems.append("\(queued) output(s) of async work not received") }
    if assertedEffects < effects.count { problems.append("\(effects.count - assertedEffects) effect(s) not asserted") }
    if inFlightWorkCount > 0 { problems.append("\(inFlightWorkCount) work(s) in flight") }
    pendingReport.withLock { $0 = problems.isEmpty ? nil : (problems.joined(separator: ", "), location) }
  }
}

/// An output of a store's work as a test failure shows it.
func describeOutput<Feature: StoreFeature>(_ output: StoreOutput<Feature>) -> String {
  switch output {
  case .action(let action): return "action \(describe(action))"
  case .effect(let effect): return "effect \(describe(effect))"
  case .command(let command): return "command \(describe(command))"
  case .failure(let error): return "error \(describe(error))"
  }
}
