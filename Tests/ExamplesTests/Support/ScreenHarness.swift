import Ferry
import FerryStore
import FerryTesting
import Observation

/// One form of a screen as a behavioural suite drives it: where its view reads the state, how its effects arrive,
/// where commands go, and what must run before the view is read (a store's async work, an Observation re-render).
///
/// Every form is read the same way — once per virtual instant, after everything due at that instant has run — so
/// that a relay-bound view controller (which sees every `Driver` element) and an Observation-driven view (which
/// re-renders once per change batch) are compared on what the screen shows at each moment.
@MainActor
struct ScreenForm<State: Equatable, Command, Effect> {
  /// The form's name in test output.
  let name: String
  /// Subscribes the view: `state` with each state it shows, `effect` with each effect. The result is kept alive for
  /// the run.
  let attach: (_ state: @escaping @MainActor (State) -> Void, _ effect: @escaping @Sendable (Effect) -> Void) -> Any
  /// Sends a command as the view would.
  let send: (Command) -> Void
  /// Applies what async work sent (store forms) and re-renders views whose observed state changed.
  let settle: () -> Void
}

extension ScreenForm {
  /// A view controller bound with `Driver` / `Signal` (legacy bindings, on an old or a new store).
  static func rxBound(
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
  /// Observation reports a change) and iterates `effect` with `for await`, on the run's virtual-time executor.
  static func observing<Store: ViewStore>(
    _ name: String, _ store: Store, time: AsyncVirtualTime, send: @escaping (Command) -> Void,
    settle: @escaping () -> Void = {}
  ) -> ScreenForm where Store.State == State, Store.Effect == Effect {
    let view = ObservingView(store)
    return ScreenForm(
      name: name,
      attach: { onState, onEffect in
        view.onRender = onState
        view.render()
        let effects = store.effect
        let task = time.task { for await effect in effects { onEffect(effect) } }
        return (view, TaskCancellation(task))
      },
      send: send,
      settle: {
        settle()
        view.renderIfInvalidated()
      })
  }
}

/// A stand-in for a SwiftUI view: renders the store's state when Observation says it changed.
@MainActor
final class ObservingView<Store: ViewStore> {
  let store: Store
  var onRender: ((Store.State) -> Void)?
  /// How many times the view rendered.
  private(set) var renderCount = 0
  private let invalidated = LockedState(false)

  init(_ store: Store) { self.store = store }

  func render() {
    invalidated.withLock { $0 = false }
    renderCount += 1
    let state = withObservationTracking {
      store.state
    } onChange: { [invalidated] in
      invalidated.withLock { $0 = true }
    }
    onRender?(state)
  }

  func renderIfInvalidated() {
    if invalidated.withLock({ $0 }) { render() }
  }
}

/// Cancels a task when released.
final class TaskCancellation: Sendable {
  let task: Task<Void, any Error>
  init(_ task: Task<Void, any Error>) { self.task = task }
  deinit { task.cancel() }
}

/// A store running on a test scheduler's virtual time: its async work on the scheduler's executor and clock, and
/// what the work sends applied by `drain()` (at the virtual time the suite settles).
@MainActor
struct VirtualStore<Feature: StoreFeature> {
  let store: Store<Feature>
  let time: AsyncVirtualTime

  init(initialState: Feature.State, feature: Feature, time: AsyncVirtualTime) {
    self.time = time
    self.store = Store(
      initialState: initialState, feature: feature, clock: StoreClock(time.clock), drainsAutomatically: false)
  }

  /// Sends `command` as a button would, on the executor (so that the work it starts runs on virtual time).
  func send(_ command: Feature.Command) {
    time.executor.perform { store.send(command) }
  }

  /// Applies every output the store's work has sent.
  func drain() {
    while let output = store.runtime.takeNextOutput() { time.executor.perform { store.process(output) } }
  }
}

/// Builds a form on a run's test scheduler and its virtual-time executor and clock.
typealias MakeScreenForm<State: Equatable, Command, Effect> =
  @MainActor (TestScheduler, AsyncVirtualTime) -> ScreenForm<State, Command, Effect>

/// What a form did during a scripted session: the state its view showed at each instant it changed (the initial
/// state at time 0) and every effect, with virtual times.
struct ScreenTimeline<State, Effect> {
  var states: [Recorded<Event<State>>] = []
  var effects: [Recorded<Event<Effect>>] = []
}

/// Collects a run's timeline from the view's callbacks (effects may arrive from the executor's task).
final class TimelineRecorder<State: Sendable, Effect: Sendable>: Sendable {
  private let timeline = LockedState(ScreenTimeline<State, Effect>())
  private let latest = LockedState<State?>(nil)
  let scheduler: TestScheduler

  init(scheduler: TestScheduler) { self.scheduler = scheduler }

  func showed(_ state: State) { latest.withLock { $0 = state } }
  func effect(_ effect: Effect) {
    let now = scheduler.clock
    timeline.withLock { $0.effects.append(.next(now, effect)) }
  }

  /// Records the state the view shows now, if it differs from the last one recorded.
  func sample() where State: Equatable {
    guard let state = latest.withLock({ $0 }) else { return }
    let now = scheduler.clock
    timeline.withLock { timeline in
      if timeline.states.last?.value.element != state { timeline.states.append(.next(now, state)) }
    }
  }

  var result: ScreenTimeline<State, Effect> { timeline.withLock { $0 } }
}

/// Runs a scripted session against one form, on a new test scheduler: each command at its virtual time, the form
/// settled and its view read after every instant, until `end`.
@MainActor
func runScreen<State: Equatable & Sendable, Command, Effect: Sendable>(
  _ script: [Recorded<Event<Command>>], until end: TestTime = 1000,
  form makeForm: MakeScreenForm<State, Command, Effect>
) -> ScreenTimeline<State, Effect> {
  let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
  let time = AsyncVirtualTime(scheduler)
  let form = makeForm(scheduler, time)
  let recorder = TimelineRecorder<State, Effect>(scheduler: scheduler)
  var attachment: Any? = form.attach({ recorder.showed($0) }, { recorder.effect($0) })
  for step in script {
    guard let command = step.value.element else { continue }
    nonisolated(unsafe) let unchecked = command  // sent on the main thread, inside the scheduler's action
    scheduler.scheduleAt(step.time) { MainActor.assumeIsolated { form.send(unchecked) } }
  }
  func settleInstant() {
    while true {
      form.settle()
      guard let next = scheduler.nextScheduledTime, next <= scheduler.clock else { break }
      scheduler.advanceTo(scheduler.clock)
    }
    recorder.sample()
  }
  settleInstant()
  while let next = scheduler.nextScheduledTime, next <= end {
    scheduler.advanceTo(max(next, scheduler.clock))
    settleInstant()
  }
  attachment = nil
  _ = attachment
  return recorder.result
}
