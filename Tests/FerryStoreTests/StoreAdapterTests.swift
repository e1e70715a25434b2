import Ferry
import FerryStore
import FerryTesting
import Observation
import Testing

@MainActor
@Suite("Store adapters: Driver, Signal, commands, legacy façade, scope")
struct StoreAdapterTests {
  func makeStore() -> Store<WorkFeature> {
    Store(initialState: .init(), feature: WorkFeature(clock: ContinuousClock()))
  }

  @Test func stateDriverEmitsSynchronouslyOnePerCommit() {
    let store = makeStore()
    var counts: [Int] = []
    let subscription = store.stateDriver.drive(onNext: { counts.append($0.count) })
    defer { subscription.dispose() }
    #expect(counts == [0])
    store.send(.incrementTwiceThenEffect)
    #expect(counts == [0, 1, 2])  // every committed state, not coalesced
  }

  @Test func keyPathDriverEmitsDistinctValues() {
    let store = makeStore()
    var texts: [String] = []
    let subscription = store.driver(\.text).drive(onNext: { texts.append($0) })
    defer { subscription.dispose() }
    store.send(.increment)  // text unchanged
    store.send(.setText("a"))
    store.send(.increment)
    store.send(.setText("b"))
    #expect(texts == ["", "a", "b"])
  }

  /// `driver(_:)` reads a stored property at its offset and any other key path through the key path: both give the
  /// same distinct values (a stored `Int` before a stored `String`, a computed property, a property of a stored array).
  @Test func keyPathDriverReadsStoredAndComputedPaths() {
    let store = makeStore()
    var counts: [Int] = []
    var texts: [String] = []
    var shouts: [String] = []
    var loadedCounts: [Int] = []
    var loadedNames: [[String]] = []
    let subscriptions = [
      store.driver(\.count).drive(onNext: { counts.append($0) }),
      store.driver(\.text).drive(onNext: { texts.append($0) }),
      store.driver(\.shout).drive(onNext: { shouts.append($0) }),
      store.driver(\.loaded.count).drive(onNext: { loadedCounts.append($0) }),
      store.driver(\.loaded).drive(onNext: { loadedNames.append($0) }),
    ]
    defer { subscriptions.forEach { $0.dispose() } }
    #expect(MemoryLayout<WorkFeature.State>.offset(of: \.text) != nil)  // the stored path is taken
    #expect(MemoryLayout<WorkFeature.State>.offset(of: \.shout) == nil)  // the key-path read is taken
    store.send(.increment)
    store.send(.setText("a"))
    store.send(.setText("a"))
    store.send(.increment)
    store.send(.setText("b"))
    #expect(counts == [0, 1, 2])
    #expect(texts == ["", "a", "b"])
    #expect(shouts == ["", "A", "B"])
    #expect(loadedCounts == [0])
    #expect(loadedNames == [[]])
  }

  @Test func commandObserverSendsBoundElements() {
    let store = makeStore()
    let taps = PublishRelay<Void>()
    let subscription = taps.map { WorkFeature.Command.increment }.bind(to: store.commandObserver)
    taps.accept(())
    taps.accept(())
    #expect(store.state.count == 2)
    subscription.dispose()
    taps.accept(())
    #expect(store.state.count == 2)
  }

  @Test func commandObserverDoesNotKeepTheStoreAlive() {
    weak var weakStore: Store<WorkFeature>?
    let observer: AnyObserver<WorkFeature.Command>
    do {
      let store = makeStore()
      weakStore = store
      observer = store.commandObserver
    }
    #expect(weakStore == nil)
    observer.onNext(.increment)  // ignored
  }

  @Test func oneLegacyFacadePerStoreLivingAsLongAsItsHolder() {
    weak var weakStore: Store<WorkFeature>?
    weak var weakFacade: LegacyStoreFacade<WorkFeature>?
    var held: LegacyStoreFacade<WorkFeature>? = nil
    do {
      let store = makeStore()
      weakStore = store
      held = store.legacyFacade
      #expect(store.legacyFacade === held, "the same façade while one is alive")
    }
    #expect(weakStore != nil, "the view controller's façade keeps the store")
    weakFacade = held
    held = nil
    #expect(weakFacade == nil)
    #expect(weakStore == nil, "no longer than that")
  }

