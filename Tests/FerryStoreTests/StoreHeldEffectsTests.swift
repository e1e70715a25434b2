import Ferry
import FerryStore
import Testing

/// Effects emitted before the first consumer subscribes: held for it with `holdsEffectsUntilSubscribed`, reported
/// once (debug builds) without.
@MainActor
@Suite("Store: effects nobody heard")
struct StoreHeldEffectsTests {
  func makeStore(holding: Bool) -> Store<WorkFeature> {
    Store(
      initialState: WorkFeature.State(), feature: WorkFeature(clock: ContinuousClock(), log: nil),
      holdsEffectsUntilSubscribed: holding)
  }

  @Test func heldEffectsGoToTheFirstConsumerInOrderThenLiveOnes() {
    let store = makeStore(holding: true)
    store.send(.chain("a"))
    store.send(.incrementTwiceThenEffect)
    var seen: [WorkFeature.Effect] = []
    let subscription = store.effectSignal.emit(onNext: { seen.append($0) })
    defer { subscription.dispose() }
    #expect(seen == [.chained("a"), .counted(3)], "delivered when the consumer subscribed on the main thread")
    store.send(.chain("b"))
    #expect(seen == [.chained("a"), .counted(3), .chained("b")])
  }

  @Test func aForAwaitLoopThatStartsLateGetsTheHeldEffects() async {
    let store = makeStore(holding: true)
    store.send(.chain("a"))
    var effects = store.effect.makeAsyncIterator()
    let first = await effects.next()
    #expect(first == .chained("a"))
  }

  @Test func onlyTheFirstConsumerGetsTheHeldEffects() {
    let store = makeStore(holding: true)
    store.send(.chain("a"))
    var first: [WorkFeature.Effect] = []
    var second: [WorkFeature.Effect] = []
    let one = store.effectSignal.emit(onNext: { first.append($0) })
    let two = store.effectSignal.emit(onNext: { second.append($0) })
    defer {
      one.dispose()
      two.dispose()
    }
    store.send(.chain("b"))
    #expect(first == [.chained("a"), .chained("b")])
    #expect(second == [.chained("b")])
  }

  @Test func withoutTheOptionAnEarlyEffectReachesNobody() {
    let store = makeStore(holding: false)
    var diagnostics: [String] = []
    store.diagnosticHandler = { diagnostics.append($0) }
    store.send(.chain("a"))
    var seen: [WorkFeature.Effect] = []
    let subscription = store.effectSignal.emit(onNext: { seen.append($0) })
    defer { subscription.dispose() }
    #expect(seen.isEmpty)
    store.send(.chain("b"))
    #expect(seen == [.chained("b")])
    #if DEBUG
    #expect(
      diagnostics == [
        "FerryStore: Store<WorkFeature> emitted chained(\"a\") before a consumer subscribed to its effects: it "
          + "reached nobody (reported once per store). Subscribe before sending, or create the store with "
          + "holdsEffectsUntilSubscribed: true."
      ])
    #else
    #expect(diagnostics.isEmpty)
    #endif
  }

  @Test func theDiagnosticIsReportedOncePerStoreWhenAConsumerArrives() {
    let store = makeStore(holding: false)
    var diagnostics: [String] = []
    store.diagnosticHandler = { diagnostics.append($0) }
    store.send(.chain("a"))
    store.send(.chain("b"))
    #expect(diagnostics.isEmpty, "nobody consumes this store's effects (yet): nothing to say")
    store.effectSignal.emit(onNext: { _ in }).dispose()
    store.send(.chain("c"))
    store.effectSignal.emit(onNext: { _ in }).dispose()
    #if DEBUG
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.contains("emitted chained(\"a\") before a consumer subscribed") == true)
    #endif
  }

  @Test func anEffectWithAConsumerIsNotReported() {
    let store = makeStore(holding: false)
    var diagnostics: [String] = []
    store.diagnosticHandler = { diagnostics.append($0) }
    let subscription = store.effectSignal.emit(onNext: { _ in })
    defer { subscription.dispose() }
    store.send(.chain("a"))
    #expect(diagnostics.isEmpty)
  }
}
