import Ferry
import FerryStore
import FerryTesting
import Testing

/// A feature whose work iterates an observable's `values`, which throws `CancellationError` when cancelled.
struct ValuesWatchFeature: StoreFeature {
  struct State: Equatable, Sendable {
    var seen: [Int] = []
  }

  enum Command: Sendable, Equatable {
    case watch
    case stop
  }

  enum Action: Sendable, Equatable {
    case seen(Int)
  }

  enum Effect: Sendable, Equatable {
    case failed(String)
  }

  let source: Observable<Int>

  static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .seen(let value): state.seen.append(value)
    }
    return state
  }

  func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .watch:
      context.run(id: "watch") { [source] send in
        for try await value in source.values { send.dispatchAction(.seen(value)) }
      }
    case .stop:
      context.cancel(id: "watch")
    }
  }

  func handleError(_ error: any Error, in context: StoreContext<Self>) {
    context.dispatchEffect(.failed("\(error)"))
  }
}

@Suite("store work over values")
@MainActor
struct ValuesWorkCancellationTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func cancellingWorkThatIteratesValuesIsSilent() async {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let source = scheduler.createHotObservable([.next(10, 1), .next(20, 2), .next(40, 3)])
    let store = TestStore(
      initialState: ValuesWatchFeature.State(), feature: ValuesWatchFeature(source: source.asObservable()),
      scheduler: scheduler)
    await store.send(.watch)
    await store.receive(.seen(1)) { $0.seen = [1] }
    await store.receive(.seen(2)) { $0.seen = [1, 2] }
    await store.advance(to: 30)
    // The loop throws `CancellationError`: the store reports nothing (exhaustive: an error or a `.failed` effect
    // would fail `finish()`).
    await store.send(.stop)
    #expect(store.inFlightWorkCount == 0)
    await store.finish()
    #expect(source.subscriptions == [Subscription(0, 30)])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theSourcesErrorIsStillReported() async {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let source = scheduler.createHotObservable([.next(10, 1), .error(20, TestFailure(message: "down"))])
    let store = TestStore(
      initialState: ValuesWatchFeature.State(), feature: ValuesWatchFeature(source: source.asObservable()),
      scheduler: scheduler)
    await store.send(.watch)
    await store.receive(.seen(1)) { $0.seen = [1] }
    await store.receiveError(TestFailure(message: "down"))
    await store.receiveEffect(.failed("down"))
    await store.finish()
  }
}
