import FerryStore
import Observation
import Testing

/// A state whose fields are read one by one through the store (`store.a`): `Equatable` fields, a nested one, a
/// computed one and one that is not `Equatable` (so the state is not either: every action commits).
struct FieldsFeature: StoreFeature {
  struct Address: Equatable, Sendable {
    var city = "Tokyo"
    var zip = "100"
  }

  /// Not `Equatable`.
  struct Blob: Sendable {
    var bytes: [UInt8] = []
  }

  struct State: Sendable {
    var a = 0
    var b = 0
    var name = "taro"
    var address = Address()
    var blob = Blob()
    var sum: Int { a + b }
  }

  enum Command: Sendable {
    case setA(Int)
    case setB(Int)
    case setName(String)
    case setZip(String)
  }

  typealias Action = Command
  typealias Effect = Never

  static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .setA(let value): state.a = value
    case .setB(let value): state.b = value
    case .setName(let name): state.name = name
    case .setZip(let zip): state.address.zip = zip
    }
    return state
  }

  func handle(_ command: Command, in context: StoreContext<Self>) {
    context.dispatchAction(command)
  }
}

/// `store.field` is tracked by Observation field by field: a commit notifies only the readers of the fields it
/// changed; `store.state` whole keeps notifying at every commit.
@MainActor
@Suite("Store: Observation per field")
struct FieldObservationTests {
  func makeStore() -> Store<FieldsFeature> {
    Store(initialState: FieldsFeature.State(), feature: FieldsFeature())
  }

  /// Counts the changes Observation reports to a reader of what `read` reads.
  func track(_ read: () -> Void) -> Counter {
    let changes = Counter()
    withObservationTracking(read, onChange: { changes.increment() })
    return changes
  }

  @Test func aChangeToBDoesNotNotifyAReaderOfA() {
    let store = makeStore()
    let readerOfA = track { _ = store.a }
    let readerOfB = track { _ = store.b }
    store.send(.setB(1))
    #expect(readerOfA.value == 0)
    #expect(readerOfB.value == 1)
    store.send(.setA(1))
    #expect(readerOfA.value == 1)
    #expect(store.a == 1 && store.b == 1, "store.field reads the current state's field")
  }

  @Test func anEqualValueNotifiesNoReaderOfTheField() {
    let store = makeStore()
    let readerOfName = track { _ = store.name }
    let readerOfState = track { _ = store.state }
    store.send(.setName("taro"))  // the state is not Equatable: this commits, but `name` is unchanged
    #expect(readerOfName.value == 0)
    #expect(readerOfState.value == 1, "a reader of the whole state keeps today's behaviour")
    store.send(.setName("jiro"))
    #expect(readerOfName.value == 1)
  }

  @Test func aFieldThatIsNotEquatableNotifiesAtEveryCommit() {
    let store = makeStore()
    let readerOfBlob = track { _ = store.blob }
    store.send(.setB(1))
    #expect(readerOfBlob.value == 1)
  }

  @Test func aDeeperPathTracksItsTopLevelField() {
    let store = makeStore()
    let readerOfCity = track { _ = store.address.city }
    store.send(.setA(1))
    #expect(readerOfCity.value == 0)
    store.send(.setZip("200"))  // `address` changed, `city` did not: the top-level field is what is tracked
    #expect(readerOfCity.value == 1)
  }

  @Test func aComputedFieldIsComparedThroughItsKeyPath() {
    let store = makeStore()
    let readerOfSum = track { _ = store.sum }
    store.send(.setName("jiro"))
    #expect(readerOfSum.value == 0)
    store.send(.setB(2))
    #expect(readerOfSum.value == 1)
    #expect(store.sum == 2)
  }

  @Test func theWholeStateNotifiesAtEveryCommit() {
    let store = makeStore()
    let reader = track { _ = store.state.a }
    store.send(.setB(1))
    #expect(reader.value == 1)
  }

  @Test func aReaderThatTracksAgainIsNotifiedAgain() {
    let store = makeStore()
    for value in 1...3 {
      let reader = track { _ = store.a }
      store.send(.setB(value))  // not `a`: the reader stays registered
      store.send(.setA(value))
      #expect(reader.value == 1)
    }
  }

  @Test func everyReaderOfAFieldIsNotified() {
    let store = makeStore()
    let first = track { _ = store.a }
    let second = track {
      _ = store.a
      _ = store.b
    }
    store.send(.setA(1))
    #expect(first.value == 1)
    #expect(second.value == 1)
  }

  /// A reader of `store.a` that tracks again from its change handler, in `willSet`, as a view model would.
  @MainActor final class Reobserver {
    let store: Store<FieldsFeature>
    let changes = Counter()

    init(store: Store<FieldsFeature>) { self.store = store }

    func observe() {
      withObservationTracking {
        _ = store.a
      } onChange: {
        self.changes.increment()
        MainActor.assumeIsolated { self.observe() }  // on the committing thread: track again at once
      }
    }
  }

