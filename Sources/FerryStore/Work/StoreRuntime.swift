import Ferry

/// What a store's async work sends back to the main actor, in the order it sent it.
package enum StoreOutput<Feature: StoreFeature>: Sendable {
  case action(Feature.Action)
  case effect(Feature.Effect)
  case command(Feature.Command)
  /// An error thrown by the work started with `workID` (`nil`: started without an id).
  case failure(any Error, workID: WorkID?)
}

/// The id a work was started with, carried to `handleError`.
package struct WorkID: @unchecked Sendable {
  // @unchecked Sendable: every id is built from a `Hashable & Sendable` value (`run(id:)`) or an array of such ids (a
  // scope's), and is never mutated.
  let value: AnyHashable
}

/// The part of a store that its async work reaches from other threads: the work bookkeeping
/// (``WorkStateMachine``) and the inbox of outputs waiting for the main actor, behind one lock.
package final class StoreRuntime<Feature: StoreFeature>: @unchecked Sendable {
  // @unchecked Sendable: `state` is a `LockedState`; `store` is a weak reference written once, in `Store.init`, before
  // the runtime is shared, and weak references load atomically; the other properties are immutable.
  struct State {
    var work = WorkStateMachine()
    var inbox: [StoreOutput<Feature>] = []
    /// When each output in `inbox` was sent, on the store's clock; kept only for a store that does not drain
    /// automatically (a test store asserts when an output arrived).
    var inboxTimes: [Duration] = []
    var drainScheduled = false
  }

  let state = LockedState(State())
  let clock: StoreClock
  /// Whether outputs are applied by a main-actor drain the runtime schedules (apps) or pulled one by one
  /// (`TestStore`, which applies them when the test receives them).
  package let drainsAutomatically: Bool
  weak var store: Store<Feature>?

  init(clock: StoreClock, drainsAutomatically: Bool) {
    self.clock = clock
    self.drainsAutomatically = drainsAutomatically
  }

  /// Queues `output` of the work `token` (dropped if that work was cancelled or the store released).
  func send(_ output: StoreOutput<Feature>, from token: UInt64) {
    let sentAt = drainsAutomatically ? nil : clock.now()
    let scheduleDrain = state.withLock { state -> Bool? in
      guard state.work.isLive(token) else { return nil }
      state.inbox.append(output)
      if let sentAt { state.inboxTimes.append(sentAt) }
      guard drainsAutomatically, !state.drainScheduled else { return false }
      state.drainScheduled = true
      return true
    }
    if scheduleDrain == true {
      Task { @MainActor [weak store] in store?.drainInbox() }
    }
  }

  /// Takes every queued output (and allows the next `send` to schedule a drain).
  func takeInbox() -> [StoreOutput<Feature>] {
    state.withLock { state in
      state.drainScheduled = false
      guard !state.inbox.isEmpty else { return [] }
      defer { state.inbox = [] }
      return state.inbox
    }
  }

  /// Takes the oldest queued output.
  package func takeNextOutput() -> StoreOutput<Feature>? {
    takeNextStampedOutput()?.output
  }

  /// Takes the oldest queued output with the time it was sent on the store's clock (`nil` for a store that drains
  /// automatically).
  package func takeNextStampedOutput() -> (output: StoreOutput<Feature>, sentAt: Duration?)? {
    state.withLock { state in
      guard !state.inbox.isEmpty else { return nil }
      let sentAt = state.inboxTimes.isEmpty ? nil : state.inboxTimes.removeFirst()
      return (state.inbox.removeFirst(), sentAt)
    }
  }

  /// The queued outputs, oldest first (for a test's failure message).
  package var queuedOutputs: [StoreOutput<Feature>] { state.withLock { $0.inbox } }

  /// The number of works waiting or running.
  package var liveWorkCount: Int { state.withLock { $0.work.liveCount } }

  /// Cancels every work with `id`.
  func cancel(id: AnyHashable) {
    cancelTasks { $0.cancel(id: id) }
  }

  /// Cancels every work whose id satisfies `matches` (`nil` for work without an id).
  func cancel(where matches: (AnyHashable?) -> Bool) {
    cancelTasks { $0.cancel(where: matches) }
  }

  /// Cancels the works `tokens`.
  func cancel(tokens: [UInt64]) {
    cancelTasks { work in tokens.compactMap { work.cancel(token: $0) } }
  }

  /// Cancels every work; the store keeps running.
  package func cancelAllWork() {
    cancelTasks { $0.cancelAll() }
  }

  /// Decides under the lock which works end, and cancels their tasks after unlocking.
  private func cancelTasks(_ decide: (inout WorkStateMachine) -> [Task<Void, Never>]) {
    let tasks = state.withLock { decide(&$0.work) }
    for task in tasks { task.cancel() }
  }

  /// Cancels all work, refuses new work and drops the queued outputs (the store is gone or cancelled).
  package func close() {
    let (tasks, dropped) = state.withLock { state in
      defer {
        state.inbox = []
        state.inboxTimes = []
      }
      return (state.work.close(), state.inbox)
    }
    for task in tasks { task.cancel() }
    // Released here, after the lock and the cancellations (an output's deinit may run user code).
    withExtendedLifetime(dropped) {}
  }

  package var isClosed: Bool { state.withLock { $0.work.isClosed } }

  /// Starts `operation` under `policy`; returns its token and task, or `nil` if the policy dropped it.
  func start(
    id: AnyHashable?, policy: WorkPolicy, priority: TaskPriority?,
    operation: @escaping @Sendable (StoreSend<Feature>) async throws -> Void
  ) -> (token: UInt64, task: Task<Void, Never>)? {
    let now = clock.now()
    let action = state.withLock { $0.work.start(id: id, policy: policy, now: now) }
    guard case .start(let token, let superseded, let after, let delay) = action else { return nil }
    for task in superseded { task.cancel() }
    let send = StoreSend<Feature>(
      output: { [self] in self.send($0, from: token) },
      isLive: { [self] in self.state.withLock { $0.work.isLive(token) } })
    let workID = id.map(WorkID.init)
    let task = startBridgeTask(priority: priority) { [self] in
      await self.run(token, id: workID, after: after, delay: delay, send: send, operation: operation)
    }
    let attached = state.withLock { $0.work.attach(task, to: token) }
    if !attached { task.cancel() }
    return (token, task)
  }

  private func run(
    _ token: UInt64, id: WorkID?, after: Task<Void, Never>?, delay: Duration?, send: StoreSend<Feature>,
    operation: @Sendable (StoreSend<Feature>) async throws -> Void
  ) async {
    defer { state.withLock { $0.work.finish(token) } }
    if let after { await after.value }
    if let delay {
      do { try await clock.sleep(delay) } catch { return }
    }
    let now = clock.now()
    guard !Task.isCancelled, state.withLock({ $0.work.begin(token, now: now) }) else { return }
    do {
      try await operation(send)
    } catch {
      // Cancellation is how superseded or released work ends: never reported.
      guard !(error is CancellationError), !Task.isCancelled else { return }
      self.send(.failure(error, workID: id), from: token)
    }
  }
}

