import Dispatch
import Ferry
import Foundation
import Testing

@Suite("Thread safety of the core")
struct ThreadSafetyTests {
  /// Many threads subscribe and dispose while another emits: no crash, no deadlock, and nothing is delivered to a
  /// subscription after `dispose()` returned on the disposing thread.
  @Test func subscribeAndDisposeWhileEmitting() {
    let relay = PublishRelay<Int>()
    let stop = AtomicFlag()
    let violations = LockedBox(0)
    let emitter = DispatchSemaphore(value: 0)
    let thread = Thread {
      // Bounded: the emitting thread also drains what others queue, so it must not run forever.
      var value = 0
      while !stop.isSet && value < 2_000_000 {
        relay.accept(value)
        value += 1
      }
      emitter.signal()
    }
    thread.start()
    let finished = runOnThreads(4) { _ in
      for _ in 0..<100 {
        let disposed = AtomicFlag()
        let subscription = relay.map { $0 * 2 }.filter { $0 >= 0 }.subscribe(onNext: { _ in
          if disposed.isSet { violations.withLock { $0 += 1 } }
        })
        subscription.dispose()
        disposed.set()
      }
    }
    stop.set()
    #expect(finished)
    #expect(emitter.wait(timeout: .now() + 60) == .success)
    #expect(violations.current == 0)
  }

  /// Serialised delivery: concurrent `accept` calls never overlap inside one observer and none is lost.
  @Test func concurrentAcceptIsSerialisedAndLossless() {
    let relay = PublishRelay<Int>()
    let inside = AtomicFlag()
    let overlaps = LockedBox(0)
    let received = LockedBox<[Int]>([])
    let subscription = relay.subscribe(onNext: { value in
      if inside.testAndSet() { overlaps.withLock { $0 += 1 } }
      received.withLock { $0.append(value) }
      inside.clear()
    })
    let finished = runOnThreads(8) { thread in
      for index in 0..<2_000 { relay.accept(thread * 10_000 + index) }
    }
    #expect(finished)
    subscription.dispose()
    #expect(overlaps.current == 0)
    let values = received.current
    #expect(values.count == 16_000)
    // Each producer's elements arrive in the order it sent them.
    for thread in 0..<8 {
      let mine = values.filter { $0 / 10_000 == thread }
      #expect(mine == (0..<2_000).map { thread * 10_000 + $0 })
    }
  }
}

/// A test-local atomic flag built on a lock (tests do not use Ferry's internals).
final class AtomicFlag: @unchecked Sendable {
  // `@unchecked Sendable`: `value` is only touched under `box`'s lock.
  private let box = LockedBox(false)
  var isSet: Bool { box.current }
  func set() { box.withLock { $0 = true } }
  func clear() { box.withLock { $0 = false } }
  /// Sets the flag and returns whether it was already set.
  func testAndSet() -> Bool {
    box.withLock { value in
      defer { value = true }
      return value
    }
  }
}
