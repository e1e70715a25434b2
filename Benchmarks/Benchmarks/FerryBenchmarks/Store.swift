import Benchmark
import Ferry
import FerryStore
import Observation

/// FerryStore: every case and its baseline run in the same suite run, so their ratio is
/// meaningful on a shared machine. `--filter 'Store\..*'` runs exactly this set.
///
/// | case | baseline |
/// |---|---|
/// | `Store.send.action` | `Store.floor.observableClass` (floor), `Store.legacy.dispatchCommand` (the old store) |
/// | `Store.dispatchCommand.asyncWork` | `Store.floor.observableClass.asyncTask` |
/// | `Store.effect.forAwait` | `Store.peer.AsyncStream.forAwait` |
/// | `Store.driver.keyPath` | `Store.legacy.driver.keyPath` |
///
/// Synchronous cases measure inside one main-actor hop per iteration (the hop itself is not measured).
func registerStore() {
  registerStoreSend()
  registerStoreAsyncWork()
  registerStoreEffects()
  registerStoreDriver()
}

// MARK: - Synchronous send

private func registerStoreSend() {
  // `store.send(.add(x))`: the handler dispatches one action, `transform` runs, the state is committed (one
  // Observation change), nobody subscribed to the adapters.
  Benchmark("Store.send.action", configuration: storeConfiguration()) { benchmark in
    let store = await MainActor.run { Store(initialState: BenchState(), feature: BenchFeature()) }
    let count = benchmark.scaledIterations.count
    let before = await store.currentState.total
    await measureOnMainActor(benchmark) {
      for element in 0..<count { store.send(.add(element)) }
    }
    expect(await store.currentState.total &- before, triangle(count), benchmark)
  }

  // The floor: a hand-written `@Observable` class applying the same `transform` in a method.
  Benchmark("Store.floor.observableClass", configuration: storeConfiguration()) { benchmark in
    let model = await MainActor.run { ObservableCounter() }
    let count = benchmark.scaledIterations.count
    let before = await model.state.total
    await measureOnMainActor(benchmark) {
      for element in 0..<count { model.add(element) }
    }
    expect(await model.state.total &- before, triangle(count), benchmark)
  }

  // The store it replaces (seed 000): `dispatchCommand` → `handleCommand` → `dispatchAction` → `transform` →
  // `BehaviorRelay.accept`, called on the main thread as a view controller does.
  Benchmark("Store.legacy.dispatchCommand", configuration: storeConfiguration()) { benchmark in
    let store = LegacyRelayStore(initialState: BenchState())
    let count = benchmark.scaledIterations.count
    let before = store.currentState.total
    await measureOnMainActor(benchmark) {
      for element in 0..<count { store.dispatchCommand(.add(element)) }
    }
    expect(store.currentState.total &- before, triangle(count), benchmark)
  }
}

// MARK: - Async command round trip

private func registerStoreAsyncWork() {
  // `await store.dispatchCommand(.addLater(x))`: the handler starts one async work (default policy) that
  // dispatches one action; `dispatchCommand` returns once the work has finished and its action is applied.
  // About 17 mallocs per round trip (two tasks, closures, arrays; see Docs/Benchmarks.md); tasks and continuations
  // make the count depend a little on scheduling: a slack far below the 1000 that one more allocation adds.
  Benchmark("Store.dispatchCommand.asyncWork", configuration: storeConfiguration(mallocSlack: 200)) { benchmark in
    let store = await MainActor.run { Store(initialState: BenchState(), feature: BenchFeature()) }
    let count = benchmark.scaledIterations.count
    let before = await store.currentState.total
    benchmark.startMeasurement()
    await store.roundTrips(count)
    benchmark.stopMeasurement()
    expect(await store.currentState.total &- before, triangle(count), benchmark)
  }

  // The floor: the hand-written `@Observable` class starting one task for the same work and applying its result.
  // No Ferry code: its count (about 5 per command) depends on how the standard library's task jobs meet the
  // executors, and moved by 13% on a loaded CI machine, hence the wider slack.
  Benchmark("Store.floor.observableClass.asyncTask", configuration: storeConfiguration(mallocSlack: 1000)) {
    benchmark in
    let model = await MainActor.run { ObservableCounter() }
    let count = benchmark.scaledIterations.count
    let before = await model.state.total
    benchmark.startMeasurement()
    await model.roundTrips(count)
    benchmark.stopMeasurement()
    expect(await model.state.total &- before, triangle(count), benchmark)
  }
}

