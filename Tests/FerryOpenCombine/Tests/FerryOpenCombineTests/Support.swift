import Ferry
import FerryOpenCombine
import Foundation
import OpenCombine

/// The error the tests' publishers and observables fail with.
struct TestError: Error, Equatable {
  let id: Int
}

/// A value guarded by a lock, for recording from any thread.
final class Locked<Value>: @unchecked Sendable {
  // `@unchecked Sendable`: `value` is only touched under `lock`.
  private var value: Value
  private let lock = NSLock()

  init(_ value: Value) { self.value = value }

  func withLock<R>(_ body: (inout Value) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }

  var current: Value { withLock { $0 } }
}

/// A one-way signal between tasks and threads, awaited without the wall clock.
struct Gate: Sendable {
  private let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() { (stream, continuation) = AsyncStream<Void>.makeStream() }

  /// Fires the signal (idempotent).
  func fire() {
    continuation.yield()
    continuation.finish()
  }

  /// Waits until the signal fired.
  func wait() async {
    for await _ in stream { return }
  }
}

/// A weak reference, to check that an object was released.
final class Weak<Object: AnyObject>: @unchecked Sendable {
  // `@unchecked Sendable`: set once on the test's thread before it is read.
  weak var object: Object?
  init(_ object: Object?) { self.object = object }
}

/// A Combine subscriber whose demand the test controls: it asks for `initialDemand` when subscribed and for
/// `demandPerElement` more from each `receive(_:)`, records everything, and checks that it never receives more than
/// it asked for and that no two calls overlap.
final class DemandSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
  // `@unchecked Sendable`: the mutable state is `state`, behind its lock.
  struct State {
    var subscription: (any Subscription)?
    var received: [Input] = []
    var completion: Subscribers.Completion<Failure>?
    var requested = Subscribers.Demand.none
    var overDelivered = false
    var overlapped = false
    var inCall = false
  }

  let combineIdentifier = CombineIdentifier()
  let state = Locked(State())
  private let initialDemand: Subscribers.Demand
  private let demandPerElement: Subscribers.Demand
  private let onReceive: (@Sendable (Input) -> Void)?

  init(
    initialDemand: Subscribers.Demand = .none, demandPerElement: Subscribers.Demand = .none,
    onReceive: (@Sendable (Input) -> Void)? = nil
  ) {
    self.initialDemand = initialDemand
    self.demandPerElement = demandPerElement
    self.onReceive = onReceive
  }

  func receive(subscription: any Subscription) {
    state.withLock {
      $0.subscription = subscription
      $0.requested += initialDemand
    }
    if initialDemand > .none { subscription.request(initialDemand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    state.withLock {
      if $0.inCall { $0.overlapped = true }
      $0.inCall = true
      if $0.requested == .none { $0.overDelivered = true } else { $0.requested -= 1 }
      $0.received.append(input)
      $0.requested += demandPerElement
    }
    onReceive?(input)
    state.withLock { $0.inCall = false }
    return demandPerElement
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    state.withLock {
      if $0.inCall { $0.overlapped = true }
      $0.completion = completion
    }
  }

  /// Asks for `demand` more.
  func request(_ demand: Subscribers.Demand) {
    let subscription = state.withLock { state -> (any Subscription)? in
      state.requested += demand
      return state.subscription
    }
    subscription?.request(demand)
  }

  func cancel() {
    let subscription = state.withLock { state -> (any Subscription)? in
      defer { state.subscription = nil }
      return state.subscription
    }
    subscription?.cancel()
  }

  var received: [Input] { state.current.received }
  var completion: Subscribers.Completion<Failure>? { state.current.completion }
  var isFinished: Bool {
    if case .finished? = completion { return true }
    return false
  }
}

/// Records an observable's events from any thread.
final class EventLog<Element>: @unchecked Sendable {
  // `@unchecked Sendable`: the events are behind their lock.
  let events = Locked<[Event<Element>]>([])
  func on(_ event: Event<Element>) { events.withLock { $0.append(event) } }
  var elements: [Element] { events.current.compactMap { if case .next(let e) = $0 { return e } else { return nil } } }
  var isCompleted: Bool {
    events.current.contains { if case .completed = $0 { return true } else { return false } }
  }
  var error: (any Error)? {
    for event in events.current { if case .error(let error) = event { return error } }
    return nil
  }
}

/// A non-`Sendable` value handed to exactly one other task, which alone uses it from then on.
///
/// `@unchecked Sendable`: by that hand-over, no two tasks use `value` at once.
struct Unchecked<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