  @Test func aReaderThatReadsAgainFromItsChangeHandlerIsNotifiedOfTheNextChange() {
    let reader = Reobserver(store: makeStore())
    reader.observe()
    reader.store.send(.setA(1))
    reader.store.send(.setB(1))
    reader.store.send(.setA(2))
    #expect(reader.changes.value == 2)
  }

  @Test func aFieldReadOutsideTrackingThenTrackedIsNotified() {
    let store = makeStore()
    _ = store.a  // read, not tracked
    store.send(.setA(1))
    let reader = track { _ = store.a }
    store.send(.setA(2))
    #expect(reader.value == 1)
  }
}

/// `store.fieldAccessors(_:send:)`: the getter/setter pair under SwiftUI's `Binding`.
@MainActor
@Suite("Store: field accessors (bindings)")
struct StoreFieldAccessorsTests {
  @Test func theSetterSendsSynchronouslyAndTheGetterReadsTheField() {
    let store = Store(initialState: FieldsFeature.State(), feature: FieldsFeature())
    let name = store.fieldAccessors(\.name, send: FieldsFeature.Command.setName)
    #expect(name.get() == "taro")
    name.set("jiro")
    #expect(store.currentState.name == "jiro", "applied before set returned")
    #expect(name.get() == "jiro")
  }

  @Test func theGetterTracksItsFieldAlone() {
    let store = Store(initialState: FieldsFeature.State(), feature: FieldsFeature())
    let name = store.fieldAccessors(\.name, send: FieldsFeature.Command.setName)
    let changes = Counter()
    withObservationTracking {
      _ = name.get()
    } onChange: {
      changes.increment()
    }
    store.send(.setA(1))
    #expect(changes.value == 0)
    name.set("jiro")
    #expect(changes.value == 1)
  }

  @Test func aFieldThatIsNotEquatableIsNotifiedAtEveryCommit() {
    let store = Store(initialState: FieldsFeature.State(), feature: FieldsFeature())
    let blob = store.fieldAccessors(\.blob, send: { _ in FieldsFeature.Command.setA(7) })
    let changes = Counter()
    withObservationTracking {
      _ = blob.get()
    } onChange: {
      changes.increment()
    }
    blob.set(FieldsFeature.Blob(bytes: [1]))
    #expect(store.currentState.a == 7, "the value went through the command")
    #expect(changes.value == 1)
  }

  @Test func aSetterCalledWhileTheStoreIsHandlingIsQueuedBehindIt() {
    let store = Store(initialState: FieldsFeature.State(), feature: FieldsFeature())
    let name = store.fieldAccessors(\.name, send: FieldsFeature.Command.setName)
    var seen: [String] = []
    let subscription = store.stateDriver.drive(onNext: { state in
      seen.append(state.name)
      if state.a == 1, state.name == "taro" { name.set("from a subscriber") }
    })
    defer { subscription.dispose() }
    store.send(.setA(1))
    #expect(store.currentState.name == "from a subscriber")
    #expect(seen == ["taro", "taro", "from a subscriber"])
  }
}

/// A state with more fields than the store has property-backed Observation keys (16), read field by field.
struct WideFeature: StoreFeature {
  struct State: Equatable, Sendable {
    var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0
    var f10 = 0, f11 = 0, f12 = 0, f13 = 0, f14 = 0, f15 = 0, f16 = 0, f17 = 0, f18 = 0, f19 = 0

    static func field(_ index: Int) -> WritableKeyPath<State, Int> {
      [
        \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9,
        \.f10, \.f11, \.f12, \.f13, \.f14, \.f15, \.f16, \.f17, \.f18, \.f19,
      ][index]
    }
  }

  enum Command: Sendable {
    /// Adds one to field `index`.
    case bump(Int)
  }

  typealias Action = Command
  typealias Effect = Never

  static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .bump(let index): state[keyPath: State.field(index)] += 1
    }
    return state
  }

  func handle(_ command: Command, in context: StoreContext<Self>) {
    context.dispatchAction(command)
  }
}

/// Past 16 tracked fields every field still has its own Observation key: a change notifies its readers alone.
@MainActor
@Suite("Store: Observation per field, many fields")
struct WideFieldObservationTests {
  @Test func everyOneOfTwentyFieldsNotifiesOnlyItsOwnReaders() {
    let store = Store(initialState: WideFeature.State(), feature: WideFeature())
    for changed in 0..<20 {
      // Read in order, so field `i` is tracked `i`-th: fields 16…19 come after the 16 property-backed keys.
      let readers = (0..<20).map { index in
        let changes = Counter()
        withObservationTracking {
          _ = store[dynamicMember: WideFeature.State.field(index)]
        } onChange: {
          changes.increment()
        }
        return changes
      }
      store.send(.bump(changed))
      let notified = readers.indices.filter { readers[$0].value > 0 }
      #expect(notified == [changed], "bumping field \(changed) notified the readers of fields \(notified)")
      #expect(store[dynamicMember: WideFeature.State.field(changed)] == 1)
    }
  }
}
