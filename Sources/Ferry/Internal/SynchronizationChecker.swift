#if DEBUG
import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif canImport(WinSDK)
import WinSDK
#endif

/// Debug-build detector of sources that break the Rx grammar by calling a sink's `on(_:)` from two threads at once.
///
/// Sinks whose unsynchronised state is safe only because `on(_:)` calls never overlap (the grammar) hold one and
/// bracket `on(_:)` with ``enter()`` / ``leave(_:)``. The whole type is compiled out of release builds, so the
/// hot paths pay nothing there.
///
/// What counts as overlapping, as in RxSwift's `SynchronizationTracker`:
/// - **another thread** inside `on(_:)` of the same sink: a data race on the sink's state. The process stops with
///   a message naming the operator (RxSwift only prints unless built with `FATAL_SYNCHRONIZATION`; a race is
///   undefined behaviour, so stopping at the first one is the useful choice in a debug build);
/// - **the same thread** calling `on(_:)` again from inside the observer (RxSwift's "reentrancy anomaly"): not a
///   race, and sometimes intended, so, as RxSwift does by default, a warning naming the operator is printed (to
///   standard error) and delivery goes on.
///
/// The owner is one atomic word holding the current thread's identifier (0 when no call is in progress), so the
/// check is a compare-and-swap on entry and a store on exit; it takes no lock and allocates nothing per event.
struct SynchronizationChecker: Sendable {
  private let owner = AtomicWord.make()
  /// The operator's public name, as in the preconditions (`take(_:)`, `Observable.create`).
  let operatorName: StaticString

  init(_ operatorName: StaticString) {
    self.operatorName = operatorName
  }

  /// Marks the start of an `on(_:)` call; returns whether this call is the outermost one on its thread (pass it to
  /// ``leave(_:)``). Stops the process if another thread is inside `on(_:)`.
  func enter() -> Bool {
    let me = Self.currentThreadID()
    while true {
      if owner.compareExchange(expected: 0, desired: me) { return true }
      let current = owner.load()
      if current == me {
        Self.warnReentrancy(operatorName)
        return false
      }
      // The other call may have left between the exchange and the load: try again.
      if current != 0 {
        fatalError(
          "Ferry: \(operatorName) received overlapping on(_:) calls from two threads. A source must deliver its "
            + "events one at a time (the Rx grammar); serialise the calls (a serial queue, a lock, or a subject or "
            + "relay, which serialise for you).")
      }
    }
  }

  /// Marks the end of the `on(_:)` call that ``enter()`` returned `outermost` for.
  func leave(_ outermost: Bool) {
    if outermost { owner.store(0) }
  }

  private static func warnReentrancy(_ operatorName: StaticString) {
    let message =
      "Ferry: warning: reentrancy anomaly in \(operatorName): on(_:) was called again from inside its observer "
      + "before the previous event was delivered. If this is intended, deliver the event asynchronously "
      + "(observe(on:)) or through a subject or relay, which queue re-entrant events.\n"
    FileHandle.standardError.write(Data(message.utf8))
  }

  /// A non-zero identifier of the calling thread, unique among running threads.
  private static func currentThreadID() -> Int {
    #if os(Windows)
    return Int(GetCurrentThreadId())
    #else
    return Int(bitPattern: pthread_self())
    #endif
  }
}
#endif