/// The store's clock, type-erased: sleeping and reading the time since the store was created.
///
/// Any duration is honoured, however long (`.debounce(.seconds(Int64.max))` waits for ever, until cancelled):
/// a wait longer than ``longestSleep`` sleeps in steps of at most that, since a clock's `now.advanced(by:)` traps
/// when the deadline does not fit its instant (`ContinuousClock` stores whole seconds in an `Int64`).
package struct StoreClock: Sendable {
  /// The longest single sleep asked of the clock: 100 years (365-day), far from any clock's limit.
  package static let longestSleep = Duration.seconds(100 * 365 * 86_400)

  let sleep: @Sendable (Duration) async throws -> Void
  let now: @Sendable () -> Duration

  package init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let origin = clock.now
    sleep = { duration in
      var remaining = duration
      repeat {
        let step = min(remaining, Self.longestSleep)
        try await clock.sleep(until: clock.now.advanced(by: step), tolerance: nil)
        remaining -= step
      } while remaining > .zero
    }
    now = { origin.duration(to: clock.now) }
  }

  /// A clock made of its two operations (a test store's, which checks each duration against its tick).
  package init(
    sleep: @escaping @Sendable (Duration) async throws -> Void, now: @escaping @Sendable () -> Duration
  ) {
    self.sleep = sleep
    self.now = now
  }
}
