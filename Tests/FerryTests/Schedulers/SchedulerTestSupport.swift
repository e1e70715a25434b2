import Dispatch
import Ferry
import Foundation
import Testing

/// A serial scheduler together with its queue, which carries a specific key so tests can check where code ran.
struct SerialQueueFixture {
  static let key = DispatchSpecificKey<String>()

  let scheduler: SerialDispatchQueueScheduler
  let queue: DispatchQueue
  let label: String

  init(label: String = "ferry.tests.serial") {
    var captured: DispatchQueue?
    scheduler = SerialDispatchQueueScheduler(
      internalSerialQueueName: label,
      serialQueueConfiguration: { queue in
        queue.setSpecific(key: SerialQueueFixture.key, value: label)
        captured = queue
      }
    )
    queue = captured!
    self.label = label
  }

  /// Whether the caller runs on this fixture's queue.
  var isCurrent: Bool { DispatchQueue.getSpecific(key: Self.key) == label }

  /// Blocks the queue until the returned semaphore is signalled.
  func block() -> DispatchSemaphore {
    let gate = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    queue.async {
      started.signal()
      gate.wait()
    }
    started.wait()
    return gate
  }

  /// Waits until everything enqueued so far has run.
  func drain() { queue.sync {} }
}

/// Suspends until `body` calls the signal it receives (once). Never blocks a thread of the shared pool.
func awaitSignal(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (@escaping @Sendable () -> Void) -> Void
) async {
  await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
    body { continuation.resume() }
  }
}

/// A scheduler that runs every action immediately on the calling thread (time-based actions run at once too).
struct ImmediateTestScheduler: SchedulerType {
  var now: RxTime { Date() }

  func schedule<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    action(state)
  }

  func scheduleRelative<StateType>(
    _ state: StateType,
    dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    action(state)
  }

  func schedulePeriodic<StateType>(
    _ state: StateType,
    startAfter: RxTimeInterval,
    period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    _ = action(state)
    return Disposables.create()
  }
}

/// A scheduler that queues actions until the test runs them (``run()``, ``run(_:)``), on the caller's thread.
///
/// With `runsInline: n`, the action scheduled by the `n`-th call (from 1) runs inside that call instead: as if
/// another thread ran it before `schedule` returned to its caller. Each action's disposable records whether the
/// operator disposed it (``disposables``).
final class ManualScheduler: SchedulerType, @unchecked Sendable {
  // `@unchecked Sendable`: `state` is a `LockedBox`; `inlineCall` is immutable.
  /// Every action scheduled so far, in order: its disposable, and what it runs until it is taken to run (`nil` for
  /// the inline one), so that a run action releases what it captured. `queued`: the indices still to run.
  private let state = LockedBox((actions: [(disposable: BooleanDisposable, run: (() -> Void)?)](), queued: [Int]()))
  private let inlineCall: Int?

  init(runsInline inlineCall: Int? = nil) { self.inlineCall = inlineCall }

  var now: RxTime { Date() }

  /// How many actions wait to run.
  var pendingCount: Int { state.current.queued.count }

  /// The disposable of every action scheduled so far, in order, the one that ran inline included.
  var disposables: [BooleanDisposable] { state.current.actions.map(\.disposable) }

  func schedule<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let box = UncheckedBox(state)
    let disposable = BooleanDisposable()
    let runsNow = self.state.withLock { state in
      if state.actions.count + 1 == inlineCall {
        state.actions.append((disposable, nil))
        return true
      }
      state.actions.append((disposable, { _ = action(box.value) }))
      state.queued.append(state.actions.count - 1)
      return false
    }
    if runsNow { _ = action(box.value) }
    return disposable
  }

  func scheduleRelative<StateType>(
    _ state: StateType,
    dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    schedule(state, action: action)
  }

  func schedulePeriodic<StateType>(
    _ state: StateType,
    startAfter: RxTimeInterval,
    period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    schedule(state) { state in
      _ = action(state)
      return Disposables.create()
    }
  }

  /// Runs the queued actions, and those they queue, in order until none is left; a disposed action is skipped.
  func run() {
    while let index = state.withLock({ $0.queued.isEmpty ? nil : $0.queued.removeFirst() }) {
      runUnlessDisposed(index)
    }
  }

  /// Runs the queued action scheduled `index`-th (from 0) now, unless the operator disposed it.
  func run(_ index: Int) {
    let wasQueued = state.withLock { state in
      guard let position = state.queued.firstIndex(of: index) else { return false }
      state.queued.remove(at: position)
      return true
    }
    #expect(wasQueued, "action \(index) is not queued: it ran already, or was never scheduled")
    if wasQueued { runUnlessDisposed(index) }
  }

  private func runUnlessDisposed(_ index: Int) {
    let (disposable, run) = state.withLock { state in
      defer { state.actions[index].run = nil }
      return state.actions[index]
    }
    if !disposable.isDisposed { run?() }
  }
}
