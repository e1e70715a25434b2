import Ferry
import FerryStore
import Synchronization

/// A `Store` under test: every state change, effect and output of async work is asserted, on the
/// virtual timeline of a `TestScheduler`.
///
/// ```swift
/// @MainActor @Test func logIn() async {
///   let store = TestStore(initialState: .completed(LoginContent())) { clock in
///     LoginFeature(auth: FakeAuth(clock: clock))      // the fake sleeps on the test store's virtual time
///   }
///   await store.send(.inputLoginId("taro")) { $0 = .completed(LoginContent(loginId: "taro")) }
///   await store.send(.logIn)
///   await store.receiveEffect(.showProgress)          // runs the login work on virtual time until it sends
///   await store.receiveEffect(.dismissProgress, at: .milliseconds(200))
///   await store.receiveEffect(.complete(userId: "u1"))
///   await store.finish()
/// }
/// ```
///
/// **Exhaustive by default.** Every output must be asserted, wherever it came from: a state change without its
/// assertion, an effect not asserted before the next step, an output of async work (action, effect, command, error)
/// not received before the next `send`, an output passed over by a `receive` of a later one, and work still in
/// flight at ``finish(fileID:filePath:line:column:)`` (or when the test store is released) each fail the test with
/// the test's source line and a readable state diff. What a received command's handler or `handleError` changed is
/// asserted by ``receiveCommand(_:at:assert:fileID:filePath:line:column:)`` and
/// ``receiveError(_:where:assert:fileID:filePath:line:column:)``; the effects they emitted then by
/// ``receiveEffect(_:fileID:filePath:line:column:)``. With ``exhaustivity`` `.off`, only what the test asserts is
/// checked (and errors still go through `handleError`).
///
/// **In the order the app runs.** The store's async work runs on the scheduler's `VirtualTaskExecutor` and its
/// debounce/throttle on the `TestClock` — one timeline with the scheduler, so an Rx timer inside the work and a
/// `clock.sleep` advance together; ``init(initialState:tick:fileID:filePath:line:column:makeFeature:)`` hands that
/// clock to the feature's fakes. What the work sends is applied when the test receives it, not eagerly: `receive`
/// runs the timeline to the next output — advancing virtual time only as far as the next scheduled event, unless
/// ``receiveAdvancesTime`` is `false` — and "nothing more will come" is known exactly from the scheduler, never by
/// yielding or waiting on the wall clock.
///
/// **Time is exact.** One tick is 1 ms unless a scheduler or tick is given. ``advance(by:fileID:filePath:line:column:)``
/// and the store's debounce and throttle times must be whole numbers of ticks: any other duration is recorded as a
/// test failure naming the tick (then rounded up, so the test can go on), never rounded silently.
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
  /// Whether `receive…` may run the timeline forward to the next scheduled event to find the output it waits for
  /// (`true` by default). Set it to `false` to state every move of time with ``advance(by:fileID:filePath:line:column:)``:
  /// then a `receive` whose output is not due yet fails, naming the time of the next scheduled event.
  public var receiveAdvancesTime = true

  /// Every committed state with its virtual time, the initial state first: assert them as a marble diagram with
  /// `expectMarbles(store.states, "a-b", values: …)`.
  public private(set) var states: [Recorded<Event<Feature.State>>] = []
  /// Every emitted effect with its virtual time (`expectMarbles(store.effects, …)` when `Effect` is `Equatable`).
  public private(set) var effects: [Recorded<Event<Feature.Effect>>] = []

  private var assertedEffects = 0
  /// The next scheduled time a `receive` stopped before, with ``receiveAdvancesTime`` off.
  private var notDueUntil: TestTime?
  private let disposeBag = DisposeBag()
  /// What would fail at the end if the test stopped now; read when the test store is released.
  private let pendingReport = Mutex<(String, StoreAssertionLocation)?>(nil)
  /// Durations the store's clock was asked to wait that are not whole ticks, reported at the next step (the work
  /// asks off the main actor, outside any test step).
  private let clockIssues = LockedState<[String]>([])
  private let createdAt: StoreAssertionLocation

  /// A test store on a new `TestScheduler` (clock 0, one tick `tick` long — 1 ms by default —, no simulated
  /// processing delay: work sent "now" runs now).
  public convenience init(
    initialState: Feature.State, feature: Feature, tick: Duration = .milliseconds(1), fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      initialState: initialState, scheduler: Self.makeScheduler(tick: tick), tick: tick,
      location: StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      makeFeature: { _ in feature })
  }

  /// A test store on `scheduler`'s timeline (share it with the test's hot and cold observables). One tick is
  /// `tick` long; by default the scheduler's resolution (1 s for `TestScheduler(initialClock:)`).
  public convenience init(
    initialState: Feature.State, feature: Feature, scheduler: TestScheduler, tick: Duration? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      initialState: initialState, scheduler: scheduler, tick: tick ?? Self.tick(of: scheduler),
      location: StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      makeFeature: { _ in feature })
  }

  /// A test store whose feature is built by `makeFeature` — called once, now — with the test store's clock, so
  /// that the feature's fakes sleep on the store's virtual time:
  ///
  /// ```swift
  /// let store = TestStore(initialState: SearchState()) { clock in
  ///   SearchFeature(api: FakeSearchAPI(clock: clock, latency: .milliseconds(200)))
  /// }
  /// ```
  ///
  /// On a new `TestScheduler` (clock 0, no simulated processing delay) whose resolution is `tick` (1 ms by
  /// default), so that Rx timers inside the work and the clock agree.
  public convenience init(
    initialState: Feature.State, tick: Duration = .milliseconds(1), fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    makeFeature: (TestClock) -> Feature
  ) {
    self.init(
      initialState: initialState, scheduler: Self.makeScheduler(tick: tick), tick: tick,
      location: StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      makeFeature: makeFeature)
  }

  /// A test store on `scheduler`'s timeline whose feature is built by `makeFeature`, called once, now, with the
  /// test store's clock; see ``init(initialState:tick:fileID:filePath:line:column:makeFeature:)``. One tick is
  /// `tick` long; by default the scheduler's resolution.
  public convenience init(
    initialState: Feature.State, scheduler: TestScheduler, tick: Duration? = nil, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    makeFeature: (TestClock) -> Feature
  ) {
    self.init(
      initialState: initialState, scheduler: scheduler, tick: tick ?? Self.tick(of: scheduler),
      location: StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      makeFeature: makeFeature)
  }

  private init(
    initialState: Feature.State, scheduler: TestScheduler, tick: Duration, location: StoreAssertionLocation,
    makeFeature: (TestClock) -> Feature
  ) {
    self.scheduler = scheduler
    self.time = AsyncVirtualTime(scheduler, tick: tick)
    self.createdAt = location
    let clock = time.clock
    let issues = clockIssues
    let storeClock = StoreClock(
      sleep: { duration in
        if let problem = inexactTicks(duration, tick: tick, what: "The store's clock was asked to wait") {
          issues.withLock { $0.append(problem) }
        }
        try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
      },
      now: { clock.now.offset })
    self.store = Store(
      initialState: initialState, feature: makeFeature(clock), clock: storeClock, drainsAutomatically: false)
    store.stateDriver.drive(onNext: { [unowned self] in self.states.append(.next(scheduler.clock, $0)) })
      .disposed(by: disposeBag)
    store.effectSignal.emit(onNext: { [unowned self] in self.effects.append(.next(scheduler.clock, $0)) })
      .disposed(by: disposeBag)
  }

  private static func makeScheduler(tick: Duration) -> TestScheduler {
    TestScheduler(initialClock: 0, resolution: seconds(tick), simulateProcessingDelay: false)
  }

  /// The scheduler's resolution as a duration, to the nanosecond.
  private static func tick(of scheduler: TestScheduler) -> Duration {
    .nanoseconds(Int64((scheduler.converter.resolution * 1e9).rounded()))
  }

  deinit {
    if let (message, location) = pendingReport.withLock({ $0 }) {
      recordStoreFailure("TestStore released without finish(): \(message)", at: location)
    }
  }

  /// The clock of the store's debounce and throttle, and of the work's own sleeps if it is given to them.
  public var clock: TestClock { time.clock }

  /// The length of one tick of virtual time.
  public var tick: Duration { time.clock.tick }

  /// The current virtual time, as a duration since virtual time 0.
  public var now: Duration { time.clock.now.offset }

  /// The current state.
  public var state: Feature.State { store.currentState }

  /// The number of works waiting or running.
  public var inFlightWorkCount: Int { store.runtime.liveWorkCount }

  // MARK: - Sending and receiving

  /// Sends `command` as a button would, then checks the state: `assert` turns the state before into the expected
  /// state after (no closure: the state must not change).
  ///
  /// Work the command starts runs on virtual time up to its first wait; what it sends waits for
  /// ``receive(_:assert:fileID:filePath:line:column:)``.
  public func send(
    _ command: Feature.Command, assert: ((inout Feature.State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let location = StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let step = "send(\(describe(command)))"
    reportClockIssues(at: location)
    if exhaustivity == .on {
      checkNoUnassertedEffects(before: step, at: location)
      checkNoUnreceivedOutputs(before: step, at: location)
    } else {
      applyReceivedOutputs()
    }
    let before = state
    time.executor.perform { store.send(command) }
    reportClockIssues(at: location)
    check(step, before: before, assert: assert, at: location)
    updatePendingReport(location)
  }

  /// Runs the store's work until it sends its next action, which must be `expected`; applies it and checks the
  /// state as ``send(_:assert:fileID:filePath:line:column:)`` does. Effects the work emitted before the action must
  /// have been asserted with ``receiveEffect(_:fileID:filePath:line:column:)``; a command or error it sent before
  /// fails this step (it is still applied): receive it first.
  public func receive(
    _ expected: Feature.Action, assert: ((inout Feature.State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async where Feature.Action: Equatable {
    receiveOutput(
      .action, "receive(\(describe(expected)))", at: nil, where: { $0 == expected }, assert: assert,
      location: StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// ``receive(_:assert:fileID:filePath:line:column:)``, also checking that the work sent the action at virtual
  /// time `time` (a duration since virtual time 0, as ``now``).
  public func receive(
    _ expected: Feature.Action, at time: Duration, assert: ((inout Feature.State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async where Feature.Action: Equatable {
    receiveOutput(
      .action, "receive(\(describe(expected)))", at: time, where: { $0 == expected }, assert: assert,
      location: StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs the store's work until it sends its next action, which must satisfy `matches`; see
  /// ``receive(_:assert:fileID:filePath:line:column:)``.
  public func receive(
    _ description: String = "an action", where matches: (Feature.Action) -> Bool,
    assert: ((inout Feature.State) throws -> Void)? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    receiveOutput(
      .action, "receive(\(description))", at: nil, where: matches, assert: assert,
      location: StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs the store's work until it sends its next command (`send.dispatchCommand` in the work), which must be
  /// `expected` (sent at virtual time `time`, if given); handles it and checks the state its handler left, as ``send(_:assert:fileID:filePath:line:column:)``
  /// does. Assert the effects the handler emitted with ``receiveEffect(_:fileID:filePath:line:column:)`` next.
  public func receiveCommand(
    _ expected: Feature.Command, at time: Duration? = nil, assert: ((inout Feature.State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async where Feature.Command: Equatable {
    receiveOutput(
      .command, "receiveCommand(\(describe(expected)))", at: time, where: { $0 == expected }, assert: assert,
      location: StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs the store's work until it sends its next command, which must satisfy `matches`; see
  /// ``receiveCommand(_:at:assert:fileID:filePath:line:column:)``.
  public func receiveCommand(
    _ description: String = "a command", where matches: (Feature.Command) -> Bool,
    assert: ((inout Feature.State) throws -> Void)? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    receiveOutput(
      .command, "receiveCommand(\(description))", at: nil, where: matches, assert: assert,
      location: StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs the store's work until one of them throws, the error satisfying `matches`; hands it to the feature's
  /// `handleError(_:in:)` and checks the state that left, as ``send(_:assert:fileID:filePath:line:column:)`` does.
  /// Assert the effects `handleError` emitted (an alert) with ``receiveEffect(_:fileID:filePath:line:column:)`` next.
  ///
  /// ```swift
  /// await store.receiveError(where: { $0 is SearchError }) { $0.isRetryable = true }
  /// await store.receiveEffect(.alert("Search failed"))
  /// ```
  public func receiveError(
    _ description: String = "an error", where matches: (any Error) -> Bool,
    assert: ((inout Feature.State) throws -> Void)? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    receiveOutput(
      .error, "receiveError(\(description))", at: nil, where: matches, assert: assert,
      location: StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs the store's work until one of them throws `expected` (at virtual time `time`, if given); see
  /// ``receiveError(_:where:assert:fileID:filePath:line:column:)``.
  public func receiveError<Failure: Error & Equatable>(
    _ expected: Failure, at time: Duration? = nil, assert: ((inout Feature.State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    receiveOutput(
      .error, "receiveError(\(describe(expected)))", at: time,
      where: { (error: any Error) in (error as? Failure) == expected }, assert: assert,
      location: StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts the next effect: one emitted already and not yet asserted, or else the next output of the store's work
  /// (running the timeline to it), which must be an effect.
  public func receiveEffect(
    _ expected: Feature.Effect, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  )
    async where Feature.Effect: Equatable
  {
    receiveNextEffect(
      "receiveEffect(\(describe(expected)))", at: nil, where: { $0 == expected },
      location: StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// ``receiveEffect(_:fileID:filePath:line:column:)``, also checking that the effect was emitted at virtual time
  /// `time` (a duration since virtual time 0, as ``now``).
  public func receiveEffect(
    _ expected: Feature.Effect, at time: Duration, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  )
    async where Feature.Effect: Equatable
  {
    receiveNextEffect(
      "receiveEffect(\(describe(expected)))", at: time, where: { $0 == expected },
      location: StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts the next effect satisfies `matches`; see ``receiveEffect(_:fileID:filePath:line:column:)``.
  public func receiveEffect(
    _ description: String = "an effect", where matches: (Feature.Effect) -> Bool,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    receiveNextEffect(
      "receiveEffect(\(description))", at: nil, where: matches,
      location: StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Moves virtual time forward by `duration`, running the work due meanwhile. What the work sends waits to be
  /// received.
  ///
  /// `duration` must be a whole number of ticks (see ``tick``): any other duration is recorded as a test failure
  /// naming the tick, and time moves to the next whole tick.
  public func advance(
    by duration: Duration, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if let problem = inexactTicks(duration, tick: tick, what: "advance(by: \(duration))") {
      recordStoreFailure(problem, at: location)
    }
    let ticks = (duration / tick).rounded(.up)
    scheduler.advanceTo(max(scheduler.clock + TestTime(ticks), scheduler.clock))
    reportClockIssues(at: location)
    updatePendingReport(location)
  }

  /// Moves virtual time to `time` (in ticks), running the work due meanwhile.
  public func advance(to time: TestTime) async {
    scheduler.advanceTo(max(time, scheduler.clock))
    reportClockIssues(at: createdAt)
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
      runToEnd()
    } else {
      scheduler.start()
      checkNoUnassertedEffects(before: "finish()", at: location)
      checkNoUnreceivedOutputs(before: "finish()", at: location)
      runToEnd()  // what the outputs just applied started (already a failure): run it out, unreported
    }
    reportClockIssues(at: location)
    if inFlightWorkCount > 0, exhaustivity == .on {
      recordStoreFailure(
        "finish(): \(inFlightWorkCount) work(s) still in flight, waiting for something outside virtual time "
          + "(an actor, I/O, a continuation never resumed). Cancel them with cancelInFlightWork().", at: location)
    }
    pendingReport.withLock { $0 = nil }
  }

  /// Applies every output the store's work has sent so far without asserting it (and marks every effect asserted).
  /// Virtual time does not move. `async`, as every step of a test store is: `await store.skipReceivedOutputs()`.
  public func skipReceivedOutputs() async {
    applyReceivedOutputs()
    updatePendingReport(createdAt)
  }

  /// Cancels every work of the store (the store stays usable).
  public func cancelInFlightWork() {
    store.runtime.cancelAllWork()
    updatePendingReport(createdAt)
  }

  // MARK: - Internals

  /// The kinds of output of the store's work, each received by its own method.
  private enum OutputKind {
    case action, effect, command, error

    init(_ output: StoreOutput<Feature>) {
      switch output {
      case .action: self = .action
      case .effect: self = .effect
      case .command: self = .command
      case .failure: self = .error
      }
    }

    var noun: String {
      switch self {
      case .action: "action"
      case .effect: "effect"
      case .command: "command"
      case .error: "error"
      }
    }

    /// The method that receives this kind of output.
    var receiver: String {
      switch self {
      case .action: "receive(_:)"
      case .effect: "receiveEffect(_:)"
      case .command: "receiveCommand(_:)"
      case .error: "receiveError(where:)"
      }
    }
  }

  /// Receives the next output of `kind`: outputs of other kinds sent before it are applied (effects, to be asserted
  /// before this step; actions, commands and errors fail this step in exhaustive mode).
  private func receiveOutput<Value>(
    _ kind: OutputKind, _ step: String, at expectedTime: Duration?, where matches: (Value) -> Bool,
    assert: ((inout Feature.State) throws -> Void)?, location: StoreAssertionLocation
  ) {
    reportClockIssues(at: location)
    while true {
      guard let (output, sentAt) = nextOutput(step, at: location) else {
        recordStoreFailure("\(step): the store's work sent no \(kind.noun)\(waitingSummary()).", at: location)
        updatePendingReport(location)
        return
      }
      let outputKind = OutputKind(output)
      guard outputKind == kind else {
        perform(output)
        if outputKind != .effect, exhaustivity == .on {
          recordStoreFailure(
            "\(step): the store's work sent the \(describeOutput(output)) first: receive it first with "
              + "\(outputKind.receiver). It was applied.", at: location)
        }
        continue
      }
      if exhaustivity == .on { checkNoUnassertedEffects(before: step, at: location) }
      let before = state
      perform(output)
      if let value = payload(of: output) as? Value, matches(value) {
        checkTime(step, sentAt: sentAt, expected: expectedTime, at: location)
        check(step, before: before, assert: assert, at: location)
        updatePendingReport(location)
        return
      }
      if exhaustivity == .on {
        recordStoreFailure("\(step): received \(describePayload(output)) instead.", at: location)
        updatePendingReport(location)
        return
      }
    }
  }

  private func receiveNextEffect(
    _ step: String, at expectedTime: Duration?, where matches: (Feature.Effect) -> Bool,
    location: StoreAssertionLocation
  ) {
    reportClockIssues(at: location)
    while assertedEffects == effects.count {
      guard let (output, _) = nextOutput(step, at: location) else {
        recordStoreFailure("\(step): no effect was emitted\(waitingSummary()).", at: location)
        updatePendingReport(location)
        return
      }
      let outputKind = OutputKind(output)
      perform(output)
      guard outputKind != .effect, exhaustivity == .on else { continue }
      recordStoreFailure(
        "\(step): the store's work sent the \(describeOutput(output)) first: receive it first with "
          + "\(outputKind.receiver).", at: location)
      if outputKind == .action {
        updatePendingReport(location)
        return
      }
    }
    let recorded = effects[assertedEffects]
    assertedEffects += 1
    let effect = recorded.value.element!
    if !matches(effect) {
      recordStoreFailure("\(step): the next effect is \(describe(effect)).", at: location)
    } else {
      checkTime(step, sentAt: tick * recorded.time, expected: expectedTime, at: location)
    }
    updatePendingReport(location)
  }

  private func payload(of output: StoreOutput<Feature>) -> Any {
    switch output {
    case .action(let action): action
    case .effect(let effect): effect
    case .command(let command): command
    case .failure(let error, _): error
    }
  }

  private func describePayload(_ output: StoreOutput<Feature>) -> String {
    if case .action(let action) = output { return describe(action) }
    return describeOutput(output)
  }

  private func perform(_ output: StoreOutput<Feature>) {
    time.executor.perform { store.process(output) }
  }

  private func checkTime(
    _ step: String, sentAt: Duration?, expected: Duration?, at location: StoreAssertionLocation
  ) {
    guard let expected, let sentAt, sentAt != expected else { return }
    recordStoreFailure("\(step): arrived at \(sentAt), not at \(expected).", at: location)
  }

  /// The next output with the time it was sent, running the timeline one due time at a time until the work sends
  /// something (with ``receiveAdvancesTime`` off, only what is due now).
  private func nextOutput(
    _ step: String, at location: StoreAssertionLocation
  ) -> (StoreOutput<Feature>, Duration?)? {
    defer { reportClockIssues(at: location) }
    notDueUntil = nil
    while true {
      if let (output, sentAt) = store.runtime.takeNextStampedOutput() { return (output, sentAt) }
      guard let due = scheduler.nextScheduledTime else { return nil }
      if due > scheduler.clock, !receiveAdvancesTime {
        notDueUntil = due
        return nil
      }
      scheduler.advanceTo(max(due, scheduler.clock))
    }
  }

  /// Why nothing was received: work in flight or not, or, with ``receiveAdvancesTime`` off, when the next event is.
  private func waitingSummary() -> String {
    if let due = notDueUntil {
      return " by \(now); the next scheduled event is at \(tick * due) (receiveAdvancesTime is false: advance(by:) "
        + "to it first)"
    }
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
      "\(step): \(what) (− expected, + actual):\n\(stateDiff(from: expected, to: actual))", at: location)
  }

  /// Fails if the work sent outputs that were not received, then applies them (so the state goes on as in the app)
  /// and marks the effects they emitted asserted (they are part of this failure).
  private func checkNoUnreceivedOutputs(before step: String, at location: StoreAssertionLocation) {
    let queued = store.runtime.queuedOutputs
    guard !queued.isEmpty else { return }
    let lines =
      ["\(step): the store's async work sent \(queued.count) output(s) that were not received:"]
      + queued.map { "  \(describeOutput($0))" }
      + [
        "Receive them first (receive(_:), receiveEffect(_:), receiveCommand(_:), receiveError(where:)), or set "
          + "exhaustivity to .off."
      ]
    recordStoreFailure(lines.joined(separator: "\n"), at: location)
    applyReceivedOutputs()
  }

  /// Runs the timeline and applies what the work sends until neither is left (an applied command may start work).
  private func runToEnd() {
    repeat {
      applyReceivedOutputs()
      scheduler.start()
    } while !store.runtime.queuedOutputs.isEmpty
  }

  private func applyReceivedOutputs() {
    store.applyQueuedOutputs(on: time)
    assertedEffects = effects.count
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

  private func reportClockIssues(at location: StoreAssertionLocation) {
    let issues = clockIssues.withLock { issues in
      defer { issues = [] }
      return issues
    }
    for issue in issues { recordStoreFailure(issue, at: location) }
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

/// A failure message if `duration` is not a whole number of `tick`s (`nil` if it is): virtual time cannot express
/// it, so it would be rounded up to the next tick.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
func inexactTicks(_ duration: Duration, tick: Duration, what: String) -> String? {
  let remainder = attoseconds(duration) % attoseconds(tick)
  guard remainder != 0 else { return nil }
  return "\(what): \(duration) is not a whole number of ticks (one tick is \(tick)); virtual time would round it up "
    + "to the next tick. Use a tick that divides it (TestStore(…, tick:)) or a multiple of the tick."
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
private func attoseconds(_ duration: Duration) -> Int128 {
  let (seconds, attoseconds) = duration.components
  return Int128(seconds) * 1_000_000_000_000_000_000 + Int128(attoseconds)
}

/// A duration in seconds, for `TestScheduler(resolution:)`.
private func seconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) + Double(attoseconds) / 1e18
}

/// An output of a store's work as a test failure shows it.
func describeOutput<Feature: StoreFeature>(_ output: StoreOutput<Feature>) -> String {
  switch output {
  case .action(let action): return "action \(describe(action))"
  case .effect(let effect): return "effect \(describe(effect))"
  case .command(let command): return "command \(describe(command))"
  case .failure(let error, _): return "error \(describe(error))"
  }
}
