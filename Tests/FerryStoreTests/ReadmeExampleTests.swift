import FerryStore
import FerryTesting
import Testing

// The README's store example, compiled and run here; scripts/snippets-check.py keeps the two identical.

// snippet: store
struct CounterFeature: StoreFeature {
  struct State: Equatable, Sendable {
    var count = 0
    var fact: String?
  }
  enum Command: Sendable { case increment, loadFact }
  enum Action: Sendable, Equatable { case incremented, factLoaded(String) }
  enum Effect: Sendable, Equatable { case alert(String) }

  let fact: @Sendable (Int) async throws -> String  // a dependency: the network, in the app

  static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .incremented: state.count += 1
    case .factLoaded(let fact): state.fact = fact
    }
    return state
  }

  func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .increment:
      context.dispatchAction(.incremented)  // applied before `send` returns
    case .loadFact:
      let count = context.state.count
      context.run(id: "fact", .flatMapLatest) { [fact] send in  // off the main actor; latest wins
        send.dispatchAction(.factLoaded(try await fact(count)))
      }
    }
  }

  func handleError(_ error: any Error, in context: StoreContext<Self>) {
    context.dispatchEffect(.alert("\(error)"))
  }
}
// end snippet: store

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
