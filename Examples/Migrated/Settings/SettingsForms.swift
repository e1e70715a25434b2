import ExamplesLegacy
import Ferry
import FerryStore

/// Every form of the settings screen a team would ship.
public enum SettingsForm: String, CaseIterable, Sendable {
  /// The legacy view model on the legacy `Single` API.
  case legacy
  /// Step 1: the legacy view model on the async service, bridged with `Single { try await … }`.
  case legacyOnAsyncService
  /// Step 2, view first: a new view (Observation) on the legacy view model, through `StreamViewStore`.
  case newViewOnLegacyViewModel
  /// Step 2, store first: the legacy view's bindings on the store, through `LegacyStoreFacade`.
  case oldViewOnStore
  /// Step 3: the new view on the store.
  case store

  /// What the form is, for a person.
  public var summary: String {
    switch self {
    case .legacy: return "the withLatestFrom view model on the Single API (Swift 5 mode)"
    case .legacyOnAsyncService:
      return "the withLatestFrom view model on the async service, through Single { try await }"
    case .newViewOnLegacyViewModel: return "an Observation view on the view model (StreamViewStore)"
    case .oldViewOnStore: return "the old view's bindings on the store (LegacyStoreFacade, commandObserver)"
    case .store: return "an Observation view on the store, ViewState<SettingsProperty, SettingsFailure>"
    }
  }

  /// The forms whose state lives in the store.
  public static let storeForms: [SettingsForm] = [.oldViewOnStore, .store]
  /// The forms whose state lives in the legacy view model's relay.
  public static let relayForms: [SettingsForm] = [.legacy, .legacyOnAsyncService, .newViewOnLegacyViewModel]

  /// The form, talking to a backend that answers as `script` says.
  @MainActor
  public func make(
    _ script: SettingsBackendScript
  ) -> MakeScreenForm<SettingsScreenState, SettingsCommand, SettingsEffect> {
    { time in
      switch self {
      case .legacy:
        return .rxBound(
          SettingsViewModel(api: ScriptedSettingsAPI(script: script, scheduler: time.scheduler)), rawValue)
      case .legacyOnAsyncService:
        let service = ScriptedSettingsService(script: script, clock: time.clock)
        return .rxBound(SettingsViewModel(api: SingleSettingsAPI(service)), rawValue)
      case .newViewOnLegacyViewModel:
        let viewStore = SettingsViewModel(api: ScriptedSettingsAPI(script: script, scheduler: time.scheduler))
          .viewStore()
        return .observing(rawValue, viewStore, time: time, send: { viewStore.send($0) })
      case .oldViewOnStore:
        let store = SessionStore(
          initialState: .loading,
          feature: SettingsFeature(service: ScriptedSettingsService(script: script, clock: time.clock)), time: time)
        return .rxBound(
          SettingsStoreViewModel(store: store.store), rawValue, settle: store.drain, perform: time.perform)
      case .store:
        let store = SessionStore(
          initialState: .loading,
          feature: SettingsFeature(service: ScriptedSettingsService(script: script, clock: time.clock)), time: time)
        return .observing(rawValue, store.store, time: time, send: store.send, settle: store.drain)
      }
    }
  }
}

extension ScreenForm where State == SettingsScreenState, Command == SettingsCommand, Effect == SettingsEffect {
  /// The legacy view's bindings on `viewModel`.
  public static func rxBound(
    _ viewModel: some SettingsViewModelType, _ name: String, settle: @escaping () -> Void = {},
    perform: @escaping (() -> Void) -> Void = { $0() }
  ) -> ScreenForm {
    .rxBound(
      name, state: viewModel.viewState.map { SettingsScreenState($0) },
      effect: viewModel.saveFailed.map { SettingsEffect.saveFailed($0) },
      send: { command in perform { viewModel.dispatch(command) } }, settle: settle)
  }
}

extension SettingsForm {
  /// The demo's backend: the first load fails, the retry succeeds; saves take 10 seconds.
  public static let demoBackend = SettingsBackendScript(loads: [
    .init(latency: 20, result: .failure(.unreachable)),
    .init(latency: 20, result: .success(SettingsProperty(notificationsEnabled: true, theme: .system))),
  ])

  /// The demo's session: appear, retry from the error view, pick the dark theme.
  public static let demoScript: [Timed<SettingsCommand>] = [
    Timed(time: 10, value: .appear), Timed(time: 50, value: .retry), Timed(time: 80, value: .setTheme(.dark)),
  ]

  /// Runs the demo session against every form, each on new virtual time from `makeTime`, and returns their
  /// timelines (``timelinesAgree(_:)`` says whether the migration kept the behaviour).
  @MainActor
  public static func demoSession(
    makeTime: @MainActor () -> any SessionTime
  ) -> [ScreenTimeline<SettingsScreenState, SettingsEffect>] {
    allCases.map { form in
      let time = makeTime()
      return runSession(demoScript, time: time, form: form.make(demoBackend)(time))
    }
  }
}
