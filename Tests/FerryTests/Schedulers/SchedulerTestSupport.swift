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

/// A scheduler that queues actions until `run()` is called (on the caller's thread).
final class ManualScheduler: SchedulerType, @unchecked Sendable {
  // `@unchecked Sendable`: `queue` is a `LockedBox`.
  private let queue = LockedBox<[(BooleanDisposable, () -> Void)]>([])

  var now: RxTime { Date() }

  var pendingCount: Int { queue.current.count }

  func schedule<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let cancel = BooleanDisposable()
    let box = UncheckedBox(state)
    queue.withLock { $0.append((cancel, { _ = action(box.value) })) }
    return cancel
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

  /// Runs queued actions (including those they queue) until none is left.
  func run() {
    while let (cancel, action) = queue.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
      if !cancel.isDisposed { action() }
    }
  }
}
