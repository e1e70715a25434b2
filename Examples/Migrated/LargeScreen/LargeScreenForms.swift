import ExamplesLegacy
import Ferry
import FerryStore

/// Every form of the dashboard a team would ship, from the one big view model to a store of split handlers.
public enum LargeScreenForm: String, CaseIterable, Sendable {
  /// The one view model, its outputs bound by the view controller.
  case legacy
  /// Step 1, view first: a new view (Observation) on the legacy view model's outputs, through `StreamViewStore`.
  case newViewOnLegacyViewModel
  /// Step 1, store first: the view controller's `transform(input:)` bindings on the store, through its key-path
  /// `Driver`s, effect `Signal` and command observer.
  case oldViewOnStore
  /// Step 2: the new view on the store.
  case store
  /// Step 3: one child view per part of the screen, each on a store scoped to its slice.
  case scopedChildViews

  /// What the form is, for a person.
  public var summary: String {
    switch self {
    case .legacy: return "the one transform(input:) view model (Swift 5 mode)"
    case .newViewOnLegacyViewModel: return "an Observation view on the view model's outputs (StreamViewStore)"
    case .oldViewOnStore: return "the old transform(input:) bindings on the store (key-path Drivers)"
    case .store: return "an Observation view on the store of split handlers"
    case .scopedChildViews: return "three child views, each on a store scoped to its slice"
    }
  }

  /// The state before anything loaded.
  public static let initialState = DashboardState()

  /// The form, over a backend that answers as `script` says.
  @MainActor
  public func make(
    _ script: DashboardBackendScript
  ) -> MakeScreenForm<DashboardState, DashboardCommand, DashboardEffect> {
    { time in
      switch self {
      case .legacy:
        let relays = DashboardInputRelays()
        let viewModel = DashboardViewModel(
          api: ScriptedDashboardAPI(script: script, scheduler: time.scheduler), uiScheduler: time.scheduler)
        return .rxBound(rawValue, viewModel, viewModel.transform(input: relays.input), relays)
      case .newViewOnLegacyViewModel:
        let relays = DashboardInputRelays()
        let viewModel = DashboardViewModel(
          api: ScriptedDashboardAPI(script: script, scheduler: time.scheduler), uiScheduler: time.scheduler)
        let output = viewModel.transform(input: relays.input)
        let viewStore = StreamViewStore(
          state: output.state, currentState: Self.initialState, effect: output.toast.map { DashboardEffect.toast($0) },
          dispatch: { command in
            withExtendedLifetime(viewModel) { relays.accept(command) }  // the view keeps its view model
          })
        return .observing(rawValue, viewStore, time: time, send: { viewStore.send($0) })
      case .oldViewOnStore:
        let store = Self.store(script, time)
        let relays = DashboardInputRelays()
        let viewModel = DashboardStoreViewModel(store: store.store)
        return .rxBound(
          rawValue, viewModel, viewModel.transform(input: relays.input), relays, settle: store.drain,
          perform: time.perform)
      case .store:
        let store = Self.store(script, time)
        return .observing(rawValue, store.store, time: time, send: store.send, settle: store.drain)
      case .scopedChildViews:
        return .scopedChildViews(rawValue, Self.store(script, time), time: time)
      }
    }
  }

  /// The dashboard store on `time`, over a backend that answers as `script` says.
  @MainActor
  public static func store(_ script: DashboardBackendScript, _ time: any SessionTime) -> SessionStore<DashboardFeature>
  {
    SessionStore(
      initialState: initialState,
      feature: DashboardFeature(service: ScriptedDashboardService(script: script, clock: time.clock)), time: time)
  }
}

extension ScreenForm where State == DashboardState, Command == DashboardCommand, Effect == DashboardEffect {
  /// The view controller's bindings on `output` (of `viewModel`, which the view keeps alive), its events fed
  /// through `relays`.
  public static func rxBound(
    _ name: String, _ viewModel: some DashboardViewModelType & AnyObject, _ output: DashboardViewModel.Output,
    _ relays: DashboardInputRelays, settle: @escaping () -> Void = {},
    perform: @escaping (() -> Void) -> Void = { $0() }
  ) -> ScreenForm {
    .rxBound(
      name, state: output.state, effect: output.toast.map { DashboardEffect.toast($0) },
      send: { command in withExtendedLifetime(viewModel) { perform { relays.accept(command) } } }, settle: settle)
  }

  /// The screen as three child views, each observing a store scoped to its slice; the toast overlay follows the
  /// screen's effects.
  public static func scopedChildViews(
    _ name: String, _ screen: SessionStore<DashboardFeature>, time: any SessionTime
  ) -> ScreenForm {
    let store = screen.store
    let profile = ObservingView(
      store.scope(state: \.profile, command: DashboardCommand.profile, effect: { _ in nil as Never? }))
    let catalog = ObservingView(
      store.scope(state: \.catalog, command: DashboardCommand.catalog, effect: { _ in nil as Never? }))
    let inbox = ObservingView(
      store.scope(state: \.inbox, command: DashboardCommand.inbox, effect: { _ in nil as Never? }))
    return ScreenForm(
      name: name,
      attach: { onState, onEffect in
        var shown = DashboardState()
        profile.onRender = {
          shown.profile = $0
          onState(shown)
        }
        catalog.onRender = {
          shown.catalog = $0
          onState(shown)
        }
        inbox.onRender = {
          shown.inbox = $0
          onState(shown)
        }
        for view in [profile.render, catalog.render, inbox.render] { view() }
        return EffectLoop(store.effect, time: time, onEffect)
      },
      send: { command in
        time.perform {
          switch command {
          case .profile(let command): profile.store.send(command)
          case .catalog(let command): catalog.store.send(command)
          case .inbox(let command): inbox.store.send(command)
          case .appear: store.send(command)
          }
        }
      },
      settle: {
        screen.drain()
        profile.renderIfInvalidated()
        catalog.renderIfInvalidated()
        inbox.renderIfInvalidated()
      })
  }
}

extension LargeScreenForm {
  /// The demo's backend: the profile answers in 20 seconds, a catalog of four vehicles in 30.
  public static let demoBackend = DashboardBackendScript(
    userName: "Aiko", profileLatency: 20,
    catalog: [
      CatalogItem(id: 1, name: "Yaris"), CatalogItem(id: 2, name: "Corolla"), CatalogItem(id: 3, name: "Prius"),
      CatalogItem(id: 4, name: "bZ4X"),
    ],
    catalogLatency: 30)

  /// The demo's session: appear, search, add two favourites and remove one, mark the inbox read.
  public static let demoScript: [Timed<DashboardCommand>] = [
    Timed(time: 10, value: .appear),
    Timed(time: 50, value: .catalog(.search("ri"))),
    Timed(time: 60, value: .catalog(.toggleFavorite(id: 2))),
    Timed(time: 70, value: .catalog(.toggleFavorite(id: 3))),
    Timed(time: 80, value: .catalog(.toggleFavorite(id: 2))),
    Timed(time: 90, value: .inbox(.markAllRead)),
  ]

  /// Runs the demo session against every form, each on new virtual time from `makeTime`, and returns their
  /// timelines (``timelinesAgree(_:)`` says whether the migration kept the behaviour).
  @MainActor
  public static func demoSession(
    makeTime: @MainActor () -> any SessionTime
  ) -> [ScreenTimeline<DashboardState, DashboardEffect>] {
    allCases.map { form in
      let time = makeTime()
      return runSession(demoScript, time: time, form: form.make(demoBackend)(time))
    }
  }
}
