import Ferry
import FerryStore
import Observation
import Testing

// A legacy relay-based view store in the style of the seeds' login screen: State / Command / Action / Effect,
// `BehaviorRelay` state and `PublishRelay` effects exposed as `Driver` / `Signal`.

private struct LegacyLoginState: Equatable, Sendable {
  var loginId = ""
  var isLoggedIn = false
}

private enum LegacyLoginCommand: Sendable {
  case inputLoginId(String)
  case logIn
}

private enum LegacyLoginAction {
  case setLoginId(String)
  case loggedIn

  static func transform(_ state: LegacyLoginState, action: LegacyLoginAction) -> LegacyLoginState {
    var state = state
    switch action {
    case .setLoginId(let loginId): state.loginId = loginId
    case .loggedIn: state.isLoggedIn = true
    }
    return state
  }
}

private enum LegacyLoginEffect: Equatable, Sendable {
  case showProgress
  case hideProgress
  case presentError(String)
}

private final class LegacyLoginViewStore {
  private let _state: BehaviorRelay<LegacyLoginState>
  private let _effect = PublishRelay<LegacyLoginEffect>()

  var state: Driver<LegacyLoginState> { _state.asDriver() }
  var effect: Signal<LegacyLoginEffect> { _effect.asSignal() }
  var currentState: LegacyLoginState { _state.value }

  init(state: LegacyLoginState = LegacyLoginState()) {
    _state = BehaviorRelay(value: state)
  }

  func dispatchCommand(_ command: LegacyLoginCommand) {
    switch command {
    case .inputLoginId(let loginId):
      dispatchAction(.setLoginId(loginId))
    case .logIn:
      dispatchEffect(.showProgress)
      guard !currentState.loginId.isEmpty else {
        dispatchEffect(.presentError("empty login id"))
        return
      }
      dispatchAction(.loggedIn)
      dispatchEffect(.hideProgress)
    }
  }

  private func dispatchAction(_ action: LegacyLoginAction) {
    _state.accept(LegacyLoginAction.transform(currentState, action: action))
  }

  private func dispatchEffect(_ effect: LegacyLoginEffect) {
    _effect.accept(effect)
  }
}

/// Counts Observation changes reported to `onChange` (which may run on any thread).
private final class ChangeCount: Sendable {
  private let count = LockedState(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}

@MainActor
@Suite("StreamViewStore: a legacy Driver/Signal view store as a ViewStore", .timeLimit(.minutes(1)))
struct StreamViewStoreTests {
  /// The adapter over `legacy`, with a stream that yields once its effect signal is subscribed to.
  private func makeStore(
    _ legacy: LegacyLoginViewStore
  ) -> (StreamViewStore<LegacyLoginState, LegacyLoginCommand, LegacyLoginEffect>, AsyncStream<Void>) {
    let (subscribed, continuation) = AsyncStream.makeStream(of: Void.self)
    let store = StreamViewStore(
      state: legacy.state, currentState: legacy.currentState,
      effect: legacy.effect.do(onSubscribed: { continuation.yield() }),
      dispatch: { legacy.dispatchCommand($0) }
    )
    return (store, subscribed)
  }

  /// Arms `withObservationTracking` on `store.state` and returns the count of changes it reports.
  private func trackState<Store: ViewStore>(of store: Store) -> ChangeCount {
    let changes = ChangeCount()
    withObservationTracking {
      _ = store.state
    } onChange: {
      changes.increment()
    }
    return changes
  }

  @Test func conformsToViewStoreAndStartsAtTheLegacyState() {
    let legacy = LegacyLoginViewStore(state: LegacyLoginState(loginId: "taro"))
    let (store, _) = makeStore(legacy)
    func view(_ store: some ViewStore<LegacyLoginState, LegacyLoginCommand, LegacyLoginEffect>) -> String {
      store.state.loginId
    }
    #expect(view(store) == "taro")
    #expect(store.currentState == legacy.currentState)
  }

  @Test func eachLegacyStateChangeIsOneObservationChangeAppliedBeforeSendReturns() {
    let legacy = LegacyLoginViewStore()
    let (store, _) = makeStore(legacy)

    let first = trackState(of: store)
    store.send(.inputLoginId("t"))
    #expect(first.value == 1)
    #expect(store.state.loginId == "t")

    let second = trackState(of: store)
    store.send(.inputLoginId("ta"))
    #expect(second.value == 1)
    #expect(store.state.loginId == "ta")
  }

  @Test func anEqualLegacyStateIsNoChange() {
    let legacy = LegacyLoginViewStore()
    let (store, _) = makeStore(legacy)
    store.send(.inputLoginId("taro"))
    let changes = trackState(of: store)
    store.send(.inputLoginId("taro"))  // the relay emits an equal state
    #expect(changes.value == 0)
    store.send(.inputLoginId("hanako"))
    #expect(changes.value == 1)
  }

