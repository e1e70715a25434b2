import Examples
import ExamplesLegacy
import Ferry
import FerryStore
import FerryTesting

/// Every form of the settings screen a team would ship.
enum SettingsForm: String, CaseIterable, Sendable {
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

  /// The forms whose state lives in the store.
  static let storeForms: [SettingsForm] = [.oldViewOnStore, .store]
  /// The forms whose state lives in the legacy view model's relay.
  static let relayForms: [SettingsForm] = [.legacy, .legacyOnAsyncService, .newViewOnLegacyViewModel]

  /// The form, talking to a backend that answers as `script` says.
  @MainActor
  func make(_ script: SettingsBackendScript) -> MakeScreenForm<SettingsScreenState, SettingsCommand, SettingsEffect> {
    { scheduler, time in
      switch self {
      case .legacy:
        return .rxBound(SettingsViewModel(api: ScriptedSettingsAPI(script: script, scheduler: scheduler)), rawValue)
      case .legacyOnAsyncService:
        let service = ScriptedSettingsService(script: script, clock: time.clock)
        return .rxBound(SettingsViewModel(api: SingleSettingsAPI(service)), rawValue)
      case .newViewOnLegacyViewModel:
        let viewStore = SettingsViewModel(api: ScriptedSettingsAPI(script: script, scheduler: scheduler)).viewStore()
        return .observing(rawValue, viewStore, time: time, send: { viewStore.send($0) })
      case .oldViewOnStore:
        let store = VirtualStore(
          initialState: .loading,
          feature: SettingsFeature(service: ScriptedSettingsService(script: script, clock: time.clock)), time: time)
        return .rxBound(
          SettingsStoreViewModel(store: store.store), rawValue, settle: store.drain, perform: time.executor.perform)
      case .store:
        let store = VirtualStore(
          initialState: .loading,
          feature: SettingsFeature(service: ScriptedSettingsService(script: script, clock: time.clock)), time: time)
        return .observing(rawValue, store.store, time: time, send: store.send, settle: store.drain)
      }
    }
  }
}

extension ScreenForm where State == SettingsScreenState, Command == SettingsCommand, Effect == SettingsEffect {
  /// The legacy view's bindings on `viewModel`.
  static func rxBound(
    _ viewModel: some SettingsViewModelType, _ name: String, settle: @escaping () -> Void = {},
    perform: @escaping (() -> Void) -> Void = { $0() }
  ) -> ScreenForm {
    .rxBound(
      name, state: viewModel.viewState.map { SettingsScreenState($0) },
      effect: viewModel.saveFailed.map { SettingsEffect.saveFailed($0) },
      send: { command in perform { viewModel.dispatch(command) } }, settle: settle)
  }
}
