import Ferry
import FerryStore
import Foundation

// The cases whose work crosses threads or actors: a producer thread feeding `values`, the store's async work and its
// effects to an async consumer. Their instruction counts depend on how valgrind
// interleaves the threads, so only their allocations are gated (Callgrind/mallocs.tsv, with a slack for the
// suspensions that scheduling decides). They run in a task while the main thread runs the main run loop, which
// executes the main actor's jobs.

/// The names of the cases in this file.
let asyncCaseNames: Set<String> = [
  "values.relay.producerThread.unbounded", "values.relay.producerThread.newest", "values.relay.producerThread.oldest",
  "store.dispatchCommand.asyncWork", "store.effect.forAwait",
]

/// Runs the async case `name` over `count` elements; returns the sum of what its consumer saw.
func runAsyncCase(_ name: String, count: Int) async -> Int {
  switch name {
  case "values.relay.producerThread.unbounded": return await run_values_producerThread(.unbounded, count)
  case "values.relay.producerThread.newest": return await run_values_producerThread(.bufferingNewest(count), count)
  case "values.relay.producerThread.oldest": return await run_values_producerThread(.bufferingOldest(count), count)
  case "store.dispatchCommand.asyncWork": return await run_store_dispatchCommand_asyncWork(count)
  case "store.effect.forAwait": return await run_store_effect_forAwait(count)
  default: fatalError("not an async case: \(name)")
  }
}

/// A flag set by one thread and awaited by a task on another (the producer runs on the cooperative pool, so it yields
/// rather than block a thread).
final class Flag: @unchecked Sendable {
  // @unchecked Sendable: `value` is guarded by `lock`.
  private let lock = NSLock()
  private var value = false

  func set() {
    lock.lock()
    value = true
    lock.unlock()
  }

  var isSet: Bool {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  func wait() async {
    while !isSet { await Task.yield() }
  }
}

/// Elements the producers send around the measured ones: the consumer's loops end on them.
private enum Sentinel {
  static let ping = -1
  static let end = -2
  static let ready = -3
}

/// `relay.values(bufferingPolicy:)` with `accept` on another thread while the consumer awaits. The producer pings
/// until the consumer's subscription is in place, marks the end of the pings, waits, sends the elements, then
/// repeats the end sentinel until the consumer has seen it (a bounded policy may drop elements).
@inline(never) func run_values_producerThread(_ policy: ValuesBufferingPolicy, _ count: Int) async -> Int {
  let relay = PublishRelay<Int>()
  let subscribed = Flag()
  let go = Flag()
  let done = Flag()
  let producer = Task.detached {
    while !subscribed.isSet {
      relay.accept(Sentinel.ping)
      await Task.yield()
    }
    relay.accept(Sentinel.ready)
    await go.wait()
    for element in 0..<count { relay.accept(element) }
    while !done.isSet {
      relay.accept(Sentinel.end)
      await Task.yield()
    }
  }
  var iterator = relay.values(bufferingPolicy: policy).makeAsyncIterator()
  while let element = await iterator.next(), element != Sentinel.ping {}
  subscribed.set()
  while let element = await iterator.next(), element != Sentinel.ready {}
  go.set()
  var total = 0
  while let element = await iterator.next(), element != Sentinel.end { total &+= element }
  done.set()
  await producer.value
  return total
}

/// `await store.dispatchCommand(.addLater(x))`, one after the other: the handler starts one async work (the default
/// policy) that dispatches one action; `dispatchCommand` returns once the work has finished and its action is applied.
@inline(never) func run_store_dispatchCommand_asyncWork(_ count: Int) async -> Int {
  let store = await MainActor.run { Store(initialState: ScreenState(), feature: AsyncScreenFeature()) }
  return await store.roundTrips(count)
}

/// `for await` over `store.effect` off the main actor while the main actor sends commands that dispatch one effect
/// each. The producer pings until the consumer has seen a ping (an effect emitted before the iteration subscribes
/// reaches nobody).
@inline(never) func run_store_effect_forAwait(_ count: Int) async -> Int {
  let store = await MainActor.run { Store(initialState: ScreenState(), feature: AsyncScreenFeature()) }
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
  var effects = await store.effect.makeAsyncIterator()
  while let effect = await effects.next(), effect != Sentinel.ping {}
  subscribed.set()
  while let effect = await effects.next(), effect != Sentinel.ready {}
  go.set()
  var total = 0
  while let effect = await effects.next(), effect != Sentinel.end { total &+= effect }
  await producer.value
  return total
}

/// ``ScreenFeature`` with a command whose async work dispatches the action.
struct AsyncScreenFeature: StoreFeature {
  typealias State = ScreenState
  typealias Effect = Int

  enum Command: Sendable {
    case addLater(Int)
    case emit(Int)
  }

  typealias Action = ScreenFeature.Action

  static func transform(_ state: State, action: Action) -> State { ScreenFeature.transform(state, action: action) }

  @MainActor func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .addLater(let value): context.run { send in send.dispatchAction(.add(value)) }
    case .emit(let value): context.dispatchEffect(value)
    }
  }
}

extension Store where Feature == AsyncScreenFeature {
  /// `count` async round trips, awaited one after the other on the main actor; returns the state's total.
  fileprivate func roundTrips(_ count: Int) async -> Int {
    for element in 0..<count { await dispatchCommand(.addLater(element)) }
    return currentState.total
  }
}
