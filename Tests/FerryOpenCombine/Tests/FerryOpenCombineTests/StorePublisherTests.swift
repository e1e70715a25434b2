import Ferry
import FerryOpenCombine
import FerryStore
import Foundation
import Observation
import OpenCombine
import Testing

/// A counter screen: synchronous actions and effects, enough to see what the publishers emit and when.
struct CounterFeature: StoreFeature {
  struct State: Equatable, Sendable {
    var count = 0
    var title = ""
  }

  enum Command: Sendable, Equatable {
    case increment
    case incrementTwice
    case rename(String)
    case announce
  }

  enum Action: Sendable {
    case incremented
    case renamed(String)
  }

  enum Effect: Sendable, Equatable {
    case announced(Int)
  }

  static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .incremented: state.count += 1
    case .renamed(let title): state.title = title
    }
    return state
  }

  func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .increment:
      context.dispatchAction(.incremented)
    case .incrementTwice:
      context.dispatchAction(.incremented)
      context.dispatchAction(.incremented)
    case .rename(let title):
      context.dispatchAction(.renamed(title))
    case .announce:
      context.dispatchEffect(.announced(context.state.count))
    }
  }
}

/// A Combine-era view model protocol, as an app declares it.
protocol CounterViewModelType {
  var state: AnyPublisher<CounterFeature.State, Never> { get }
  var effect: AnyPublisher<CounterFeature.Effect, Never> { get }
  var currentState: CounterFeature.State { get }
  func dispatchCommand(_ command: CounterFeature.Command)
}

extension CombineStoreFacade: CounterViewModelType where Feature == CounterFeature {}

@MainActor
@Suite("Store publishers, the Combine façade and StreamViewStore over publishers")
struct StorePublisherTests {
  func makeStore() -> Store<CounterFeature> { Store(initialState: .init(), feature: CounterFeature()) }

  @Test func statePublisherEmitsTheCurrentStateThenEveryCommitSynchronously() {
    let store = makeStore()
    var counts: [Int] = []
    let subscription = store.statePublisher.sink { counts.append($0.count) }
    defer { subscription.cancel() }
    #expect(counts == [0])
    store.send(.incrementTwice)
    #expect(counts == [0, 1, 2])  // every commit, before send returned
  }

  /// `@Published` emits in `willSet` (a sink reading the object sees the old value); the store's publisher emits
  /// after the commit.
  @Test func aSinkThatReadsTheStoreSeesTheNewState() {
    let store = makeStore()
    var seen: [Int] = []
    let subscription = store.statePublisher.dropFirst().sink { _ in seen.append(store.currentState.count) }
    defer { subscription.cancel() }
    store.send(.increment)
    #expect(seen == [1])
  }

  @Test func publisherOfAKeyPathEmitsDistinctValues() {
    let store = makeStore()
    var titles: [String] = []
    let subscription = store.publisher(\.title).sink { titles.append($0) }
    defer { subscription.cancel() }
    store.send(.increment)
    store.send(.rename("a"))
    store.send(.rename("a"))
    store.send(.rename("b"))
    #expect(titles == ["", "a", "b"])
  }

  @Test func effectPublisherReachesTheSubscribersOfTheMomentInOrder() {
    let store = makeStore()
    store.send(.announce)  // nobody subscribed: reaches nobody
    var first: [CounterFeature.Effect] = []
    var second: [CounterFeature.Effect] = []
    let a = store.effectPublisher.sink { first.append($0) }
    store.send(.increment)
    store.send(.announce)
    let b = store.effectPublisher.sink { second.append($0) }
    store.send(.increment)
    store.send(.announce)
    a.cancel()
    store.send(.announce)
    b.cancel()
    #expect(first == [.announced(1), .announced(2)])
    #expect(second == [.announced(2), .announced(2)])
  }

  @Test func aCombineEraViewModelProtocolRunsOnTheStoreThroughTheFacade() {
    let store = makeStore()
    let viewModel: any CounterViewModelType = store.combineFacade
    var counts: [Int] = []
    var effects: [CounterFeature.Effect] = []
    var cancellables = Set<AnyCancellable>()
    viewModel.state.map(\.count).sink { counts.append($0) }.store(in: &cancellables)
    viewModel.effect.sink { effects.append($0) }.store(in: &cancellables)
    viewModel.dispatchCommand(.increment)
    viewModel.dispatchCommand(.announce)
    #expect(counts == [0, 1])
    #expect(effects == [.announced(1)])
    #expect(viewModel.currentState.count == 1)
    #expect(store.state.count == 1)
  }

  @Test func theFacadeDoesNotOutliveItsSubscriptionsOrKeepTheStoreAfterRelease() {
    weak var weakStore: Store<CounterFeature>?
    do {
      let store = makeStore()
      weakStore = store
      let subscription = store.combineFacade.state.sink { _ in }
      subscription.cancel()
    }
    #expect(weakStore == nil)
  }

  @Test func streamViewStoreOverAnObservableObjectsPublishers() async {
    final class LegacyViewModel: ObservableObject {
      @Published var state = CounterFeature.State()
      let effects = PassthroughSubject<CounterFeature.Effect, Never>()
      func dispatch(_ command: CounterFeature.Command) {
        switch command {
        case .increment: state.count += 1
        case .announce: effects.send(.announced(state.count))
        default: break
        }
      }
    }
    let legacy = LegacyViewModel()
    let subscribed = Gate()
    let store = StreamViewStore(
      state: legacy.$state, currentState: legacy.state,
      effect: legacy.effects.handleEvents(receiveSubscription: { _ in subscribed.fire() }),
      dispatch: { legacy.dispatch($0) }
    )
    store.send(.increment)
    #expect(store.state.count == 1)  // applied when send returns
    let observed = Locked(false)
    withObservationTracking {
      _ = store.state
    } onChange: {
      observed.withLock { $0 = true }
    }
    store.send(.increment)
    #expect(observed.current)
    #expect(store.state.count == 2)

    let effects = store.effect
    let consumer = Task { () -> CounterFeature.Effect? in
      for await effect in effects { return effect }
      return nil
    }
    await subscribed.wait()  // the loop subscribed on its first pull
    store.send(.announce)
    #expect(await consumer.value == .announced(2))
  }
}
