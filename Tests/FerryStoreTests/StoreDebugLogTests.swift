import FerryStore
import Testing

/// `store.debugLog`: off by default; when set, one report per handled command or output of work, with the actions
/// it produced and the state diff.
@MainActor
@Suite("Store: debug log")
struct StoreDebugLogTests {
  @Test func aCommandIsReportedWithItsActionsAndTheStateDiff() {
    let store = Store(initialState: WorkFeature.State(), feature: WorkFeature(clock: ContinuousClock(), log: nil))
    var reports: [String] = []
    store.debugLog = { reports.append($0) }
    store.send(.increment)
    #expect(reports.count == 1)
    let report = reports.first ?? ""
    #expect(report.hasPrefix("FerryStore: Store<WorkFeature> handled command increment\n  actions: incremented\n"))
    #expect(report.contains("  state (− before, + after):\n"))
    #expect(report.contains("\n  −   - count: 0\n  +   - count: 1\n"), "\(report)")
    #expect(!report.contains("−   - text"), "an unchanged field is not marked")
  }

  @Test func aCommandThatChangesNothingSaysSo() {
    let store = Store(initialState: WorkFeature.State(), feature: WorkFeature(clock: ContinuousClock(), log: nil))
    var reports: [String] = []
    store.debugLog = { reports.append($0) }
    store.send(.setText(""))
    #expect(
      reports == [
        "FerryStore: Store<WorkFeature> handled command setText(\"\")\n  actions: textSet(\"\")\n  state: unchanged"
      ])
  }

  @Test func eachQueuedCommandIsReportedOnItsOwn() {
    let store = Store(initialState: WorkFeature.State(), feature: WorkFeature(clock: ContinuousClock(), log: nil))
    var reports: [String] = []
    store.debugLog = { reports.append($0) }
    let effects = store.effectSignal.emit(onNext: { _ in })  // `chain` emits an effect: someone hears it
    defer { effects.dispose() }
    store.send(.chain("a"))  // the handler dispatches a command, queued behind this one
    #expect(reports.count == 2, "\(reports)")
    #expect(reports.first?.hasPrefix("FerryStore: Store<WorkFeature> handled command chain(\"a\")") == true)
  }

  @Test func offByDefaultAndOffAgainWhenCleared() {
    let store = Store(initialState: WorkFeature.State(), feature: WorkFeature(clock: ContinuousClock(), log: nil))
    var reports: [String] = []
    store.send(.increment)
    store.debugLog = { reports.append($0) }
    store.send(.increment)
    store.debugLog = nil
    store.send(.increment)
    #expect(reports.count == 1)
    #expect(store.state.count == 3)
  }
}
