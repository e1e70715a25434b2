import Ferry
import FerryStore
import Observation
import Testing

/// The bookkeeping that the synchronous send path skips when it has nothing to do (the queue when nothing was
/// queued, the commit observers when there are none, the state's key path built once): each is exercised both
/// empty and in use, and across handling steps.
@MainActor
@Suite("Store: the synchronous send path")
struct StoreSendPathTests {
  func makeStore() -> Store<WorkFeature> {
    Store(initialState: .init(), feature: WorkFeature(clock: ContinuousClock(), log: nil))
  }

  @Test func theQueueIsReusedAcrossHandlingSteps() {
    let store = makeStore()
    var driven: [Int] = []
    let subscription = store.stateDriver.drive(onNext: { state in
      driven.append(state.count)
      // Re-entrant: queued behind the commit being delivered, handled before `send` returns.
      if state.count == 1 || state.count == 3 { store.send(.increment) }
    })
    defer { subscription.dispose() }
    store.send(.increment)
    #expect(store.state.count == 2)
    store.send(.setText("between"))  // a step with nothing queued (it commits: the driver sees count 2 again)
    store.send(.increment)
    #expect(store.state.count == 4)
    #expect(driven == [0, 1, 2, 2, 3, 4])
  }

  @Test func commitObserversStopWhenTheLastChildGoesAndResumeForANewOne() {
    let store = makeStore()
    do {
      let child = store.scope(
        state: \.text, command: { (text: String) in .setText(text) }, effect: { _ -> Never? in nil })
      store.send(.setText("one"))
      #expect(child.state == "one")
    }
    store.send(.setText("two"))  // the released child is dropped at this commit
    store.send(.setText("three"))  // no observer left
    let child = store.scope(
      state: \.text, command: { (text: String) in .setText(text) }, effect: { _ -> Never? in nil })
    #expect(child.state == "three")
    store.send(.setText("four"))
    #expect(child.state == "four")
  }

  @Test func everyCommitIsOneObservationChangeOfState() {
    let store = makeStore()
    for expected in 1...3 {
      let changes = Counter()
      withObservationTracking {
        _ = store.state
      } onChange: {
        changes.increment()
      }
      store.send(.increment)
      #expect(changes.value == 1)
      #expect(store.state.count == expected)
    }
    let changes = Counter()
    withObservationTracking {
      _ = store.state.text
    } onChange: {
      changes.increment()
    }
    store.send(.setText(""))  // unchanged: no commit
    #expect(changes.value == 0)
  }
}