// MARK: - Effects to one async consumer

private func registerStoreEffects() {
  // `for await` over `store.effect` (off the main actor) while the main actor sends commands whose handler
  // dispatches one effect each. The subscription is set up before the measurement (an effect emitted before the
  // iteration subscribes reaches nobody): the producer pings until the consumer has seen a ping.
  // Its malloc count depends on how often the consumer is suspended when an effect arrives (a scheduling matter:
  // from under 0.01 to about 1.7 per effect were seen in quick runs), so the slack is 1200 per 1000 effects: the check
  // catches two or more new allocations per effect, not one.
  Benchmark("Store.effect.forAwait", configuration: storeConfiguration(mallocSlack: 1200)) { benchmark in
    let store = await MainActor.run { Store(initialState: BenchState(), feature: BenchFeature()) }
    let count = benchmark.scaledIterations.count
    let subscribed = Flag()
    let go = Flag()
    let producer = Task { @MainActor in
      while !subscribed.isSet {
        store.send(.emit(Sentinel.ping))
        await Task.yield()
      }
      store.send(.emit(Sentinel.ready))
      await go.wait()
      for element in 0..<count { store.send(.emit(element)) }
      store.send(.emit(Sentinel.end))
    }
    let sequence = await store.effect
    var effects = sequence.makeAsyncIterator()
    while let effect = await effects.next(), effect != Sentinel.ping {}
    subscribed.set()
    while let effect = await effects.next(), effect != Sentinel.ready {}
    benchmark.startMeasurement()
    go.set()
    var sum = 0
    while let effect = await effects.next(), effect != Sentinel.end { sum &+= effect }
    benchmark.stopMeasurement()
    await producer.value
    expect(sum, triangle(count), benchmark)
  }

  // The same shape with the standard library's `AsyncStream`: `continuation.yield` on the main actor, `for await`
  // off it.
  Benchmark("Store.peer.AsyncStream.forAwait", configuration: storeConfiguration(mallocSlack: 1200)) { benchmark in
    let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
    let count = benchmark.scaledIterations.count
    let go = Flag()
    let producer = Task { @MainActor in
      continuation.yield(Sentinel.ready)
      await go.wait()
      for element in 0..<count { continuation.yield(element) }
      continuation.yield(Sentinel.end)
    }
    var elements = stream.makeAsyncIterator()
    while let element = await elements.next(), element != Sentinel.ready {}
    benchmark.startMeasurement()
    go.set()
    var sum = 0
    while let element = await elements.next(), element != Sentinel.end { sum &+= element }
    benchmark.stopMeasurement()
    await producer.value
    continuation.finish()
    expect(sum, triangle(count), benchmark)
  }
}

// MARK: - Key-path Driver per commit

private func registerStoreDriver() {
  // `store.driver(\.revision).drive(onNext:)` subscribed, one `send` (one commit) per element: the adapter emits
  // synchronously from the commit.
  Benchmark("Store.driver.keyPath", configuration: storeConfiguration()) { benchmark in
    let counter = Counter()
    let store = await MainActor.run { Store(initialState: BenchState(), feature: BenchFeature()) }
    let subscription = await MainActor.run {
      store.driver(\.revision).drive(onNext: { _ in counter.value &+= 1 })
    }
    let count = benchmark.scaledIterations.count
    counter.value = 0
    await measureOnMainActor(benchmark) {
      for element in 0..<count { store.send(.add(element)) }
    }
    subscription.dispose()
    expect(counter.value, count, benchmark)
  }

  // The legacy binding it replaces (seed 000's view controller):
  // `state.map(\.revision).distinctUntilChanged().drive(onNext:)` on the relay-based store, one
  // `dispatchCommand` per element.
  Benchmark("Store.legacy.driver.keyPath", configuration: storeConfiguration()) { benchmark in
    let counter = Counter()
    let store = LegacyRelayStore(initialState: BenchState())
    let subscription = await MainActor.run {
      store.state.map(\.revision).distinctUntilChanged().drive(onNext: { _ in counter.value &+= 1 })
    }
    let count = benchmark.scaledIterations.count
    counter.value = 0
    await measureOnMainActor(benchmark) {
      for element in 0..<count { store.dispatchCommand(.add(element)) }
    }
    subscription.dispose()
    expect(counter.value, count, benchmark)
  }
}

