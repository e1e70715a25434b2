import Dispatch
import Foundation
import Testing

@testable import Ferry

/// The serial-delivery engine's waits end: a producer waits for its turn at most `SerialDelivery.waitLimit`, and a
/// re-entrant send never waits for its own thread, however long the queue.
@Suite("Serial delivery: bounded waits", .timeLimit(.minutes(1)))
struct SerialDeliveryBoundedWaitTests {
  /// A thread holding a lock subscribes to a `ReplaySubject` while another thread's subscriber, in its replay,
  /// waits for that lock. The subscription waits for its replay's turn, which cannot come while the lock is held:
  /// after the wait limit it stops waiting (its replay stays queued, in order), returns, the caller unlocks, and
  /// the replay reaches it from the emitting thread. Without the limit, the two threads wait for each other until
  /// the observer's own 30-second timeout.
  @Test func aSubscriptionWaitingForItsReplayStopsWaitingAfterTheLimit() {
    let subject = ReplaySubject<Int>.create(bufferSize: 1)
    subject.onNext(1)
    let foreignLock = NSLock()
    let lockTaken = DispatchSemaphore(value: 0)
    let replayStarted = DispatchSemaphore(value: 0)
    let observerGotTheLock = LockedBox(false)
    let lateSubscriberReceived = LockedBox([Int]())
    let holderReturned = DispatchSemaphore(value: 0)
    let emitterReturned = DispatchSemaphore(value: 0)
    let subscriptions = LockedBox([any Disposable]())
    let waited = LockedBox(0.0)

    Thread.detachNewThread {
      foreignLock.lock()
      lockTaken.signal()
      _ = replayStarted.wait(timeout: .now() + 30)
      let start = DispatchTime.now().uptimeNanoseconds
      let subscription = subject.subscribe(onNext: { value in lateSubscriberReceived.withLock { $0.append(value) } })
      waited.withLock { $0 = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
      foreignLock.unlock()
      subscriptions.withLock { $0.append(subscription) }
      holderReturned.signal()
    }
    Thread.detachNewThread {
      _ = lockTaken.wait(timeout: .now() + 30)
      let subscription = subject.subscribe(onNext: { _ in
        replayStarted.signal()
        if foreignLock.lock(before: Date().addingTimeInterval(30)) {
          observerGotTheLock.withLock { $0 = true }
          foreignLock.unlock()
        }
      })
      subscriptions.withLock { $0.append(subscription) }
      emitterReturned.signal()
    }
    #expect(holderReturned.wait(timeout: .now() + 40) == .success, "the subscription holding the lock returned")
    #expect(emitterReturned.wait(timeout: .now() + 40) == .success, "the replaying subscription returned")
    #expect(observerGotTheLock.current, "the replaying observer got the lock: the other subscription stopped waiting")
    #expect(waited.current < 10, "the subscription waited \(waited.current) s, not the observer's 30 s timeout")
    // Its replay was delivered by the emitting thread, before it gave the role back; then live elements follow.
    #expect(lateSubscriberReceived.current == [1])
    subject.onNext(2)
    #expect(lateSubscriberReceived.current == [1, 2])
    for subscription in subscriptions.current { subscription.dispose() }
  }

  /// An observer that sends to its own relay, first from the uncontended delivery and then from the drain of the
  /// queue it built, queues far more than `SerialDelivery.backlogLimit` sends: none of them waits (it would wait for
  /// its own thread, `waitLimit` per send), and all arrive in order.
  @Test func reentrantSendsBeyondTheBacklogLimitNeverWait() {
    let relay = PublishRelay<Int>()
    let burst = SerialDelivery.backlogLimit + 500
    let received = LockedBox([Int]())
    let subscription = relay.subscribe(onNext: { value in
      received.withLock { $0.append(value) }
      // Element 0 arrives on the uncontended path, element `burst` while this thread drains the queue.
      if value == 0 || value == burst {
        for next in (value + 1)...(value + burst) { relay.accept(next) }
      }
    })
    relay.accept(0)
    #expect(received.current == Array(0...(2 * burst)))
    subscription.dispose()
  }
}
