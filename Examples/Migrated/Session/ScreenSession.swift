import Ferry
import FerryStore
import Observation

/// Virtual time for a scripted session of a screen: the Rx scheduler the relay-based forms run on, the clock the
/// async forms sleep on, and an executor on which the async work runs at the virtual time it is due.
///
/// The examples do not provide one (they do not link FerryTesting, so that an executable can run them): the
/// behavioural suites pass FerryTesting's `TestScheduler` with its `AsyncVirtualTime`; a demo passes its own.
@MainActor
public protocol SessionTime: AnyObject {
  /// The scheduler the relay-based forms' `Single`s and `observe(on:)` run on.
  var scheduler: any SchedulerType { get }
  /// The clock the async forms sleep on.
  var clock: any Clock<Duration> { get }
  /// The current virtual time, in ticks (one tick is one second on `clock` and `scheduler`).
  var now: Int { get }
  /// Reads the current virtual time from any thread (effects may be recorded from a task on the executor).
  nonisolated var readNow: @Sendable () -> Int { get }
  /// The time of the next scheduled action, if any.
  var nextDueTime: Int? { get }
  /// Runs every action due up to `time` (and the async work they make ready) and moves the clock there.
  func advance(to time: Int)
  /// Runs `action` at virtual time `time`, on the main actor.
  func schedule(at time: Int, _ action: @escaping @MainActor () -> Void)
  /// Runs `body` so that the tasks it starts (a store's work, `Single { … }` bridges) run on virtual time.
  func perform(_ body: () -> Void)
  /// Starts `operation` on virtual time.
  func startTask(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never>
}

/// One form of a screen as a scripted session drives it: where its view reads the state, how its effects arrive,
/// where commands go, and what must run before the view is read (a store's async work, an Observation re-render).
///
/// Every form is read the same way — once per virtual instant, after everything due at that instant has run — so
/// that a relay-bound view controller (which sees every `Driver` element) and an Observation-driven view (which
/// re-renders once per change batch) are compared on what the screen shows at each moment.
@MainActor
public struct ScreenForm<State, Command, Effect> {
  /// The form's name.
  public let name: String
  let attach: (_ state: @escaping @MainActor (State) -> Void, _ effect: @escaping @Sendable (Effect) -> Void) -> Any
  let send: (Command) -> Void
  let settle: () -> Void

  /// A form.
  ///
  /// - Parameters:
  ///   - name: the form's name.
  ///   - attach: subscribes the view — `state` with each state it shows, `effect` with each effect — and returns
  ///     what must stay alive for the session.
  ///   - send: sends a command as the view would.
  ///   - settle: applies what async work sent (store forms) and re-renders views whose state changed.
  public init(
    name: String,
    attach:
      @escaping (_ state: @escaping @MainActor (State) -> Void, _ effect: @escaping @Sendable (Effect) -> Void)
      -> Any,
    send: @escaping (Command) -> Void, settle: @escaping () -> Void
  ) {
    self.name = name
    self.attach = attach
    self.send = send
    self.settle = settle
  }

  /// A view controller bound with `Driver` / `Signal` (legacy bindings, on an old or a new store).
  public static func rxBound(
    _ name: String, state: Driver<State>, effect: Signal<Effect>, send: @escaping (Command) -> Void,
    settle: @escaping () -> Void = {}
  ) -> ScreenForm {
    ScreenForm(
      name: name,
      attach: { onState, onEffect in
        let bag = DisposeBag()
        state.drive(onNext: { onState($0) }).disposed(by: bag)
        effect.emit(onNext: { onEffect($0) }).disposed(by: bag)
        return bag
      },
      send: send, settle: settle)
  }

  /// A view written against `ViewStore`: it renders `state` under `withObservationTracking` (re-rendering only when
  /// Observation reports a change) and iterates `effect` with `for await`, on virtual time.
  public static func observing<Store: ViewStore>(
    _ name: String, _ store: Store, time: any SessionTime, send: @escaping (Command) -> Void,
    settle: @escaping () -> Void = {}
  ) -> ScreenForm where Store.State == State, Store.Effect == Effect {
    let view = ObservingView(store)
    return ScreenForm(
      name: name,
      attach: { onState, onEffect in
        view.onRender = onState
        view.render()
        return EffectLoop(store.effect, time: time, onEffect)
      },
      send: send,
      settle: {
        settle()
        view.renderIfInvalidated()
      })
  }
}

/// A stand-in for a SwiftUI view: renders the store's state, and renders again only when Observation said that
/// what it read changed.
@MainActor
public final class ObservingView<Store: ViewStore> {
  /// The store the view shows.
  public let store: Store
  /// Called with the state at each render.
  public var onRender: ((Store.State) -> Void)?
  /// How many times the view rendered.
  public private(set) var renderCount = 0
  private let invalidated = LockedState(false)

  /// A view of `store` (not rendered yet).
  public init(_ store: Store) { self.store = store }

  /// Reads the state under `withObservationTracking` and hands it to `onRender`.
  public func render() {
    invalidated.withLock { $0 = false }
    renderCount += 1
    let state = withObservationTracking {
      store.state
    } onChange: { [invalidated] in
      invalidated.withLock { $0 = true }
    }
    onRender?(state)
  }

  /// Renders if Observation reported a change since the last render.
  public func renderIfInvalidated() {
    if invalidated.withLock({ $0 }) { render() }
  }
}

/// A `for await` loop over a view's effects, on virtual time; cancelled when released.
public final class EffectLoop: Sendable {
  private let task: Task<Void, Never>

