import FerryTesting
import Foundation

/// The smallest `VirtualTimeScheduling`: a queue of actions ordered by (time, order of scheduling), run by
/// `start()` / `advance(to:)` on the calling thread. Lets the async virtual-time tests run without `TestScheduler`.
final class MiniVirtualScheduler: VirtualTimeScheduling, @unchecked Sendable {
  // `@unchecked Sendable`: all mutable state is guarded by `lock`; actions run outside it.
  private let lock = NSLock()
  private var now: TestTime = 0
  private var sequence = 0
  private var queue: [(time: TestTime, order: Int, action: @Sendable () -> Void)] = []

  var virtualNow: TestTime { lock.withLock { now } }

  func scheduleVirtual(at time: TestTime, _ action: @escaping @Sendable () -> Void) {
    lock.withLock {
      sequence += 1
      queue.append((max(time, now), sequence, action))
    }
  }

  /// Runs every action up to and including `time`, then sets the clock to `time`.
  func advance(to time: TestTime) {
    while let action = popDue(upTo: time) { action() }
    lock.withLock { now = max(now, time) }
  }

  /// Runs until no action is left.
  func start() { advance(to: .max - 1) }

  private func popDue(upTo limit: TestTime) -> (@Sendable () -> Void)? {
    lock.withLock {
      guard
        let index = queue.indices.min(by: { (queue[$0].time, queue[$0].order) < (queue[$1].time, queue[$1].order) }),
        queue[index].time <= limit
      else { return nil }
      let entry = queue.remove(at: index)
      now = max(now, entry.time)
      return entry.action
    }
  }
}
