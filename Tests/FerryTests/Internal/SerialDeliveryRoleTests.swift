import Dispatch
import Foundation
import Testing

@testable import Ferry

/// Direct tests of the compare-and-swap emitter role: the word's transitions, mutual exclusion across
/// threads, and how `SubjectCore` hands work between the uncontended path and the lock.
@Suite("SerialDeliveryRole")
struct SerialDeliveryRoleTests {
  typealias Role = SerialDeliveryRole
  static let held = Role(bits: Role.held)
  static let heldPending = Role(bits: Role.held | Role.pending)
  /// A thread token (an aligned address).
  static let token: UInt = 0x7f00_1234_5678

  @Test func uncontendedTakeAndGiveBackOnlyFromTheirExactStates() {
    let taken = Role.idle.takenFast(by: Self.token)
    #expect(taken == Role.heldFast(by: Self.token))
    #expect(taken?.isHeld == true && taken?.isPending == false && taken?.holder == Self.token)
    #expect(Self.held.takenFast(by: Self.token) == nil, "a held role cannot be taken")
    #expect(Role.heldFast(by: Self.token).takenFast(by: Self.token) == nil, "not even by its holder")
    #expect(Role(bits: Role.stopped).takenFast(by: Self.token) == nil, "a stopped subject closes the uncontended path")
    #expect(Self.held.releasedFast == .idle)
    #expect(Role.heldFast(by: Self.token).releasedFast == .idle)
    #expect(Self.heldPending.releasedFast == nil, "a pending delivery is given back under the lock")
    #expect(Role.idle.releasedFast == nil)
  }

  @Test func theLockSideReadsTheUncontendedHolderAndForgetsItOnRelease() {
    let claimed = Role.heldFast(by: Self.token).claimed
    #expect(!claimed.took)
    #expect(claimed.role.holder == Self.token, "claiming the holder's delivery keeps its name")
    #expect(claimed.role.isPending)
    #expect(claimed.role.markedStopped.holder == Self.token)
    #expect(claimed.role.releasedUnderLock == .idle, "given back under the lock: nobody holds it")
    #expect(Role.idle.claimed.role.holder == 0, "taken under the lock: the lock side knows its holder")
  }

  @Test func claimUnderTheLockTakesAFreeRoleOrMarksTheHoldersDeliveryPending() {
    let fromIdle = Role.idle.claimed
    #expect(fromIdle.took)
    #expect(fromIdle.role == Self.heldPending)
    let fromHolder = Self.held.claimed
    #expect(!fromHolder.took, "the uncontended holder keeps the role")
    #expect(fromHolder.role == Self.heldPending)
    let fromStopped = Role(bits: Role.stopped).claimed
    #expect(fromStopped.took)
    #expect(fromStopped.role.isStopped && fromStopped.role.isPending && fromStopped.role.isHeld)
  }

  @Test func stopAndReleaseUnderTheLockKeepOnlyTheStopBit() {
    let stopped = Self.heldPending.markedStopped
    #expect(stopped.isStopped && stopped.isPending && stopped.isHeld)
    #expect(stopped.releasedFast == nil)
    #expect(stopped.releasedUnderLock == Role(bits: Role.stopped))
    #expect(Self.heldPending.releasedUnderLock == .idle)
  }

  @Test func theWordAppliesTheTransitions() {
    let word = SerialDeliveryRoleWord()
    defer { word.deallocate() }
    #expect(word.takeFast(by: Self.token))
    #expect(word.role.holder == Self.token)
    #expect(!word.takeFast(by: Self.token))
    #expect(word.releaseFast(by: Self.token))
    #expect(word.role == .idle)
    #expect(word.takeFast(by: Self.token))
    #expect(!word.claim(), "claiming a held role marks it pending")
    #expect(!word.releaseFast(by: Self.token), "a pending role is not given back by compare-and-swap")
    word.markStopped()
    word.releaseUnderLock()
    #expect(word.role == Role(bits: Role.stopped))
    #expect(!word.takeFast(by: Self.token))
    #expect(word.claim())
    word.releaseUnderLock()
    #expect(word.role == Role(bits: Role.stopped))
  }

  /// Mutual exclusion and visibility: each holder increments a plain (non-atomic) counter. A lost update, or a data
  /// race reported by the thread sanitizer, would mean the compare-and-swap pairs do not order the holders.
  @Test func theRoleExcludesAndOrdersHoldersAcrossThreads() {
    final class Shared: @unchecked Sendable {
      // `@unchecked Sendable`: `counter` is only touched while holding `word`'s role.
      let word = SerialDeliveryRoleWord()
      let lock = NSLock()
      var counter = 0
      deinit { word.deallocate() }
    }
    let shared = Shared()
    let successes = LockedBox(0)
    let finished = runOnThreads(4) { index in
      let token = SerialDelivery.threadToken()
      var mine = 0
      for _ in 0..<5_000 {
        if index == 0 {
          // One thread takes the role the contended way, under a lock, as SubjectCore's slow path does.
          shared.lock.lock()
          if shared.word.claim() {
            shared.counter += 1
            mine += 1
            shared.word.releaseUnderLock()
          } else {
            // Claimed a holder's delivery: give the pending mark back once it is ours (the holder now drains it).
            shared.lock.unlock()
            continue
          }
          shared.lock.unlock()
        } else if shared.word.takeFast(by: token) {
          shared.counter += 1
          mine += 1
          if !shared.word.releaseFast(by: token) {
            shared.lock.lock()
            shared.word.releaseUnderLock()
            shared.lock.unlock()
          }
        }
      }
      successes.withLock { $0 += mine }
    }
    #expect(finished)
    #expect(shared.counter == successes.current)
    #expect(shared.word.role == .idle)
  }

