import Dispatch
import Foundation
import Testing

@testable import Ferry

/// Seconds since an arbitrary origin, monotonic.
private func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// Bounded-time stress tests of the serial-delivery engine: 8 busy producers, one relay.
///
/// What they pin down: nothing is lost, reordered or overlapping; no `accept()` delivers other threads' work
/// (producers that find delivery busy wait their turn), so the worst single `accept()` stays short and the queue
/// stays empty; main-queue delivery hands the main queue back between bounded batches.
@Suite("Serial delivery under load", .timeLimit(.minutes(2)))
struct SerialDeliveryStressTests {
  static let producers = 8
  static let perProducer = 20_000

  @Test func eightProducersIntoOneRelayStayFairAndBounded() {
    let relay = PublishRelay<Int>()
    let core = relay.subject.core
    let inDelivery = LockedBox(false)
    let overlapped = LockedBox(false)
    let lastPerProducer = LockedBox([Int](repeating: -1, count: Self.producers))
    let outOfOrder = LockedBox(false)
    let delivered = LockedBox(0)
    let maxQueued = LockedBox(0)
    let subscription = relay.subscribe(onNext: { value in
      if inDelivery.withLock({ flag in
        defer { flag = true }
        return flag
      }) {
        overlapped.withLock { $0 = true }
      }
      let producer = value / Self.perProducer
      lastPerProducer.withLock { last in
        if value <= last[producer] { outOfOrder.withLock { $0 = true } }
        last[producer] = value
      }
      // Called from inside delivery, so the lock is free: how much work waits for this emitter.
      let queued = core.state.withLock { $0.delivery.queuedCount }
      maxQueued.withLock { $0 = max($0, queued) }
      delivered.withLock { $0 += 1 }
      inDelivery.withLock { $0 = false }
    })
    let worstAccept = LockedBox(0.0)
    let finished = runOnThreads(Self.producers, timeout: 90) { producer in
      var worst = 0.0
      for index in 0..<Self.perProducer {
        let start = now()
        relay.accept(producer * Self.perProducer + index)
        worst = max(worst, now() - start)
      }
      worstAccept.withLock { $0 = max($0, worst) }
    }
    subscription.dispose()
    print(
      "stress: 8 producers into one PublishRelay: delivered \(delivered.current), most queued \(maxQueued.current),"
        + " worst accept() \(Int(worstAccept.current * 1_000)) ms")
    #expect(finished, "the producers finished")
    #expect(delivered.current == Self.producers * Self.perProducer, "nothing lost")
    #expect(!overlapped.current, "deliveries never overlap")
    #expect(!outOfOrder.current, "each producer's elements arrive in order")
    #expect(maxQueued.current == 0, "other threads' sends are never handed to the emitter")
    // Before the engine's back-pressure, the emitter drained everything the others queued meanwhile (123,950
    // elements queued, one `accept()` took 2 s). The queue check above is the deterministic form; the time bound
    // is a liveness check, loose enough for a loaded 2-core machine under the thread sanitizer.
    #expect(worstAccept.current < 5.0, "worst single accept() took \(worstAccept.current) s")
  }

  @Test func reentrantSendsAreStillQueuedUnderLoad() {
    let relay = PublishRelay<Int>()
    let inDelivery = LockedBox(false)
    let overlapped = LockedBox(false)
    let echoes = LockedBox(0)
    let subscription = relay.subscribe(onNext: { [weak relay] value in
      if inDelivery.withLock({ flag in
        defer { flag = true }
        return flag
      }) {
        overlapped.withLock { $0 = true }
      }
      if value >= 0 {
        // Re-entrant: queued behind this delivery, never nested and never blocking.
        relay?.accept(-1)
      } else {
        echoes.withLock { $0 += 1 }
      }
      inDelivery.withLock { $0 = false }
    })
    let finished = runOnThreads(4, timeout: 60) { _ in
      for index in 0..<2_000 { relay.accept(index) }
    }
    subscription.dispose()
    #expect(finished)
    #expect(!overlapped.current)
    #expect(echoes.current == 4 * 2_000)
  }

  /// Two relays feeding each other from two threads: each thread delivers on one relay while sending to the
  /// other. A thread that is delivering never waits for another emitter, so this cannot deadlock.
  @Test func relaysFeedingEachOtherFromTwoThreadsDoNotDeadlock() {
    let first = PublishRelay<Int>()
    let second = PublishRelay<Int>()
    let received = LockedBox(0)
    let a = first.subscribe(onNext: { value in
      received.withLock { $0 += 1 }
      if value > 0 { second.accept(value - 1) }
    })
    let b = second.subscribe(onNext: { value in
      received.withLock { $0 += 1 }
      if value > 0 { first.accept(value - 1) }
    })
    let finished = runOnThreads(4, timeout: 60) { thread in
      for _ in 0..<2_000 {
        if thread.isMultiple(of: 2) { first.accept(3) } else { second.accept(3) }
      }
    }
    a.dispose()
    b.dispose()
    #expect(finished, "two relays feeding each other from several threads deadlocked")
    #expect(received.current == 4 * 2_000 * 4)
  }

