import Ferry
import FerryStore

/// The former name of ``ParitySide``.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@available(*, deprecated, renamed: "ParitySide")
public typealias ParitySubject<State, Command, Effect> = ParitySide<State, Command, Effect>

/// One side of a parity run: a screen's store as its view sees it — states, effects, and where commands go.
///
/// A legacy relay-based view store is one through its `Driver` / `Signal` surface; a `Store` is one
/// through ``store(initialState:feature:scheduler:)``, which runs it on the parity run's virtual timeline.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@MainActor
public struct ParitySide<State, Command, Effect> {
  let states: Driver<State>
  let effects: Signal<Effect>
  let dispatch: @MainActor (Command) -> Void
  /// Applies what the store's async work sent so far (a `Store` in test mode); nothing for a legacy store.
  let drain: @MainActor () -> Void

  /// A legacy store's surface: its state `Driver`, its effect `Signal`, its `dispatchCommand`.
  public init(state: Driver<State>, effect: Signal<Effect>, dispatch: @escaping @MainActor (Command) -> Void) {
    self.states = state
    self.effects = effect
    self.dispatch = dispatch
    self.drain = {}
  }

  /// A new store for `feature`, on `scheduler`'s timeline: its work runs on the scheduler's virtual-time executor
  /// and clock, and what the work sends is applied at the virtual time it is sent.
  public static func store<Feature: StoreFeature>(
    initialState: Feature.State, feature: Feature, scheduler: TestScheduler
  ) -> ParitySide where Feature.State == State, Feature.Command == Command, Feature.Effect == Effect {
    let time = AsyncVirtualTime(scheduler)
    let store = Store(
      initialState: initialState, feature: feature, clock: StoreClock(time.clock), drainsAutomatically: false)
    return ParitySide(
      states: store.stateDriver, effects: store.effectSignal,
      dispatch: { command in time.executor.perform { store.send(command) } },
      drain: { store.applyQueuedOutputs(on: time) })
  }

  init(
    states: Driver<State>, effects: Signal<Effect>, dispatch: @escaping @MainActor (Command) -> Void,
    drain: @escaping @MainActor () -> Void
  ) {
    self.states = states
    self.effects = effects
    self.dispatch = dispatch
    self.drain = drain
  }
}

/// Where two stores driven by the same commands parted: both timelines, side by side as marble rows.
public struct StoreParityMismatch: CustomStringConvertible, Sendable {
  /// The report: the first difference, the rows (legacy and migrated states, legacy and migrated effects) and
  /// what each marble stands for.
  public let description: String
}