  @Test func aNonEquatableStateChangesWithEveryElement() {
    struct Opaque { var value: Int }
    let relay = BehaviorRelay(value: Opaque(value: 1))
    let store = StreamViewStore<Opaque, Int, Never>(
      state: relay.asDriver(), currentState: relay.value, effect: .never(),
      dispatch: { relay.accept(Opaque(value: $0)) }
    )
    let changes = trackState(of: store)
    store.send(1)
    #expect(changes.value == 1)
    #expect(store.state.value == 1)
  }

  @Test func dispatchCommandAppliesTheLegacyStoresSynchronousWorkAndReturns() async {
    let legacy = LegacyLoginViewStore()
    let (store, _) = makeStore(legacy)
    await store.dispatchCommand(.inputLoginId("taro"))
    #expect(store.state.loginId == "taro")
    await store.dispatchCommand(.logIn)
    #expect(store.state.isLoggedIn)
  }

  @Test func effectsReachAForAwaitConsumerInOrder() async {
    let legacy = LegacyLoginViewStore()
    let (store, subscribed) = makeStore(legacy)
    let consumer = Task { @MainActor in
      var received: [LegacyLoginEffect] = []
      for await effect in store.effect {
        received.append(effect)
        if received.count == 4 { break }
      }
      return received
    }
    var subscription = subscribed.makeAsyncIterator()
    await subscription.next()
    store.send(.logIn)
    store.send(.inputLoginId("taro"))
    store.send(.logIn)
    #expect(
      await consumer.value == [.showProgress, .presentError("empty login id"), .showProgress, .hideProgress]
    )
  }

  @Test func anEffectConsumerCanDispatchReEntrantly() async {
    let legacy = LegacyLoginViewStore()
    let (store, subscribed) = makeStore(legacy)
    let consumer = Task { @MainActor in
      var received: [LegacyLoginEffect] = []
      for await effect in store.effect {
        received.append(effect)
        switch effect {
        case .presentError:
          store.send(.inputLoginId("taro"))
          #expect(store.state.loginId == "taro")
          store.send(.logIn)
          #expect(store.state.isLoggedIn)
        case .hideProgress:
          return received
        case .showProgress:
          break
        }
      }
      return received
    }
    var subscription = subscribed.makeAsyncIterator()
    await subscription.next()
    store.send(.logIn)
    #expect(
      await consumer.value == [.showProgress, .presentError("empty login id"), .showProgress, .hideProgress]
    )
    #expect(store.state == LegacyLoginState(loginId: "taro", isLoggedIn: true))
  }

  @Test func releasingTheAdapterDisposesItsSubscriptionAndReleasesTheLegacyStore() async {
    weak var weakStore: StreamViewStore<LegacyLoginState, LegacyLoginCommand, LegacyLoginEffect>?
    weak var weakLegacy: LegacyLoginViewStore?
    let stateDisposed = ChangeCount()
    do {
      let legacy = LegacyLoginViewStore()
      weakLegacy = legacy
      let (subscribed, continuation) = AsyncStream.makeStream(of: Void.self)
      let store = StreamViewStore(
        state: legacy.state.do(onDispose: { stateDisposed.increment() }), currentState: legacy.currentState,
        effect: legacy.effect.do(onSubscribed: { continuation.yield() }), dispatch: { legacy.dispatchCommand($0) }
      )
      weakStore = store
      let consumer = Task { @MainActor in
        for await effect in store.effect where effect == .hideProgress { break }
      }
      var subscription = subscribed.makeAsyncIterator()
      await subscription.next()
      store.send(.inputLoginId("taro"))
      store.send(.logIn)
      await consumer.value
      #expect(store.state.isLoggedIn)
      #expect(stateDisposed.value == 0)
    }
    #expect(weakStore == nil)
    #expect(weakLegacy == nil)
    #expect(stateDisposed.value == 1)
  }

  @Test func releasingTheAdapterDisposesTheStateSubscriptionWhileTheLegacyStoreLives() {
    let legacy = LegacyLoginViewStore()
    let stateDisposed = ChangeCount()
    var store: StreamViewStore<LegacyLoginState, LegacyLoginCommand, LegacyLoginEffect>? = StreamViewStore(
      state: legacy.state.do(onDispose: { stateDisposed.increment() }), currentState: legacy.currentState,
      effect: legacy.effect, dispatch: { legacy.dispatchCommand($0) }
    )
    store?.send(.inputLoginId("taro"))
    #expect(store?.state.loginId == "taro")
    store = nil
    #expect(stateDisposed.value == 1)
  }
}
