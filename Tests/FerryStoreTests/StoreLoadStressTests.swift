import Ferry
import FerryStore
import FerryTesting
import Foundation
import Testing

/// The store under load, bounded in count and time: a million sends, ten thousand works each superseding the last,
/// and a store released with a thousand works running. Each prints its figure (the `stress:` lines) and fails when
/// an output is lost, applied twice, or outlives the store.
///
/// Debug builds (the README's `swift test`, the sanitizer runs) use a tenth of the counts; the release-mode stress
/// check (`scripts/stress-check.sh`) runs them in full.
@MainActor
@Suite("Store under load", .timeLimit(.minutes(2)))
struct StoreLoadStressTests {
  #if DEBUG
  static let scale = 10
  #else
  static let scale = 1
  #endif

  @Test func aMillionSendsAreEachAppliedOnce() {
    let count = 1_000_000 / Self.scale
    let store = Store(initialState: WorkFeature.State(), feature: WorkFeature(clock: ContinuousClock()))
    let start = ContinuousClock.now
    for _ in 0..<count { store.send(.increment) }
    let elapsed = start.duration(to: .now)
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    print("stress: store, \(count) sends: \(Int(nanoseconds / 1e6)) ms, \(Int(nanoseconds) / count) ns per send")
    #expect(store.state.count == count)
    #expect(store.runtime.liveWorkCount == 0)
  }

  /// `.flatMapLatest` under a flood: every send cancels the work before it; only the last one's output arrives.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func tenThousandWorksEachSupersedingTheLastLeaveOnlyTheLastOutput() {
    let count = 10_000 / Self.scale
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let time = AsyncVirtualTime(scheduler)
    // Outputs wait to be pulled, as in a test store: applied below, after the timeline has run.
    let store = Store(
      initialState: WorkFeature.State(), feature: WorkFeature(clock: time.clock), clock: StoreClock(time.clock),
      drainsAutomatically: false)
    time.executor.perform {
      for index in 0..<count { store.send(.load("\(index)", ticks: 1, policy: .flatMapLatest)) }
    }
    scheduler.start()
    #expect(store.runtime.liveWorkCount == 0)
    let outputs = store.applyQueuedOutputs(on: time)
    print(
      "stress: store, \(count) works superseded one by one: \(outputs) outputs (the last work's), loaded"
        + " \(store.state.loaded)")
    #expect(outputs == 3, "the last work's started, loaded and finished")
    #expect(store.state.loaded == ["\(count - 1)"])
  }

  /// Releasing a store cancels every work it runs: none outlives it, and nothing they would send is kept.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func releasingAStoreWithAThousandRunningWorksCancelsThemAll() {
    let count = 1_000 / Self.scale
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let time = AsyncVirtualTime(scheduler)
    weak var weakStore: Store<WorkFeature>?
    var runtime: StoreRuntime<WorkFeature>?
    var running = 0
    do {
      let store = Store(
        initialState: WorkFeature.State(), feature: WorkFeature(clock: time.clock), clock: time.clock)
      weakStore = store
      runtime = store.runtime
      time.executor.perform {
        for index in 0..<count { store.send(.loadConcurrently("\(index)", ticks: 10)) }
      }
      running = store.runtime.liveWorkCount
    }
    print("stress: store released with \(running) works running: \(runtime?.liveWorkCount ?? -1) left")
    #expect(running == count)
    #expect(weakStore == nil)
    #expect(runtime?.liveWorkCount == 0)
    #expect(runtime?.isClosed == true)
    scheduler.start()
    #expect(runtime?.queuedOutputs.isEmpty == true)
  }
}
