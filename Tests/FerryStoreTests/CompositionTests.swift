import Ferry
import FerryStore
import FerryTesting
import Observation
import Testing

// Seed 001's large screen: a feature built from handlers that each own a slice of the state, one sending to the
// other, shown by child stores that re-render only for their slice.

struct CartHandler: StoreFeature {
  typealias State = [String]
  enum Command: Sendable, Equatable { case add(String) }
  enum Action: Sendable, Equatable { case added(String) }
  enum Effect: Sendable, Equatable { case itemAdded(String), full }

  static func transform(_ state: State, action: Action) -> State {
    switch action {
    case .added(let item): return state + [item]
    }
  }

  func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .add(let item):
      guard context.state.count < 2 else { return context.dispatchEffect(.full) }
      context.dispatchAction(.added(item))
      context.dispatchEffect(.itemAdded(item))
    }
  }
}

struct RecommendationsHandler: StoreFeature {
  typealias State = [String]
  enum Command: Sendable, Equatable { case refresh(after: String) }
  enum Action: Sendable, Equatable { case loaded([String]) }
  typealias Effect = Never

  let clock: any Clock<Duration>

  static func transform(_ state: State, action: Action) -> State {
    switch action {
    case .loaded(let items): return items
    }
  }

  func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .refresh(let item):
      context.run(id: "refresh", .flatMapLatest) { [clock] send in
        try await clock.sleep(for: .seconds(5))
        guard item != "broken" else { throw TestFailure(message: "no recommendations for \(item)") }
        send.dispatchAction(.loaded(["\(item) case", "\(item) charger"]))
      }
    }
  }
}

struct ShopFeature: StoreFeature {
  struct State: Equatable, Sendable {
    var cart: [String] = []
    var recommendations: [String] = []
    var banner = ""
  }
  enum Command: Sendable, Equatable {
    case cart(CartHandler.Command)
    case recommendations(RecommendationsHandler.Command)
    case setBanner(String)
  }
  enum Action: Sendable, Equatable {
    case cart(CartHandler.Action)
    case recommendations(RecommendationsHandler.Action)
    case bannerSet(String)
  }
  enum Effect: Sendable, Equatable { case alert(String) }

  let cart = CartHandler()
  let recommendations: RecommendationsHandler

  static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .cart(let action): state.cart = CartHandler.transform(state.cart, action: action)
    case .recommendations(let action):
      state.recommendations = RecommendationsHandler.transform(state.recommendations, action: action)
    case .bannerSet(let banner): state.banner = banner
    }
    return state
  }

  func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .cart(let command):
      cart.handle(
        command,
        in: context.scope(
          state: \.cart, action: Action.cart, command: Command.cart,
          effect: { effect in
            switch effect {
            case .itemAdded(let item): return .command(.recommendations(.refresh(after: item)))  // to the sibling
            case .full: return .effect(.alert("The cart is full"))
            }
          }))
    case .recommendations(let command):
      recommendations.handle(
        command,
        in: context.scope(
          state: \.recommendations, action: Action.recommendations, command: Command.recommendations))
    case .setBanner(let banner):
      context.dispatchAction(.bannerSet(banner))
    }
  }

  func handleError(_ error: any Error, in context: StoreContext<Self>) {
    context.dispatchEffect(.alert("\(error)"))
  }
}

@MainActor
@Suite("Composition: handlers owning slices, child stores")
struct CompositionTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func makeStore() -> TestStore<ShopFeature> {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    return TestStore(
      initialState: ShopFeature.State(),
      feature: ShopFeature(recommendations: RecommendationsHandler(clock: TestClock(scheduler: scheduler))),
      scheduler: scheduler)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func oneHandlerSendsToAnotherAndEachOwnsItsSlice() async {
    let store = makeStore()
    await store.send(.cart(.add("phone"))) { $0.cart = ["phone"] }
    await store.receive(.recommendations(.loaded(["phone case", "phone charger"]))) {
      $0.recommendations = ["phone case", "phone charger"]
    }
    #expect(store.scheduler.clock == 5)
    await store.send(.cart(.add("laptop"))) { $0.cart = ["phone", "laptop"] }
    await store.send(.cart(.add("tv")))
    await store.receiveEffect(.alert("The cart is full"))
    await store.receive(.recommendations(.loaded(["laptop case", "laptop charger"]))) {
      $0.recommendations = ["laptop case", "laptop charger"]
    }
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aScopedHandlersWorkUsesIDsOfItsOwnAndItsErrorsReachTheScreen() async {
    let store = makeStore()
    await store.send(.cart(.add("broken"))) { $0.cart = ["broken"] }
    await store.receiveError(where: { "\($0)" == "no recommendations for broken" })
    await store.receiveEffect(.alert("no recommendations for broken"))
    await store.finish()
  }

  @Test func childStoresReRenderOnlyForTheirSlice() {
    let store = Store(
      initialState: ShopFeature.State(),
      feature: ShopFeature(recommendations: RecommendationsHandler(clock: ContinuousClock())))
    let cartStore = store.scope(
      state: \.cart, command: ShopFeature.Command.cart,
      effect: { effect -> String? in if case .alert(let text) = effect { return text } else { return nil } })
    let bannerStore = store.scope(
      state: \.banner, command: ShopFeature.Command.setBanner, effect: { _ -> Never? in nil })
    let cartChanges = Counter()
    let bannerChanges = Counter()
    withObservationTracking {
      _ = cartStore.state
    } onChange: {
      cartChanges.increment()
    }
    withObservationTracking {
      _ = bannerStore.state
    } onChange: {
      bannerChanges.increment()
    }
    bannerStore.send("Sale")
    #expect(bannerStore.state == "Sale")
    #expect(cartChanges.value == 0)
    #expect(bannerChanges.value == 1)
    cartStore.send(.add("phone"))
    #expect(cartStore.state == ["phone"])
    #expect(cartChanges.value == 1)
    #expect(store.state.cart == cartStore.state)
    store.cancel()
  }
}