  /// The seed-000 view controller's bindings, unchanged, on the new store through the legacy façade.
  @Test func legacyFacadePresentsTheOldSurface() {
    let store = makeStore()
    let facade: any LegacyWorkViewStore = store.legacyFacade
    var counts: [Int] = []
    var effects: [WorkFeature.Effect] = []
    let bag = DisposeBag()
    facade.state.map(\.count).distinctUntilChanged().drive(onNext: { counts.append($0) }).disposed(by: bag)
    facade.effect.emit(onNext: { effects.append($0) }).disposed(by: bag)
    facade.dispatchCommand(.incrementTwiceThenEffect)
    #expect(counts == [0, 1, 2])
    #expect(effects == [.counted(2)])
    #expect(facade.currentState.count == 2)
  }

  @Test func legacyFacadeDispatchFromAnotherThreadReachesTheStore() async {
    let store = makeStore()
    let facade = store.legacyFacade
    let states = store.stateDriver.values
    await Task.detached { facade.dispatchCommand(.increment) }.value
    for await state in states where state.count == 1 { break }
    #expect(store.state.count == 1)
  }

  @Test func scopedStoreFollowsItsSliceAndIgnoresUnrelatedChanges() {
    let store = makeStore()
    let child = store.scope(
      state: \.text, command: { (text: String) in .setText(text) },
      effect: { effect -> String? in if case .chained(let name) = effect { return name } else { return nil } })
    #expect(child.state == "")
    let changes = Counter()
    withObservationTracking {
      _ = child.state
    } onChange: {
      changes.increment()
    }
    store.send(.increment)  // an unrelated slice: the child does not change
    #expect(changes.value == 0)
    child.send("typed")
    #expect(changes.value == 1)
    #expect(child.state == "typed")
    #expect(store.state.text == "typed")  // never drifts from the parent
  }

  @Test func scopedStoreIsReleasedWithItsView() {
    let store = makeStore()
    weak var weakChild: ScopedStore<String, String, Never>?
    do {
      let child = store.scope(
        state: \.text, command: { (text: String) in .setText(text) }, effect: { _ -> Never? in nil })
      weakChild = child
    }
    #expect(weakChild == nil)
    store.send(.setText("after"))
  }
}

/// An app's legacy view store protocol (seed 000), conformed to by the façade with an empty extension.
protocol LegacyWorkViewStore {
  var state: Driver<WorkFeature.State> { get }
  var effect: Signal<WorkFeature.Effect> { get }
  var currentState: WorkFeature.State { get }
  func dispatchCommand(_ command: WorkFeature.Command)
}

extension LegacyStoreFacade: LegacyWorkViewStore where Feature == WorkFeature {}

/// A view written against `ViewStore` sends from a `Binding` setter: a store applies it before `send` returns.
@MainActor
@Suite("ViewStore.send")
struct ViewStoreSendTests {
  func typeIntoField<Store: ViewStore>(_ store: Store, _ text: String) where Store.Command == WorkFeature.Command {
    store.send(.setText(text))
  }

  @Test func aStoreHandlesSendSynchronouslyThroughTheProtocol() {
    let store = Store(initialState: WorkFeature.State(), feature: WorkFeature(clock: ContinuousClock()))
    typeIntoField(store, "taro")
    #expect(store.state.text == "taro")
    let child = store.scope(
      state: \.text, command: { (text: String) in .setText(text) }, effect: { _ -> Never? in nil })
    child.send("jiro")
    #expect(child.state == "jiro")
  }

  @Observable
  final class MockStore: ViewStore {
    var state = WorkFeature.State()
    var received: [WorkFeature.Command] = []
    var effect: InfallibleValues<WorkFeature.Effect> { PublishRelay<WorkFeature.Effect>().values }
    func dispatchCommand(_ command: WorkFeature.Command) async { received.append(command) }
  }

  @Test func aMockGetsSendFromItsDispatchCommand() async {
    let mock = MockStore()
    typeIntoField(mock, "taro")
    let commands = await Task { mock.received }.value  // the default `send`'s task ran before this one
    #expect(commands == [.setText("taro")])
  }
}

extension WorkFeature.State {
  /// A computed property, for `driver(_:)`'s key-path read.
  fileprivate var shout: String { text.uppercased() }
}
