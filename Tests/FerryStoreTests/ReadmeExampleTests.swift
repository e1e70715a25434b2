import FerryStore
import FerryTesting
import Testing

// The README's store example (the feature is in ReadmeExampleFeature.swift), compiled and run here;
// scripts/snippets-check.py keeps the two identical.

@MainActor
@Suite("README example")
struct ReadmeExampleTests {
  @Test func theStoreExampleRuns() async {
    // snippet: store-use
    let store = Store(initialState: CounterFeature.State(), feature: CounterFeature(fact: { "\($0) is a number" }))
    store.send(.increment)  // a button or a Binding setter: the state is updated when `send` returns
    #expect(store.state.count == 1)
    await store.dispatchCommand(.loadFact)  // in `.task { }`: returns when the work has finished
    #expect(store.state.fact == "1 is a number")
    // end snippet: store-use
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theTestStoreExampleRuns() async {
    // snippet: test-store
    let store = TestStore(initialState: CounterFeature.State(), feature: CounterFeature(fact: { "\($0)!" }))
    await store.send(.increment) { $0.count = 1 }
    await store.send(.loadFact)
    await store.receive(.factLoaded("1!")) { $0.fact = "1!" }
    await store.finish()
    // end snippet: test-store
  }
}
