import Foundation

/// A one-way flag shared between a producer task and the consumer of a benchmark.
///
/// `@unchecked Sendable`: `value` is only read and written under `lock`.
final class Flag: @unchecked Sendable {
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

  /// Yields until the flag is set (the producer runs on the cooperative pool, so it must not block a thread).
  func wait() async {
    while !isSet { await Task.yield() }
  }
}