/// Drives a legacy store and its migrated store with the same `commands`, at their virtual times, on one
/// timeline, and compares every state and effect each one produces, with its time: the test to run before
/// deleting the old store.
///
/// ```swift
/// expectStoreParity(
///   commands: [.next(210, .inputLoginId("taro")), .next(220, .inputPassword("pw")), .next(230, .logIn)],
///   legacy: { scheduler in
///     let store = LoginViewStoreImpl(auth: RxAuth(scheduler: scheduler))
///     return ParitySide(state: store.state, effect: store.effect, dispatch: store.dispatchCommand)
///   },
///   migrated: { scheduler in
///     .store(initialState: .init(), feature: LoginFeature(auth: AsyncAuth(clock: TestClock(scheduler: scheduler))),
///            scheduler: scheduler)
///   })
/// ```
///
/// Runs until virtual time `end` (after the last command's work). On a difference, records a failure showing
/// both timelines and returns it.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@MainActor
@discardableResult
public func expectStoreParity<State: Equatable, Command, Effect: Equatable>(
  commands: [Recorded<Event<Command>>], until end: TestTime = 1000,
  legacy: (TestScheduler) -> ParitySide<State, Command, Effect>,
  migrated: (TestScheduler) -> ParitySide<State, Command, Effect>,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> StoreParityMismatch? {
  let location = StoreAssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let run = runParity(commands: commands, until: end, legacy: legacy, migrated: migrated)
  guard let mismatch = run.mismatch() else { return nil }
  recordStoreFailure(mismatch.description, at: location)
  return mismatch
}

/// The recorded timelines of a parity run.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct ParityRun<State: Equatable, Effect: Equatable> {
  var legacyStates: [Recorded<Event<State>>] = []
  var migratedStates: [Recorded<Event<State>>] = []
  var legacyEffects: [Recorded<Event<Effect>>] = []
  var migratedEffects: [Recorded<Event<Effect>>] = []

  func mismatch() -> StoreParityMismatch? {
    let stateDifference = firstDifference(legacyStates, migratedStates)
    let effectDifference = firstDifference(legacyEffects, migratedEffects)
    guard stateDifference != nil || effectDifference != nil else { return nil }
    var names: [String] = []
    var legend: [String] = []
    func name(_ description: String) -> String {
      if let index = names.firstIndex(of: description) { return marbleName(index) }
      names.append(description)
      legend.append("  \(marbleName(names.count - 1)) = \(description)")
      return marbleName(names.count - 1)
    }
    func row<Value>(_ events: [Recorded<Event<Value>>]) -> MarbleRow {
      MarbleLayout.row(events, subscriptionTime: nil, name: { name(describe($0)) })
    }
    let rows = [row(legacyStates), row(migratedStates), row(legacyEffects), row(migratedEffects)]
    // The largest frame that puts every event on the grid, so no time needs an `<@t>` of its own.
    let times = rows.flatMap { $0.tokens.map(\.time) }.filter { $0 > 0 }
    func gcd(_ a: TestTime, _ b: TestTime) -> TestTime { b == 0 ? a : gcd(b, a % b) }
    let frameTicks = max(1, times.reduce(0, gcd))
    let lines = MarbleLayout.render(rows, anchor: 0, frameTicks: frameTicks)
    let labels = ["legacy states    ", "migrated states  ", "legacy effects   ", "migrated effects "]
    var report = "Store parity failed: "
    report += [stateDifference.map { "states differ \($0)" }, effectDifference.map { "effects differ \($0)" }]
      .compactMap { $0 }.joined(separator: "; ")
    report += "\n" + zip(labels, lines).map { $0 + $1 }.joined(separator: "\n")
    report +=
      "\nwhere (one frame is \(frameTicks) tick\(frameTicks == 1 ? "" : "s")):\n" + legend.joined(separator: "\n")
    return StoreParityMismatch(description: report)
  }

  private func firstDifference<Value: Equatable>(
    _ legacy: [Recorded<Event<Value>>], _ migrated: [Recorded<Event<Value>>]
  ) -> String? {
    for index in 0..<max(legacy.count, migrated.count) {
      let old = index < legacy.count ? legacy[index] : nil
      let new = index < migrated.count ? migrated[index] : nil
      if let old, let new, old.time == new.time, old.value.element == new.value.element { continue }
      func text(_ record: Recorded<Event<Value>>?) -> String {
        guard let record, let element = record.value.element else { return "nothing" }
        return "\(describe(element)) at \(record.time)"
      }
      return "at #\(index + 1): legacy \(text(old)), migrated \(text(new))"
    }
    return nil
  }

  private func marbleName(_ index: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    return index < letters.count ? String(letters[index]) : "[\(index)]"
  }
}

/// Records the four timelines of a parity run on the main actor.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@MainActor
private final class ParityRecorder<State: Equatable, Effect: Equatable> {
  var run = ParityRun<State, Effect>()
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@MainActor
func runParity<State: Equatable, Command, Effect: Equatable>(
  commands: [Recorded<Event<Command>>], until end: TestTime,
  legacy makeLegacy: (TestScheduler) -> ParitySide<State, Command, Effect>,
  migrated makeMigrated: (TestScheduler) -> ParitySide<State, Command, Effect>
) -> ParityRun<State, Effect> {
  let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
  _ = scheduler.taskExecutor  // from now on every scheduler action runs on the virtual-time executor
  let legacy = makeLegacy(scheduler)
  let migrated = makeMigrated(scheduler)
  let recorder = ParityRecorder<State, Effect>()
  let bag = DisposeBag()
  legacy.states.drive(onNext: { recorder.run.legacyStates.append(.next(scheduler.clock, $0)) }).disposed(by: bag)
  migrated.states.drive(onNext: { recorder.run.migratedStates.append(.next(scheduler.clock, $0)) })
    .disposed(by: bag)
  legacy.effects.emit(onNext: { recorder.run.legacyEffects.append(.next(scheduler.clock, $0)) }).disposed(by: bag)
  migrated.effects.emit(onNext: { recorder.run.migratedEffects.append(.next(scheduler.clock, $0)) })
    .disposed(by: bag)
  for command in commands {
    guard let element = command.value.element else { continue }
    scheduler.scheduleAt(command.time) {
      MainActor.assumeIsolated {
        legacy.dispatch(element)
        migrated.dispatch(element)
      }
    }
  }
  while true {
    legacy.drain()
    migrated.drain()
    guard let next = scheduler.nextScheduledTime, next <= end else { break }
    scheduler.advanceTo(max(next, scheduler.clock))
  }
  return recorder.run
}
