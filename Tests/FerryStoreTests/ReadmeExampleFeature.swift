// snippet: store
import FerryStore

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
