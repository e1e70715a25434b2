import Ferry
import FerryStore
import FerryTesting
import Testing

/// Async work under each policy, on virtual time: the work sleeps `ticks` on the test store's clock.
@MainActor
@Suite("Store: async work and its policies")
struct WorkPolicyTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func flatMapRunsConcurrently() async {
    let store = TestStore.work()
    await store.send(.load("a", ticks: 10, policy: .flatMap))
    await store.receiveEffect(.started("a"))
    await store.advance(to: 5)
    await store.send(.load("b", ticks: 10, policy: .flatMap))
    await store.receiveEffect(.started("b"))
    await store.receive(.loaded("a")) { $0.loaded = ["a"] }
    #expect(store.scheduler.clock == 10)
    await store.receiveEffect(.finished("a"))
    await store.receive(.loaded("b")) { $0.loaded = ["a", "b"] }
    #expect(store.scheduler.clock == 15)
    await store.receiveEffect(.finished("b"))
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func flatMapLatestCancelsTheRunningWorkWhichThenEmitsNothing() async {
    let store = TestStore.work()
    await store.send(.load("a", ticks: 10, policy: .flatMapLatest))
    await store.receiveEffect(.started("a"))
    await store.advance(to: 5)
    await store.send(.load("b", ticks: 10, policy: .flatMapLatest))
    await store.receiveEffect(.started("b"))
    await store.receive(.loaded("b")) { $0.loaded = ["b"] }
    #expect(store.scheduler.clock == 15)
    await store.receiveEffect(.finished("b"))
    await store.finish()
    #expect(store.effects.map(\.time) == [0, 5, 15])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func flatMapFirstDropsWorkWhileRunning() async {
    let store = TestStore.work()
    await store.send(.load("a", ticks: 10, policy: .flatMapFirst))
    await store.receiveEffect(.started("a"))
    await store.advance(to: 5)
    await store.send(.load("b", ticks: 10, policy: .flatMapFirst))  // dropped: nothing to receive
    #expect(store.inFlightWorkCount == 1)
    await store.receive(.loaded("a")) { $0.loaded = ["a"] }
    await store.receiveEffect(.finished("a"))
    await store.send(.load("c", ticks: 1, policy: .flatMapFirst))  // "a" is done: runs
    await store.receiveEffect(.started("c"))
    await store.receive(.loaded("c")) { $0.loaded = ["a", "c"] }
    await store.receiveEffect(.finished("c"))
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func concatMapQueuesWork() async {
    let store = TestStore.work()
    await store.send(.load("a", ticks: 10, policy: .concatMap))
    await store.receiveEffect(.started("a"))
    await store.advance(to: 5)
    await store.send(.load("b", ticks: 10, policy: .concatMap))  // waits for "a"
    await store.receive(.loaded("a")) { $0.loaded = ["a"] }
    await store.receiveEffect(.finished("a"))
    await store.receiveEffect(.started("b"))
    #expect(store.scheduler.clock == 10)
    await store.receive(.loaded("b")) { $0.loaded = ["a", "b"] }
    #expect(store.scheduler.clock == 20)
    await store.receiveEffect(.finished("b"))
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func debounceRunsOnlyTheLastWorkAfterTheQuietPeriod() async {
    let store = TestStore.work()
    await store.send(.load("a", ticks: 1, policy: .debounce(.seconds(5))))
    await store.advance(to: 3)
    await store.send(.load("b", ticks: 1, policy: .debounce(.seconds(5))))  // cancels "a", which never started
    await store.receiveEffect(.started("b"))
    #expect(store.scheduler.clock == 8)
    await store.receive(.loaded("b")) { $0.loaded = ["b"] }
    await store.receiveEffect(.finished("b"))
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func throttleLatestRunsTheFirstAtOnceAndTheNewestAtThePeriodsEnd() async {
    let store = TestStore.work()
    await store.send(.load("a", ticks: 1, policy: .throttle(.seconds(10))))
    await store.receiveEffect(.started("a"))
    await store.receive(.loaded("a")) { $0.loaded = ["a"] }
    await store.receiveEffect(.finished("a"))
    await store.advance(to: 3)
    await store.send(.load("b", ticks: 1, policy: .throttle(.seconds(10))))
    await store.advance(to: 5)
    await store.send(.load("c", ticks: 1, policy: .throttle(.seconds(10))))  // replaces "b"
    await store.receiveEffect(.started("c"))
    #expect(store.scheduler.clock == 10)
    await store.receive(.loaded("c")) { $0.loaded = ["a", "c"] }
    await store.receiveEffect(.finished("c"))
    await store.advance(to: 15)
    await store.send(.load("d", ticks: 1, policy: .throttle(.seconds(10))))  // within the period "c" began
    await store.advance(to: 19)
    #expect(store.effects.count == 4)  // started/finished a, started/finished c
    await store.receiveEffect(.started("d"))
    #expect(store.scheduler.clock == 20)
    await store.receive(.loaded("d")) { $0.loaded = ["a", "c", "d"] }
    await store.receiveEffect(.finished("d"))
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func throttleWithoutLatestDropsWorkWithinThePeriod() async {
    let store = TestStore.work()
    await store.send(.load("a", ticks: 1, policy: .throttle(.seconds(10), latest: false)))
    await store.receiveEffect(.started("a"))
    await store.receive(.loaded("a")) { $0.loaded = ["a"] }
    await store.receiveEffect(.finished("a"))
    await store.advance(to: 3)
    await store.send(.load("b", ticks: 1, policy: .throttle(.seconds(10), latest: false)))  // dropped
    #expect(store.inFlightWorkCount == 0)
    await store.advance(to: 12)
    await store.send(.load("c", ticks: 1, policy: .throttle(.seconds(10), latest: false)))
    await store.receiveEffect(.started("c"))
    await store.receive(.loaded("c")) { $0.loaded = ["a", "c"] }
    await store.receiveEffect(.finished("c"))
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func cancelByIDStopsRunningAndQueuedWork() async {
    let store = TestStore.work()
    await store.send(.load("a", ticks: 10, policy: .concatMap))
    await store.receiveEffect(.started("a"))
    await store.send(.load("b", ticks: 10, policy: .concatMap))
    await store.send(.loadConcurrently("other", ticks: 20))  // no id: not cancelled
    #expect(store.inFlightWorkCount == 3)
    await store.advance(to: 5)
    await store.send(.cancelLoads)
    #expect(store.inFlightWorkCount == 1)
    await store.receive(.loaded("other")) { $0.loaded = ["other"] }
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func cancelAllCancelsEveryWorkInFlightAndTheStoreStaysUsable() async {
    let store = TestStore.work()
    await store.send(.load("a", ticks: 5, policy: .concatMap))
    await store.receiveEffect(.started("a"))
    await store.send(.load("b", ticks: 5, policy: .concatMap))  // queued behind a
    await store.send(.loadConcurrently("d", ticks: 5))  // no id
    #expect(store.inFlightWorkCount == 3)
    await store.send(.cancelAll)
    #expect(store.inFlightWorkCount == 0)
    await store.send(.loadConcurrently("e", ticks: 1))
    await store.receive(.loaded("e"), at: .seconds(1)) { $0.loaded = ["e"] }
    await store.finish()  // exhaustive: nothing the cancelled works would have sent came
  }

  /// One id under several policies: each new work's policy decides against every live work with that id,
  /// whatever policy that work was started under.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func mixedPoliciesOnOneID() async {
    let store = TestStore.work()
    await store.send(.load("search", ticks: 1, policy: .debounce(.seconds(3))))  // waits 3 s
    await store.send(.load("retry", ticks: 2, policy: .flatMapLatest))  // cancels the waiting search, runs now
    await store.receiveEffect(.started("retry"))
    await store.send(.load("first", ticks: 1, policy: .flatMapFirst))  // dropped: retry is live under the id
    await store.send(.load("queued", ticks: 1, policy: .concatMap))  // no concatMap work before it: runs now
    await store.receiveEffect(.started("queued"))
    await store.receive(.loaded("queued")) { $0.loaded = ["queued"] }
    await store.receiveEffect(.finished("queued"))
    await store.receive(.loaded("retry"), at: .seconds(2)) { $0.loaded = ["queued", "retry"] }
    await store.receiveEffect(.finished("retry"))
    await store.send(.load("debounced", ticks: 0, policy: .debounce(.seconds(1))))
    await store.send(.load("latest", ticks: 0, policy: .flatMapLatest))  // the debounce's waiting work: cancelled
    await store.receiveEffect(.started("latest"))
    await store.receive(.loaded("latest")) { $0.loaded = ["queued", "retry", "latest"] }
    await store.receiveEffect(.finished("latest"))
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aThrownErrorGoesToHandleErrorAfterWhatTheWorkSentBefore() async {
    let store = TestStore.work()
    await store.send(.fail("boom", ticks: 3))
    await store.receiveError(TestFailure(message: "boom"))
    await store.receiveEffect(.failed("boom"))
    #expect(store.scheduler.clock == 3)
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func cancellationIsNeverReportedAsAnError() async {
    let store = TestStore.work()
    await store.send(.load("a", ticks: 10, policy: .flatMapLatest))
    await store.receiveEffect(.started("a"))
    store.cancelInFlightWork()
    await store.finish()
    #expect(store.effects.count == 1)
  }

  /// Seed 003's `withLatestFrom` race: two works finishing in either order each apply their change to the latest
  /// state, so neither update is lost.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test(arguments: [(10, 20), (20, 10)])
  func concurrentWorkFinishingInEitherOrderKeepsBothUpdates(first: Int, second: Int) async {
    let store = TestStore.work()
    await store.send(.loadConcurrently("first", ticks: first))
    await store.send(.loadConcurrently("second", ticks: second))
    let (early, late) = first < second ? ("first", "second") : ("second", "first")
    await store.receive(.loaded(early)) { $0.loaded = [early] }
    await store.send(.increment) { $0.count = 1 }  // the user keeps typing meanwhile
    await store.receive(.loaded(late)) { $0.loaded = [early, late] }
    #expect(store.state == WorkFeature.State(count: 1, loaded: [early, late]))
    await store.finish()
  }
}

/// A screen that hosts `WorkFeature` as a scoped handler and has work of its own.
struct ScopeHostFeature: StoreFeature {
  struct State: Equatable, Sendable {
    var child = WorkFeature.State()
    var ownLoaded = 0
  }

  enum Command: Sendable, Equatable {
    case child(WorkFeature.Command)
    case ownLoad
  }

  enum Action: Sendable, Equatable {
    case child(WorkFeature.Action)
    case ownLoaded
  }

  typealias Effect = WorkFeature.Effect

  let child: WorkFeature
  let clock: TestClock

  static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .child(let action): state.child = WorkFeature.transform(state.child, action: action)
    case .ownLoaded: state.ownLoaded += 1
    }
    return state
  }

  func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .child(let command):
      child.handle(
        command,
        in: context.scope(
          state: \.child, action: Action.child, command: Command.child, effect: { .effect($0) }))
    case .ownLoad:
      context.run { [clock] send in
        try await clock.sleep(for: .seconds(2))
        send.dispatchAction(.ownLoaded)
      }
    }
  }
}

@MainActor
@Suite("Work policies: cancelAll in a scope")
struct ScopedCancelAllTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func cancelAllInAScopeCancelsOnlyThatScopesWork() async {
    let store = TestStore(initialState: ScopeHostFeature.State(), tick: .seconds(1)) { clock in
      ScopeHostFeature(child: WorkFeature(clock: clock), clock: clock)
    }
    await store.send(.ownLoad)
    await store.send(.child(.loadConcurrently("a", ticks: 2)))  // no id
    await store.send(.child(.load("b", ticks: 2, policy: .flatMap)))
    await store.receiveEffect(.started("b"))
    #expect(store.inFlightWorkCount == 3)
    await store.send(.child(.cancelAll))
    #expect(store.inFlightWorkCount == 1, "the screen's own work goes on")
    await store.receive(.ownLoaded, at: .seconds(2)) { $0.ownLoaded = 1 }
    await store.send(.child(.loadConcurrently("c", ticks: 1)))
    await store.receive(.child(.loaded("c"))) { $0.child.loaded = ["c"] }
    await store.finish()
  }
}