// MARK: - The screen

/// Effects that frame a measurement (the measured effects are `0..<count`).
private enum Sentinel {
  static let ping = -1
  static let ready = -3
  static let end = -2
}

/// The state of the measured screen: `revision` changes on every action, so every action commits.
struct BenchState: Equatable, Sendable {
  var total = 0
  var revision = 0
}

/// One screen: a command that dispatches one action, one whose async work dispatches it, one that emits an effect.
struct BenchFeature: StoreFeature {
  typealias State = BenchState
  typealias Effect = Int

  enum Command: Sendable {
    case add(Int)
    case addLater(Int)
    case emit(Int)
  }

  enum Action: Sendable {
    case add(Int)
  }

  static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .add(let value):
      state.total &+= value
      state.revision &+= 1
    }
    return state
  }

  @MainActor func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .add(let value): context.dispatchAction(.add(value))
    case .addLater(let value): context.run { send in send.dispatchAction(.add(value)) }
    case .emit(let value): context.dispatchEffect(value)
    }
  }
}

extension Store where Feature == BenchFeature {
  /// `count` async round trips, awaited one after the other on the main actor.
  fileprivate func roundTrips(_ count: Int) async {
    for element in 0..<count { await dispatchCommand(.addLater(element)) }
  }
}

/// The floor: what a developer writes by hand with Observation, the same mutation in a method.
@MainActor
@Observable
final class ObservableCounter {
  var state = BenchState()

  func add(_ value: Int) {
    state = BenchFeature.transform(state, action: .add(value))
  }

  /// The same async work by hand: one task off the main actor per command, its result applied on the main actor.
  func addLater(_ value: Int) async {
    let result = await Task.detached { value }.value
    add(result)
  }

  func roundTrips(_ count: Int) async {
    for element in 0..<count { await addLater(element) }
  }
}

/// Seed 000's relay-based view store (`LoginViewStoreImpl`'s shape): `BehaviorRelay` state, `PublishRelay`
/// effects, `dispatchCommand` → `handleCommand` → `dispatchAction` → `transform` → `accept`.
///
/// `@unchecked Sendable`: the relays are thread-safe and the class has no other state; as in the seed, it is
/// driven from the main thread.
final class LegacyRelayStore: @unchecked Sendable {
  private let effectRelay = PublishRelay<Int>()
  private let stateRelay: BehaviorRelay<BenchState>

  init(initialState: BenchState) {
    stateRelay = BehaviorRelay(value: initialState)
  }

  var state: Driver<BenchState> { stateRelay.asDriver() }
  var effect: Signal<Int> { effectRelay.asSignal() }
  var currentState: BenchState { stateRelay.value }

  func dispatchCommand(_ command: BenchFeature.Command) {
    handleCommand(command)
  }

  private func dispatchAction(_ action: BenchFeature.Action) {
    stateRelay.accept(BenchFeature.transform(currentState, action: action))
  }

  private func dispatchEffect(_ effect: Int) {
    effectRelay.accept(effect)
  }

  private func handleCommand(_ command: BenchFeature.Command) {
    switch command {
    case .add(let value): dispatchAction(.add(value))
    case .addLater: preconditionFailure("not measured on the legacy store")
    case .emit(let value): dispatchEffect(value)
    }
  }
}

/// The suite's configuration with malloc counts kept as plain counts: package-benchmark would otherwise export a
/// count above 10,000 per iteration (the async round trip) in thousands.
private func storeConfiguration(mallocSlack slack: Int = 0) -> Benchmark.Configuration {
  var configuration = slack == 0 ? Suite.configuration : Suite.configuration(mallocSlack: slack)
  configuration.units = [.mallocCountTotal: .count]
  return configuration
}

/// Runs `body` on the main actor with the measurement around it, so the hop to the main actor is not measured.
func measureOnMainActor(_ benchmark: Benchmark, _ body: @escaping @MainActor @Sendable () -> Void) async {
  nonisolated(unsafe) let benchmark = benchmark  // used on the main actor only while this function awaits
  await MainActor.run {
    benchmark.startMeasurement()
    body()
    benchmark.stopMeasurement()
  }
}
