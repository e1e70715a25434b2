import Ferry
import FerryStore
import FerryTesting
import Observation
import Testing

@MainActor
@Suite("Store: synchronous send, commits, ordering")
struct StoreSendTests {
  func makeStore(log: Log? = nil) -> Store<WorkFeature> {
    Store(initialState: .init(), feature: WorkFeature(clock: ContinuousClock(), log: log))
  }

  @Test func sendAppliesTheActionBeforeReturning() {
    let store = makeStore()
    store.send(.setText("taro"))
    #expect(store.state.text == "taro")
    store.send(.increment)
    #expect(store.state == WorkFeature.State(count: 1, text: "taro"))
  }

  @Test func handlerReadsTheStateItsActionsCommitted() {
    let store = makeStore()
    var effects: [WorkFeature.Effect] = []
    let subscription = store.effectSignal.emit(onNext: { effects.append($0) })
    defer { subscription.dispose() }
    store.send(.incrementTwiceThenEffect)
    #expect(effects == [.counted(2)])
  }

  @Test func eachActionIsOneObservationChange() {
    let store = makeStore()
    let changes = Counter()
    func track() {
      withObservationTracking {
        _ = store.state
      } onChange: {
        changes.increment()
      }
    }
    track()
    store.send(.increment)
    #expect(changes.value == 1)
    track()
    store.send(.incrementTwiceThenEffect)  // two actions, two commits; tracking fires once per registration
    #expect(changes.value == 2)
  }

  @Test func anUnchangedEquatableStateCommitsNothing() {
    let store = makeStore()
    store.send(.setText("a"))
    let changes = Counter()
    withObservationTracking {
      _ = store.state
    } onChange: {
      changes.increment()
    }
    var driven: [String] = []
    let subscription = store.stateDriver.drive(onNext: { driven.append($0.text) })
    defer { subscription.dispose() }
    store.send(.setText("a"))
    #expect(changes.value == 0)
    #expect(driven == ["a"])  // the replayed current state only
    store.send(.setText("b"))
    #expect(changes.value == 1)
    #expect(driven == ["a", "b"])
  }

  @Test func stateNotEquatableCommitsEveryAction() {
    struct Plain: StoreFeature {
      struct State: Sendable { var value = 0 }
      typealias Command = Int
      typealias Action = Int
      typealias Effect = Never
      static func transform(_ state: State, action: Int) -> State { State(value: action) }
      func handle(_ command: Int, in context: StoreContext<Self>) { context.dispatchAction(command) }
    }
    let store = Store(initialState: Plain.State(), feature: Plain())
    var driven: [Int] = []
    let subscription = store.stateDriver.drive(onNext: { driven.append($0.value) })
    defer { subscription.dispose() }
    store.send(0)
    store.send(0)
    #expect(driven == [0, 0, 0])
  }

  @Test func commandsSentFromAHandlerAreQueuedBehindIt() {
    let log = Log()
    let store = makeStore(log: log)
    var effects: [WorkFeature.Effect] = []
    let subscription = store.effectSignal.emit(onNext: { effects.append($0) })
    defer { subscription.dispose() }
    store.send(.chain("x"))
    // `.chained` was emitted by the first handler before the queued `.increment` ran.
    #expect(log.all == ["handle chain(\"x\")", "handle increment"])
    #expect(effects == [.chained("x")])
    #expect(store.state.count == 1)
  }

  @Test func sendsFromStateSubscribersAreQueuedFIFONeverNested() {
    let log = Log()
    let store = makeStore(log: log)
    var seen: [Int] = []
    let bag = DisposeBag()
    store.stateDriver.drive(onNext: { state in
      seen.append(state.count)
      if state.count == 1 && state.text.isEmpty {
        store.send(.setText("from subscriber"))
        // Queued: the subscriber still sees count 1 and the old text.
        #expect(store.state.text == "")
      }
    }).disposed(by: bag)
    store.effectSignal.emit(onNext: { effect in
      if case .counted = effect { store.send(.increment) }
    }).disposed(by: bag)
    store.send(.increment)
    #expect(store.state.text == "from subscriber")
    #expect(seen == [0, 1, 1])
    store.send(.incrementTwiceThenEffect)  // counts 2, 3, effect → increment → 4
    #expect(store.state.count == 4)
    #expect(seen == [0, 1, 1, 2, 3, 4])
  }

  @Test func everyEffectReachesEverySubscriberInOrder() {
    let store = makeStore()
    var first: [WorkFeature.Effect] = []
    var second: [WorkFeature.Effect] = []
    let bag = DisposeBag()
    store.effectSignal.emit(onNext: { first.append($0) }).disposed(by: bag)
    store.effectSignal.emit(onNext: { second.append($0) }).disposed(by: bag)
    store.send(.incrementTwiceThenEffect)
    store.send(.chain("a"))
    store.send(.incrementTwiceThenEffect)
    #expect(first == [.counted(2), .chained("a"), .counted(5)])
    #expect(second == first)
  }

  /// A `for await` consumer subscribed at the moment of the effects gets each, in order, none dropped, even when
  /// it is slower than the store (its buffer is unbounded).
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func asyncEffectConsumersReceiveEveryEffectInOrder() {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let time = AsyncVirtualTime(scheduler)
    let store = makeStore()
    let effects = store.effect
    let fast = Log()
    let slow = Log()
    time.task {
      for await effect in effects { fast.append("\(effect)") }
    }
    time.task {
      for await effect in effects {
        try await time.clock.sleep(for: .seconds(10))  // slower than the store: effects wait in its buffer
        slow.append("\(effect)")
      }
    }
    store.send(.incrementTwiceThenEffect)
    store.send(.chain("a"))
    store.send(.incrementTwiceThenEffect)
    scheduler.advanceTo(0)
    #expect(fast.all == ["counted(2)", "chained(\"a\")", "counted(5)"])
    #expect(slow.all == [])
    scheduler.advanceTo(30)
    #expect(slow.all == fast.all)
  }

  @Test func effectsWithNoSubscriberReachNobody() {
    let store = makeStore()
    var diagnostics: [String] = []
    store.diagnosticHandler = { diagnostics.append($0) }
    store.send(.incrementTwiceThenEffect)
    var effects: [WorkFeature.Effect] = []
    let subscription = store.effectSignal.emit(onNext: { effects.append($0) })
    defer { subscription.dispose() }
    store.send(.chain("late"))
    #expect(effects == [.chained("late")])
    #if DEBUG
    #expect(diagnostics.count == 1, "the effect the late consumer missed is reported (StoreHeldEffectsTests)")
    #endif
  }
}