  /// Starts iterating `effects` on `time`, calling `onEffect` with each.
  @MainActor
  public init<Effect: Sendable>(
    _ effects: InfallibleValues<Effect>, time: any SessionTime, _ onEffect: @escaping @Sendable (Effect) -> Void
  ) {
    task = time.startTask { for await effect in effects { onEffect(effect) } }
  }

  deinit { task.cancel() }
}

/// A store on a session's virtual time: its async work runs on the session's executor and clock, and what the work
/// sends is applied by ``drain()``, when the session settles the instant.
@MainActor
public struct SessionStore<Feature: StoreFeature> {
  /// The store.
  public let store: Store<Feature>
  private let time: any SessionTime

  /// A store for `feature` on `time`.
  public init(initialState: Feature.State, feature: Feature, time: any SessionTime) {
    self.time = time
    self.store = Store(
      initialState: initialState, feature: feature, clock: StoreClock(time.clock), drainsAutomatically: false)
  }

  /// Sends `command` as a button would, so that the work it starts runs on virtual time.
  public func send(_ command: Feature.Command) {
    time.perform { store.send(command) }
  }

  /// Applies every output the store's work has sent.
  public func drain() {
    while let output = store.runtime.takeNextOutput() { time.perform { store.process(output) } }
  }
}

/// Builds a form on a session's virtual time.
public typealias MakeScreenForm<State, Command, Effect> =
  @MainActor (any SessionTime) -> ScreenForm<State, Command, Effect>

/// A value at a virtual time.
public struct Timed<Value> {
  /// The virtual time, in ticks.
  public var time: Int
  /// The value.
  public var value: Value

  /// `value` at `time`.
  public init(time: Int, value: Value) {
    self.time = time
    self.value = value
  }

  /// `value` at `time`.
  public init(_ time: Int, _ value: Value) {
    self.init(time: time, value: value)
  }
}

extension Timed: Sendable where Value: Sendable {}
extension Timed: Equatable where Value: Equatable {}

/// What one form did during a scripted session: the state its view showed at each instant it changed (the
/// initial state first) and every effect, with their virtual times.
public struct ScreenTimeline<State, Effect> {
  /// The form's name.
  public var form: String
  /// The states the view showed.
  public var states: [Timed<State>] = []
  /// The effects.
  public var effects: [Timed<Effect>] = []
}

extension ScreenTimeline: Sendable where State: Sendable, Effect: Sendable {}

/// Collects a session's timeline from the view's callbacks (effects may arrive from a task on the executor).
final class TimelineRecorder<State: Sendable, Effect: Sendable>: Sendable {
  private let timeline: LockedState<ScreenTimeline<State, Effect>>
  private let latest = LockedState<State?>(nil)
  private let now: @Sendable () -> Int

  init(form: String, now: @escaping @Sendable () -> Int) {
    timeline = LockedState(ScreenTimeline(form: form))
    self.now = now
  }

  func showed(_ state: State) { latest.withLock { $0 = state } }
  func effect(_ effect: Effect) {
    let time = now()
    timeline.withLock { $0.effects.append(Timed(time: time, value: effect)) }
  }

  /// Records the state the view shows now, if it differs from the last one recorded.
  func sample() where State: Equatable {
    guard let state = latest.withLock({ $0 }) else { return }
    let time = now()
    timeline.withLock { timeline in
      if timeline.states.last?.value != state { timeline.states.append(Timed(time: time, value: state)) }
    }
  }

  var result: ScreenTimeline<State, Effect> { timeline.withLock { $0 } }
}

/// Runs a scripted session against one form: each command at its virtual time, the form settled and its view read
/// after every instant, until `end`.
@MainActor
public func runSession<State: Equatable & Sendable, Command, Effect: Sendable>(
  _ script: [Timed<Command>], until end: Int = 1000, time: any SessionTime,
  form: ScreenForm<State, Command, Effect>
) -> ScreenTimeline<State, Effect> {
  let recorder = TimelineRecorder<State, Effect>(form: form.name, now: time.readNow)
  var attachment: Any? = form.attach({ recorder.showed($0) }, { recorder.effect($0) })
  for step in script {
    let command = step.value
    time.schedule(at: step.time) { form.send(command) }
  }
  func settleInstant() {
    while true {
      form.settle()
      guard let next = time.nextDueTime, next <= time.now else { break }
      time.advance(to: time.now)
    }
    recorder.sample()
  }
  settleInstant()
  while let next = time.nextDueTime, next <= end {
    time.advance(to: max(next, time.now))
    settleInstant()
  }
  attachment = nil
  _ = attachment
  return recorder.result
}

/// Whether every form's timeline shows the same states and effects at the same times (the forms' names aside).
public func timelinesAgree<State: Equatable, Effect: Equatable>(_ timelines: [ScreenTimeline<State, Effect>]) -> Bool {
  guard let first = timelines.first else { return true }
  return timelines.allSatisfy { $0.states == first.states && $0.effects == first.effects }
}

extension ScreenTimeline {
  /// The timeline for a person: one line per state and effect, in time order, e.g. `"   40  state   [Buy milk]"`.
  public var lines: [String] {
    let rows =
      states.map { (time: $0.time, kind: "state ", text: "\($0.value)") }
      + effects.map { (time: $0.time, kind: "effect", text: "\($0.value)") }
    return rows.enumerated()
      .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map { _, row in
        let time = String(row.time)
        return String(repeating: " ", count: max(0, 5 - time.count)) + time + "  " + row.kind + "  " + row.text
      }
  }
}
