import Dispatch
import Testing

@testable import Ferry

#if os(Linux) || os(Android)
import Glibc
import _FerryAtomics
#endif

/// Direct tests of the lock behind `LockedState` (`PlatformLock`; on Linux the futex word `ferry_lock`): mutual
/// exclusion and visibility across threads, and the contended path (spin, sleep, wake-up).
@Suite("LockedState")
struct LockedStateTests {
  /// Each thread increments the state and a plain counter outside it, under the lock. A lost update — or, under the
  /// thread sanitizer, a data race report on `outside` — would mean the lock does not exclude or does not order.
  @Test func excludesAndOrdersHoldersAcrossThreads() {
    final class Shared: @unchecked Sendable {
      // `@unchecked Sendable`: `outside` is only touched inside `state.withLock`.
      let state = LockedState(0)
      var outside = 0
    }
    let shared = Shared()
    let threads = 4
    let iterations = 20_000
    let finished = runOnThreads(threads) { _ in
      for _ in 0..<iterations {
        shared.state.withLock { value in
          value += 1
          shared.outside += 1
        }
      }
    }
    #expect(finished)
    #expect(shared.state.withLock { $0 } == threads * iterations)
    #expect(shared.state.withLock { _ in shared.outside } == threads * iterations)
  }

  /// Holders that keep the lock longer than a waiter spins: waiters mark the word contended and sleep in the kernel,
  /// and each unlock wakes one. Nothing is lost, every thread finishes (no lost wake-up), and the contended state is
  /// observed from inside the lock.
  @Test func contendedWaitersSleepAndAreWoken() {
    let state = LockedState((count: 0, sawContended: false))
    let threads = 4
    let iterations = 300
    let finished = runOnThreads(threads, timeout: 120) { _ in
      for _ in 0..<iterations {
        state.withLock { value in
          value.count += 1
          // Longer than the contended path's spin, so waiters go on to sleep.
          var work = 0
          for step in 0..<2_000 { work = work &+ step &* value.count }
          value.count += work == 1 ? 1 : 0
          #if os(Linux) || os(Android)
          // On a loaded machine the threads may take turns without ever meeting: until a waiter has been seen
          // asleep, the holder keeps the lock (yielding the processor) until another thread marks the word
          // contended. The other threads are all trying to take the lock, so one does; the deadline only bounds a
          // broken contended path, which the expectation below then reports.
          if !value.sawContended {
            let deadline = ContinuousClock.now + .seconds(60)
            while lockWord(state) != 2 && ContinuousClock.now < deadline { sched_yield() }
            if lockWord(state) == 2 { value.sawContended = true }
          }
          #endif
        }
      }
    }
    #expect(finished, "a waiter was never woken")
    let result = state.withLock { $0 }
    #expect(result.count == threads * iterations)
    #if os(Linux) || os(Android)
    #expect(result.sawContended, "the contended path (word 2: a waiter may sleep) was never taken")
    #endif
  }

  /// Not starved: a thread that takes the lock again as soon as it gives it up (it never leaves the lock free for
  /// long) does not keep a second thread out; the second gets its turns and both finish (bounded by the timeout).
  @Test func aWaiterIsNotStarvedByAHolderThatRetakesTheLockAtOnce() {
    let state = LockedState((hammer: 0, waiter: 0))
    let waiterDone = AtomicWord.make()
    let finished = runOnThreads(2, timeout: 60) { index in
      if index == 0 {
        while waiterDone.load() == 0 {
          state.withLock { $0.hammer += 1 }
        }
      } else {
        for _ in 0..<1_000 {
          state.withLock { $0.waiter += 1 }
        }
        waiterDone.store(1)
      }
    }
    #expect(finished, "the waiter was starved")
    #expect(state.withLock { $0.waiter } == 1_000)
  }

  /// A waiter that finds the lock held gets it once the holder gives it up (no lost wake-up), after the holder's
  /// writes.
  @Test func aWaiterProceedsAfterTheHolderUnlocks() {
    let state = LockedState([Int]())
    let holding = DispatchSemaphore(value: 0)
    let waiting = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let finished = runOnThreads(3) { index in
      switch index {
      case 0:
        state.withLock { value in
          holding.signal()
          // Blocking inside a lock, only here: the waiter must find it held.
          release.wait()
          value.append(1)
        }
      case 1:
        holding.wait()
        waiting.signal()
        state.withLock { $0.append(2) }
      default:
        waiting.wait()
        release.signal()
      }
    }
    #expect(finished, "the waiter was never woken")
    #expect(state.withLock { $0 } == [1, 2])
  }

  #if os(Linux) || os(Android)
  /// The word's states: 0 free, 1 held, 2 held with possible sleepers; an unlock always frees it.
  @Test func theWordGoesFreeHeldFree() {
    let state = LockedState(0)
    #expect(lockWord(state) == 0)
    state.withLock { _ in #expect(lockWord(state) == 1, "uncontended: one compare-and-swap to 1") }
    #expect(lockWord(state) == 0)
  }
  #endif
}

#if os(Linux) || os(Android)
/// The lock word of `state` (relaxed load).
private func lockWord<State>(_ state: LockedState<State>) -> UInt32 {
  state.buffer.withUnsafeMutablePointerToElements { ferry_lock_state($0) }
}
#endif
