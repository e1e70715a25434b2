import Ferry
import FerryStore
import FerryTesting
import Testing

@MainActor
@Suite("Store: dispatchCommand, cancellation, release")
struct StoreLifecycleTests {
  @Test func dispatchCommandReturnsOnceTheWorkFinishedAndItsOutputsApplied() async {
    let store = Store(initialState: WorkFeature.State(), feature: WorkFeature(clock: ContinuousClock()))
    await store.dispatchCommand(.loadConcurrently("x", ticks: 0))
    #expect(store.state.loaded == ["x"])
    await store.dispatchCommand(.load("y", ticks: 0, policy: .concatMap))
    #expect(store.state.loaded == ["x", "y"])
  }

  @Test func dispatchCommandWithoutWorkReturnsAfterTheSynchronousPart() async {
    let store = Store(initialState: WorkFeature.State(), feature: WorkFeature(clock: ContinuousClock()))
    await store.dispatchCommand(.increment)
    #expect(store.state.count == 1)
  }

  /// SwiftUI's `.task { await store.dispatchCommand(.load) }` is cancelled when the view goes away: the work
  /// stops and sends nothing more.
  @Test func cancellingTheAwaitingTaskCancelsTheCommandsWork() async {
    let store = Store(initialState: WorkFeature.State(), feature: WorkFeature(clock: ContinuousClock()))
    let task = Task { await store.dispatchCommand(.load("slow", ticks: 3600, policy: .flatMap)) }
    task.cancel()
    await task.value
    #expect(store.runtime.liveWorkCount == 0)
    #expect(store.state.loaded.isEmpty)
  }

  @Test func aCancelledStoreIgnoresCommandsAndReturnsAtOnce() async {
    // A debug build says so on standard output: the scenario runs in a child process, so the line is asserted here
    // instead of being printed by a passing run.
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      await Self.sendToACancelledStore()
    }
    #if DEBUG
    let output = result.map { String(decoding: $0.standardOutputContent, as: UTF8.self) } ?? ""
    #expect(output.contains("FerryStore: increment sent to a cancelled Store<WorkFeature> was ignored"), "\(output)")
    #endif
  }

  static func sendToACancelledStore() async {
    let store = Store(initialState: WorkFeature.State(), feature: WorkFeature(clock: ContinuousClock()))
    store.send(.load("slow", ticks: 3600, policy: .flatMap))
    #expect(store.runtime.liveWorkCount == 1)
    store.cancel()
    #expect(store.runtime.liveWorkCount == 0)
    await store.dispatchCommand(.load("later", ticks: 3600, policy: .flatMap))
    store.send(.increment)
    #expect(store.state.count == 0)
    #expect(store.runtime.liveWorkCount == 0)
    // Also stops the child process, so a failure is seen whether or not its issues reach the parent.
    precondition(store.state.count == 0 && store.runtime.liveWorkCount == 0, "the cancelled store did work")
  }

  /// An effect loop started by hand (not SwiftUI's `.task`) ends when its store is released or cancelled.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test(arguments: [true, false])
  func effectLoopsEndWithTheStore(release: Bool) {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let time = AsyncVirtualTime(scheduler)
    let log = Log()
    var store: Store<WorkFeature>? = Store(
      initialState: WorkFeature.State(), feature: WorkFeature(clock: ContinuousClock()))
    let effects = store!.effect
    time.task {
      for await effect in effects { log.append("\(effect)") }
      log.append("ended")
    }
    store!.send(.incrementTwiceThenEffect)
    scheduler.advanceTo(1)
    #expect(log.all == ["counted(2)"])
    if release { store = nil } else { store!.cancel() }
    scheduler.advanceTo(2)
    #expect(log.all == ["counted(2)", "ended"])
    _ = store
  }

  /// Releasing the store cancels its work; neither the store nor its feature (and what the feature holds) leaks,
  /// and the work's later outputs are dropped.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func releasingTheStoreCancelsItsWorkAndLeaksNothing() {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let time = AsyncVirtualTime(scheduler)
    weak var weakStore: Store<WorkFeature>?
    weak var weakLog: Log?
    var runtime: StoreRuntime<WorkFeature>?
    do {
      let log = Log()
      weakLog = log
      let store = Store(
        initialState: WorkFeature.State(), feature: WorkFeature(clock: time.clock, log: log), clock: time.clock)
      weakStore = store
      runtime = store.runtime
      time.executor.perform { store.send(.load("a", ticks: 10, policy: .flatMap)) }
      #expect(store.runtime.liveWorkCount == 1)
    }
    #expect(weakStore == nil)
    #expect(weakLog == nil)
    #expect(runtime?.liveWorkCount == 0)
    #expect(runtime?.isClosed == true)
    scheduler.start()
    #expect(runtime?.queuedOutputs.isEmpty == true)
  }
}
