import Ferry
import Foundation

/// A value behind a lock, for collecting results from any thread in tests.
final class LockedBox<Value>: @unchecked Sendable {
  // `@unchecked Sendable`: `value` is only touched under `lock`.
  private var value: Value
  private let lock = NSLock()

  init(_ value: Value) { self.value = value }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  var current: Value { withLock { $0 } }
}

/// A thread-safe observer that records every event it receives.
final class EventRecorder<Element>: ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: `events` is a `LockedBox`.
  let events = LockedBox<[Event<Element>]>([])

  func on(_ event: Event<Element>) { events.withLock { $0.append(event) } }

  var elements: [Element] { events.current.compactMap(\.element) }
  var isCompleted: Bool { events.current.contains { $0.isCompleted } }
  var error: (any Error)? { events.current.lazy.compactMap(\.error).first }
  var count: Int { events.current.count }
}

/// An error to send through sequences in tests.
struct TestError: Error, Equatable, CustomStringConvertible {
  var id = 0
  var description: String { "TestError(\(id))" }
}

/// A class whose deallocation tests can watch through a weak reference.
final class Tracked: @unchecked Sendable {
  let id: Int
  init(_ id: Int = 0) { self.id = id }
}

/// Runs `body(index)` on `count` dedicated threads and waits for all of them (at most `timeout` seconds).
///
/// Dedicated `Thread`s, not GCD or the cooperative pool: blocking a Swift Testing worker on GCD work starves a
/// 2-core machine. Returns `false` if the threads did not finish in time (the caller must fail the test).
@discardableResult
func runOnThreads(_ count: Int, timeout: Double = 60, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
  let done = DispatchSemaphore(value: 0)
  for index in 0..<count {
    let thread = Thread {
      body(index)
      done.signal()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  let deadline = DispatchTime.now() + timeout
  for _ in 0..<count where done.wait(timeout: deadline) == .timedOut { return false }
  return true
}

/// The process's resident memory in bytes (`/proc/self/statm`), or `nil` where that file does not exist.
func residentBytes() -> Int? {
  #if os(Linux)
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
  let fields = statm.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  #else
  return nil
  #endif
}
