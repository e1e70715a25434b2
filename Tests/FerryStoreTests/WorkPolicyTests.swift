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
  @Test func aThrownErrorGoesToHandleErrorAfterWhatTheWorkSentBefore() async {
    let store = TestStore.work()
    await store.send(.fail("boom", ticks: 3))
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
