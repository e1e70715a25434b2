import Examples
import ExamplesLegacy
import Ferry
import FerryStore
import FerryTesting
import Testing

/// Seed 003's settings screen: one behavioural suite, run unchanged against every form, and the `withLatestFrom`
/// lost update — shown in the legacy forms, shown gone in the store forms.
@MainActor
@Suite("Settings ViewState (seed 003)")
struct SettingsSuite {
  static let initial = SettingsProperty(notificationsEnabled: true, theme: .system)

  static func property(_ notifications: Bool, _ theme: SettingsTheme) -> SettingsScreenState {
    .completed(SettingsProperty(notificationsEnabled: notifications, theme: theme))
  }

  @Test("initial loading, then the settings", arguments: SettingsForm.allCases)
  func loads(form: SettingsForm) {
    let backend = SettingsBackendScript(loads: [.init(latency: 20, result: .success(Self.initial))])
    let run = runScreen([.next(10, .appear)], form: form.make(backend))
    expectMarbles(run.states, "a--b", values: ["a": .loading, "b": .completed(Self.initial)])
    #expect(run.effects.isEmpty)
  }

  static let failThenSucceed = SettingsBackendScript(loads: [
    .init(latency: 20, result: .failure(.unreachable)),
    .init(latency: 20, result: .success(initial)),
    .init(latency: 5, result: .failure(.unreachable)),
  ])
  static let retrySession: [Recorded<Event<SettingsCommand>>] = [
    .next(10, .appear), .next(50, .retry), .next(60, .retry),
  ]

  @Test("error, retry-loading, then the settings; a retry while retrying is ignored", arguments: SettingsForm.allCases)
  func errorThenRetry(form: SettingsForm) {
    let run = runScreen(Self.retrySession, form: form.make(Self.failThenSucceed))
    expectMarbles(
      run.states, "a--b-c-d",
      values: [
        "a": .loading, "b": .failed(.unreachable(retrying: false)), "c": .failed(.unreachable(retrying: true)),
        "d": .completed(Self.initial),
      ])
    #expect(run.effects.isEmpty)
  }

  @Test(
    "a saved change shows once the backend confirms it; a rejected one keeps the setting and shows a message",
    arguments: SettingsForm.allCases)
  func saves(form: SettingsForm) {
    let backend = SettingsBackendScript(
      loads: [.init(latency: 20, result: .success(Self.initial))], rejectsNotifications: true)
    let run = runScreen(
      [.next(10, .appear), .next(40, .setTheme(.dark)), .next(60, .setNotifications(false))], form: form.make(backend))
    expectMarbles(
      run.states, "a--b-c", values: ["a": .loading, "b": .completed(Self.initial), "c": Self.property(true, .dark)])
    expectMarbles(run.effects, "-------e", values: ["e": .saveFailed("Could not save notifications")])
  }

  // MARK: - The lost update

  /// Both switches changed at 40; whichever save answers first, the other answers 20 ticks later.
  static let bothChanges: [Recorded<Event<SettingsCommand>>] = [
    .next(10, .appear), .next(40, .setNotifications(false)), .next(40, .setTheme(.dark)),
  ]

  static func saves(notificationsLatency: Int, themeLatency: Int) -> SettingsBackendScript {
    SettingsBackendScript(
      loads: [.init(latency: 20, result: .success(initial))], notificationsLatency: notificationsLatency,
      themeLatency: themeLatency)
  }

  @Test("store: two saves finishing in either order both keep their change", arguments: SettingsForm.storeForms)
  func noLostUpdate(form: SettingsForm) {
    let themeFirst = runScreen(
      Self.bothChanges, form: form.make(Self.saves(notificationsLatency: 30, themeLatency: 10)))
    expectMarbles(
      themeFirst.states, "a--b-c-d",
      values: [
        "a": .loading, "b": .completed(Self.initial), "c": Self.property(true, .dark), "d": Self.property(false, .dark),
      ])
    let notificationsFirst = runScreen(
      Self.bothChanges, form: form.make(Self.saves(notificationsLatency: 10, themeLatency: 30)))
    expectMarbles(
      notificationsFirst.states, "a--b-c-d",
      values: [
        "a": .loading, "b": .completed(Self.initial), "c": Self.property(false, .system),
        "d": Self.property(false, .dark),
      ])
  }

  @Test(
    "legacy (documents the seed's risk): the save that answers last overwrites the other's change",
    arguments: SettingsForm.relayForms)
  func legacyLostUpdate(form: SettingsForm) {
    let themeFirst = runScreen(
      Self.bothChanges, form: form.make(Self.saves(notificationsLatency: 30, themeLatency: 10)))
    // At 70 the notifications save writes back the state it read at 40: the dark theme saved at 50 is lost.
    expectMarbles(
      themeFirst.states, "a--b-c-d",
      values: [
        "a": .loading, "b": .completed(Self.initial), "c": Self.property(true, .dark),
        "d": Self.property(false, .system),
      ])
    let notificationsFirst = runScreen(
      Self.bothChanges, form: form.make(Self.saves(notificationsLatency: 10, themeLatency: 30)))
    // At 70 the theme save writes back the state it read at 40: notifications are on again.
    expectMarbles(
      notificationsFirst.states, "a--b-c-d",
      values: [
        "a": .loading, "b": .completed(Self.initial), "c": Self.property(false, .system),
        "d": Self.property(true, .dark),
      ])
  }

  @Test("TestStore: both saves' actions apply to the latest state, in the order they arrive")
  func storeAppliesToLatestState() async {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let service = ScriptedSettingsService(
      script: Self.saves(notificationsLatency: 30, themeLatency: 10), clock: AsyncVirtualTime(scheduler).clock)
    let store = TestStore(
      initialState: .completed(Self.initial), feature: SettingsFeature(service: service), scheduler: scheduler)
    await store.send(.setNotifications(false))
    await store.send(.setTheme(.dark))
    await store.receive(.themeSaved(.dark)) { $0 = Self.property(true, .dark) }
    await store.receive(.notificationsSaved(false)) { $0 = Self.property(false, .dark) }
    await store.finish()
  }

  @Test("demo session: every form shows the same timeline")
  func demoSession() {
    let timelines = SettingsForm.demoSession(makeTime: { TestSessionTime() })
    #expect(timelines.map(\.form) == SettingsForm.allCases.map(\.rawValue))
    #expect(timelinesAgree(timelines), "\(timelines.map(\.lines))")
    expectMarbles(
      ScreenRun(timelines[0]).states, "a--b-c-d-e",
      values: [
        "a": .loading, "b": .failed(.unreachable(retrying: false)), "c": .failed(.unreachable(retrying: true)),
        "d": .completed(Self.initial), "e": Self.property(true, .dark),
      ])
  }

  @Test("parity: the legacy view model and the store through error, retry and success")
  func parity() {
    expectStoreParity(
      commands: Self.retrySession,
      legacy: { scheduler in
        let viewModel = SettingsViewModel(api: ScriptedSettingsAPI(script: Self.failThenSucceed, scheduler: scheduler))
        return ParitySide(
          state: viewModel.viewState.map { SettingsScreenState($0) },
          effect: viewModel.saveFailed.map { SettingsEffect.saveFailed($0) },
          dispatch: { viewModel.dispatch($0) })
      },
      migrated: { scheduler in
        .store(
          initialState: .loading,
          feature: SettingsFeature(
            service: ScriptedSettingsService(script: Self.failThenSucceed, clock: AsyncVirtualTime(scheduler).clock)),
          scheduler: scheduler)
      })
  }
}