  @Test func aSubjectGivesTheRoleBackAfterEveryKindOfDelivery() {
    let subject = PublishSubject<Int>()
    let core = subject.core
    var received: [Int] = []
    let subscription = subject.subscribe(onNext: { value in
      if value == 1 { subject.onNext(2) }  // re-entrant: queued, delivered after, through the lock
    })
    let recorder = EventRecorder<Int>()
    let second = subject.subscribe(recorder)
    subject.onNext(1)
    received = recorder.elements
    #expect(received == [1, 2])
    #expect(core.role.role == .idle, "the role is free after a drained re-entrant send")
    #expect(!core.state.withLock { $0.delivery.isDelivering })
    subject.onCompleted()
    #expect(core.role.role == Role(bits: Role.stopped))
    subject.onNext(3)
    #expect(recorder.elements == [1, 2], "the uncontended path is closed after a stop")
    subscription.dispose()
    second.dispose()
  }

  /// A subscription disposed on another thread while the role holder delivers stops at once, and leaves the list
  /// (releasing its observer) as soon as the delivery in progress ends — queued behind the role, never waiting.
  @Test func disposeDuringAnotherThreadsDeliveryIsQueuedAndReleasesAfterIt() {
    let relay = PublishRelay<Int>()
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let blocker = relay.subscribe(onNext: { value in
      if value == 1 {
        entered.signal()
        proceed.wait()
      }
    })
    weak var weakTracked: Tracked?
    let seen = LockedBox<[Int]>([])
    var disposable: (any Disposable)?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      disposable = relay.subscribe(onNext: { value in seen.withLock { $0.append(value + tracked.id) } })
    }
    let delivered = DispatchSemaphore(value: 0)
    let thread = Thread {
      relay.accept(1)
      delivered.signal()
    }
    thread.start()
    entered.wait()
    disposable?.dispose()
    disposable = nil
    #expect(weakTracked != nil, "the holder still owns the list: the removal is queued")
    #expect(relay.subject.core.state.withLock { $0.delivery.queuedCount } == 1)
    proceed.signal()
    delivered.wait()
    #expect(weakTracked == nil, "the holder removed and released the observer when its delivery ended")
    #expect(seen.current.isEmpty, "no delivery after dispose()")
    relay.accept(2)
    #expect(seen.current.isEmpty)
    #expect(relay.subject.core.role.role == .idle)
    blocker.dispose()
    #expect(!relay.subject.hasObservers)
  }

  @Test func behaviorRelayValueAndDeliveryAgreeAfterReentrantAccepts() {
    let relay = BehaviorRelay(value: 0)
    let recorder = EventRecorder<Int>()
    let subscription = relay.subscribe(onNext: { value in
      if value == 1 {
        relay.accept(2)
        // Accepted (queued) re-entrantly: `value` is already the newest element.
        #expect(relay.value == 2)
      }
    })
    let recording = relay.subscribe(recorder)
    relay.accept(1)
    #expect(relay.value == 2)
    #expect(recorder.elements == [0, 1, 2])
    #expect(relay.subject.core.role.role == .idle)
    subscription.dispose()
    recording.dispose()
  }

  /// What an uncontended `accept` replaces (the latest value and the replay slot it evicts, here the last reference
  /// to the old element) is released by the role holder while counted as delivering: a `deinit` that accepts into
  /// the same relay is queued behind it. Released before that, the send would wait (on a background thread) for the
  /// role its own thread holds — a deadlock, caught by the timeout (checked by moving the release).
  @Test func aReplacedValueWhoseDeinitAcceptsIsQueuedNotDeadlocked() {
    final class Box: @unchecked Sendable {
      // `@unchecked Sendable`: `onDeinit` is immutable.
      let onDeinit: @Sendable () -> Void
      init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
      deinit { onDeinit() }
    }
    let relay = BehaviorRelay<Box?>(value: nil)
    let deliveries = LockedBox<[Bool]>([])
    let subscription = relay.subscribe(onNext: { box in deliveries.withLock { $0.append(box != nil) } })
    let finished = runOnThreads(1, timeout: 10) { _ in
      relay.accept(Box { [weak relay] in relay?.accept(nil) })
      relay.accept(nil)
    }
    #expect(finished, "releasing the replaced value deadlocked")
    #expect(deliveries.current == [false, true, false, false])
    #expect(relay.subject.core.role.role == .idle)
    subscription.dispose()
  }
}