  /// The rule for subscribers, shown: an observer may hop without blocking (`async`) to a thread that sends to the
  /// same relay; the send waits for the observer's delivery to end, then is delivered.
  @Test func observerHoppingAsynchronouslyToAnotherSenderIsDelivered() {
    let relay = PublishRelay<Int>()
    let received = LockedBox<[Int]>([])
    let done = DispatchSemaphore(value: 0)
    let subscription = relay.subscribe(onNext: { value in
      received.withLock { $0.append(value) }
      if value == 0 {
        Thread.detachNewThread {
          relay.accept(1)
          done.signal()
        }
      }
    })
    let finished = runOnThreads(1, timeout: 30) { _ in
      relay.accept(0)
      #expect(done.wait(timeout: .now() + 20) == .success)
    }
    subscription.dispose()
    #expect(finished)
    #expect(received.current == [0, 1])
  }
}

/// Main-queue delivery under load: other main-queue work runs within milliseconds.
@Suite("Main-queue delivery under load", .timeLimit(.minutes(2)))
@MainActor
struct MainQueueDeliveryStressTests {
  @Test func mainQueueWorkIsNotStarvedByObserveOnMain() async {
    let relay = PublishRelay<Int>()
    let producers = 8
    let perProducer = 20_000
    let delivered = LockedBox(0)
    // Elements delivered while an unrelated main-queue block was certainly in the queue (counting starts once
    // `async` has returned, and stops when the block runs), and the most seen: how much delivery runs ahead of
    // other main-queue work. Preemption of the probe thread can only shorten the counted window.
    let probe = LockedBox((counting: false, ran: false, count: 0))
    let mostBetweenProbes = LockedBox(0)
    let allDelivered = LockedBox<CheckedContinuation<Void, Never>?>(nil)
    let subscription = relay.observe(on: MainScheduler.instance).subscribe(onNext: { _ in
      probe.withLock { if $0.counting { $0.count += 1 } }
      let count = delivered.withLock { count in
        count += 1
        return count
      }
      if count == producers * perProducer { allDelivered.withLock { $0 }?.resume() }
    })
    let worstMainWait = LockedBox(0.0)
    let producing = LockedBox(true)
    // Probes the main queue while the producers flood it.
    Thread.detachNewThread {
      while producing.current {
        let posted = now()
        let ran = DispatchSemaphore(value: 0)
        probe.withLock { $0 = (false, false, 0) }
        DispatchQueue.main.async {
          worstMainWait.withLock { $0 = max($0, now() - posted) }
          let counted = probe.withLock { state in
            defer { state = (false, true, 0) }
            return state.counting ? state.count : 0
          }
          mostBetweenProbes.withLock { $0 = max($0, counted) }
          ran.signal()
        }
        probe.withLock { state in
          if !state.ran { state.counting = true }
        }
        _ = ran.wait(timeout: .now() + 30)
      }
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      allDelivered.withLock { $0 = continuation }
      Thread.detachNewThread {
        _ = runOnThreads(producers, timeout: 90) { producer in
          for index in 0..<perProducer { relay.accept(producer * perProducer + index) }
        }
      }
    }
    producing.withLock { $0 = false }
    subscription.dispose()
    print(
      "stress: observe(on: main) from 8 producers: most delivered ahead of a main-queue block"
        + " \(mostBetweenProbes.current), worst main-queue wait \(Int(worstMainWait.current * 1_000)) ms")
    #expect(delivered.current == producers * perProducer)
    // Before the batches, one main-queue block drained the whole backlog. Now a block delivers at most
    // `SerialDelivery.mainQueueBatch` (64) elements and schedules the next batch behind work already queued: while
    // the probe waits, at most the batch in progress and one batch queued before it run. Independent of machine
    // speed, unlike the wait below, whose bound is loose enough for a loaded 2-core machine under the sanitizer.
    #expect(
      mostBetweenProbes.current <= 2 * SerialDelivery.mainQueueBatch,
      "\(mostBetweenProbes.current) elements were delivered ahead of an unrelated main-queue block")
    #expect(worstMainWait.current < 5.0, "an unrelated main-queue block waited \(worstMainWait.current) s")
  }
}
