import Dispatch
import Foundation
import Testing

@testable import Ferry

/// Seconds since an arbitrary origin, monotonic.
private func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// Bounded-time stress tests of the serial-delivery engine: 8 busy producers, one relay.
///
/// What they pin down: nothing is lost, reordered or overlapping; a producer that finds delivery busy queues its
/// element and waits until it is delivered, so the queue holds at most one element per waiting producer and no
/// `accept()` delivers more than one bounded batch (`SerialDelivery.foreignBatch`) of other threads' elements;
/// main-queue delivery hands the main queue back between bounded batches.
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
    let ledger = ForeignBacklogStressTests.Ledger()
    let subscription = relay.subscribe(onNext: { value in
      ledger.delivered(from: value / Self.perProducer)
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
    let worstAccept = LockedBox((worst: 0.0, foreign: 0))
    let start = now()
    let finished = runOnThreads(Self.producers, timeout: 90) { producer in
      let figures = ForeignBacklogStressTests.produce(producer, ledger: ledger) { relay.accept($0) }
      worstAccept.withLock { $0 = (max($0.worst, figures.worst), max($0.foreign, figures.foreign)) }
    }
    let elapsed = now() - start
    subscription.dispose()
    print(
      "stress: 8 producers into one PublishRelay: delivered \(delivered.current), most queued \(maxQueued.current),"
        + " worst accept() \(Int(worstAccept.current.worst * 1_000)) ms, most other producers' elements delivered"
        + " by one accept() \(worstAccept.current.foreign), \(Int(Double(delivered.current) / elapsed)) elements/s")
    #expect(finished, "the producers finished")
    #expect(delivered.current == Self.producers * Self.perProducer, "nothing lost")
    #expect(!overlapped.current, "deliveries never overlap")
    #expect(!outOfOrder.current, "each producer's elements arrive in order")
    // Each waiting producer has at most one element queued (the one it waits for); none is queued by a producer
    // that may not wait here.
    #expect(maxQueued.current < Self.producers, "at most one queued element per other producer")
    #expect(
      worstAccept.current.foreign <= SerialDelivery.foreignBatch,
      "one accept() delivered \(worstAccept.current.foreign) elements of other producers")
    // Before the engine's back-pressure, the emitter drained everything the others queued meanwhile (123,950
    // elements queued, one `accept()` took 2 s). The two checks above are the deterministic form; the time bound
    // is a liveness check, loose enough for a loaded 2-core machine under the thread sanitizer.
    #expect(worstAccept.current.worst < 5.0, "worst single accept() took \(worstAccept.current.worst) s")
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
  /// other. A thread that is delivering waits for another emitter only once `SerialDelivery.backlogLimit` sends are
  /// queued, and never longer than `SerialDelivery.waitLimit`, so this cannot deadlock.
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

/// The main thread under load: main-queue delivery lets other main-queue work run within milliseconds, and a
/// producer on the main thread is not delivered for by a background `accept()`.
///
/// Serialized: the producer test holds the main thread while it sends, which would stall the other test's probe of
/// the main queue for as long, and be measured as starvation.
@Suite("Main thread under load", .serialized, .timeLimit(.minutes(2)))
@MainActor
struct MainThreadStressTests {
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

  /// The main thread floods a relay that three background producers also send to: the main thread does not wait
  /// (until `SerialDelivery.backlogLimit` sends are queued), so its sends queue; a background `accept()` must not
  /// deliver that backlog.
  @Test func mainThreadProducerDoesNotHoldABackgroundAccept() {
    let relay = PublishRelay<Int>()
    let ledger = ForeignBacklogStressTests.Ledger()
    let checker = ForeignBacklogStressTests.Checker(producers: 4, perProducer: ForeignBacklogStressTests.perProducer)
    let maxQueued = LockedBox(0)
    let allDelivered = DispatchSemaphore(value: 0)
    let core = relay.subject.core
    let subscription = relay.subscribe(onNext: { value in
      ledger.delivered(from: value / ForeignBacklogStressTests.perProducer)
      maxQueued.withLock { $0 = max($0, core.state.withLock { $0.delivery.queuedCount }) }
      checker.check(value)
      if checker.state.current.count == 4 * ForeignBacklogStressTests.perProducer { allDelivered.signal() }
    })
    let background = LockedBox((worst: 0.0, foreign: 0))
    let producersDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = runOnThreads(3, timeout: 90) { thread in
        let figures = ForeignBacklogStressTests.produce(thread + 1, ledger: ledger) { relay.accept($0) }
        background.withLock { $0 = (max($0.worst, figures.worst), max($0.foreign, figures.foreign)) }
      }
      producersDone.signal()
    }
    let main = ForeignBacklogStressTests.produce(0, ledger: ledger) { relay.accept($0) }
    #expect(producersDone.wait(timeout: .now() + 90) == .success, "the background producers finished")
    #expect(allDelivered.wait(timeout: .now() + 30) == .success, "every element was delivered")
    subscription.dispose()
    print(
      "stress: main thread + 3 producers into one PublishRelay: worst background accept()"
        + " \(Int(background.current.worst * 1_000)) ms, most main-thread elements delivered by one background"
        + " accept() \(background.current.foreign), most queued \(maxQueued.current), worst main accept()"
        + " \(Int(main.worst * 1_000)) ms")
    #expect(!checker.state.current.outOfOrder, "each producer's elements arrive in order")
    #expect(
      background.current.foreign <= SerialDelivery.foreignBatch,
      "one background accept() delivered \(background.current.foreign) elements of other producers")
    #expect(
      maxQueued.current <= SerialDelivery.backlogLimit + 4,
      "\(maxQueued.current) sends queued at once: over the backlog limit plus one per producer")
  }

  /// Backlog memory: the main thread, no thread or one forwarding through `source.bind(to: relay)`, and two
  /// background producers flood one relay whose subscriber spins 2 µs an element, several times slower than a send.
  /// Prints the peak queue, its bytes, the process's resident memory growth and the most sends the background
  /// producers had queued at once.
  ///
  /// The bounds that hold whoever the others are: a producer that may wait has at most one send queued (the one it
  /// waits for), so the background producers' share of the queue never exceeds their number; producers that may
  /// not wait (the main thread, a forwarding thread) queue and return until `SerialDelivery.backlogLimit` sends are
  /// queued, and then wait too, so the queue never holds more than the limit plus one send per producer (without
  /// the limit, the main thread and a forwarding thread grew it in turns, each delivering the other's backlog:
  /// 31,177 of 80,000 sends queued at once). Debug builds (the sanitizer runs) send a tenth.
  @Test(arguments: [0, 1]) func backlogOfAFloodIntoASlowSubscriber(forwarders: Int) {
    #if DEBUG
    let perProducer = 2_000
    #else
    let perProducer = 20_000
    #endif
    let waitingProducers = 2
    let producers = 1 + forwarders + waitingProducers
    let relay = PublishRelay<Int>()
    let sources = (0..<forwarders).map { _ in PublishRelay<Int>() }
    let core = relay.subject.core
    let checker = ForeignBacklogStressTests.Checker(producers: producers, perProducer: perProducer)
    // The threads of the producers that may wait (`SerialDelivery.threadToken()`).
    let waitingThreads = LockedBox(Set<UInt>())
    let peaks = LockedBox((queued: 0, queuedByWaiting: 0))
    let residentBefore = residentBytes()
    let peakResident = LockedBox(residentBefore ?? 0)
    let allDelivered = DispatchSemaphore(value: 0)
    let bindings = sources.map { $0.bind(to: relay) }
    let subscription = relay.subscribe(onNext: { value in
      let until = now() + 2e-6
      while now() < until {}
      let count = checker.state.withLock { $0.count } + 1
      // Inside delivery, so the lock is free: how many sends wait for this emitter; every 64th element, how many
      // of them the producers that may wait queued (a walk of the queue).
      let waiting = count.isMultiple(of: 64) ? waitingThreads.current : nil
      let (queued, queuedByWaiting) = core.state.withLock { state in
        (
          state.delivery.queuedCount,
          waiting.map { threads in state.delivery.queuedCount { $0.source.map(threads.contains) ?? false } } ?? 0
        )
      }
      peaks.withLock { $0 = (max($0.queued, queued), max($0.queuedByWaiting, queuedByWaiting)) }
      if count.isMultiple(of: 1_024), let resident = residentBytes() {
        peakResident.withLock { $0 = max($0, resident) }
      }
      checker.check(value)
      if count == producers * perProducer { allDelivered.signal() }
    })
    let producersDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = runOnThreads(producers - 1, timeout: 90) { thread in
        let producer = thread + 1
        if thread >= forwarders { waitingThreads.withLock { _ = $0.insert(SerialDelivery.threadToken()) } }
        for index in 0..<perProducer {
          // The first threads forward from inside their source's delivery (they may not wait); the others send
          // directly (they may).
          if thread < forwarders {
            sources[thread].accept(producer * perProducer + index)
          } else {
            relay.accept(producer * perProducer + index)
          }
        }
      }
      producersDone.signal()
    }
    let start = now()
    for index in 0..<perProducer { relay.accept(index) }
    #expect(producersDone.wait(timeout: .now() + 90) == .success, "the background producers finished")
    #expect(allDelivered.wait(timeout: .now() + 30) == .success, "every element was delivered")
    let elapsed = now() - start
    for binding in bindings { binding.dispose() }
    subscription.dispose()
    let queueBytes = peaks.current.queued * MemoryLayout<SubjectCore<Int>.Operation>.stride
    let growth = residentBefore.map { peakResident.current - $0 }
    print(
      "stress: backlog of main thread + \(forwarders) forwarding + \(waitingProducers) producers into one PublishRelay"
        + " (2 µs subscriber, \(producers * perProducer) elements, \(Int(elapsed * 1_000)) ms): peak queued"
        + " \(peaks.current.queued) (\(queueBytes / 1_024) KiB), at most \(peaks.current.queuedByWaiting) of them"
        + " by the producers that wait, resident memory growth \(growth.map { "\($0 / 1_024) KiB" } ?? "not measured")")
    #expect(checker.state.current.count == producers * perProducer, "nothing lost")
    #expect(!checker.state.current.outOfOrder, "each producer's elements arrive in order")
    #expect(
      peaks.current.queuedByWaiting <= waitingProducers,
      "the \(waitingProducers) producers that wait had \(peaks.current.queuedByWaiting) sends queued at once")
    #expect(
      peaks.current.queued <= SerialDelivery.backlogLimit + producers,
      "\(peaks.current.queued) sends queued at once: over the backlog limit plus one per producer")
  }
}

/// What one `accept()` delivers on behalf of other producers, and how long it takes, when the other producers may
/// not wait their turn: the main thread, and a thread that forwards from inside another delivery (`bind(to:)`).
///
/// Their sends are queued behind the emitter; the emitter delivers its own send, the sends its delivery causes and
/// at most `SerialDelivery.foreignBatch` of the others', then leaves the rest to their producers (or to a drain on
/// a background queue). Each producer records, around every `accept()`, how many other producers' elements were
/// delivered on its thread meanwhile: that count is the deterministic form of the bound; the time is printed. The
/// main-thread producer's test is in `MainThreadStressTests`, which has the main thread to itself.
@Suite("Foreign backlog under load", .timeLimit(.minutes(2)))
struct ForeignBacklogStressTests {
  /// Which producer each thread is, and how many other producers' elements each has delivered.
  final class Ledger: @unchecked Sendable {
    // `@unchecked Sendable`: `state` is a `LockedBox`.
    let state = LockedBox((threads: [ObjectIdentifier: Int](), foreign: [Int](repeating: 0, count: 16)))

    func register(_ producer: Int) { state.withLock { $0.threads[ObjectIdentifier(Thread.current)] = producer } }

    /// Called by the observer: the element came from `producer`.
    func delivered(from producer: Int) {
      let thread = ObjectIdentifier(Thread.current)
      state.withLock { state in
        if let me = state.threads[thread], me != producer { state.foreign[me] += 1 }
      }
    }

    func foreign(_ producer: Int) -> Int { state.withLock { $0.foreign[producer] } }
  }

  static let perProducer = 20_000

  /// Every element of every producer, in order per producer.
  final class Checker: @unchecked Sendable {
    // `@unchecked Sendable`: `state` is a `LockedBox`.
    let state: LockedBox<(last: [Int], outOfOrder: Bool, count: Int)>
    let perProducer: Int
    init(producers: Int, perProducer: Int) {
      state = LockedBox((Array(repeating: -1, count: producers), false, 0))
      self.perProducer = perProducer
    }
    func check(_ value: Int) {
      state.withLock { state in
        let producer = value / perProducer
        if value <= state.last[producer] { state.outOfOrder = true }
        state.last[producer] = value
        state.count += 1
      }
    }
  }

  /// Runs a producer: registers its thread, sends its elements, returns the worst `accept()` in seconds and the
  /// most other producers' elements one `accept()` delivered.
  static func produce(_ producer: Int, ledger: Ledger, send: (Int) -> Void) -> (worst: Double, foreign: Int) {
    ledger.register(producer)
    var worst = 0.0
    var mostForeign = 0
    for index in 0..<perProducer {
      let before = ledger.foreign(producer)
      let start = now()
      send(producer * perProducer + index)
      worst = max(worst, now() - start)
      mostForeign = max(mostForeign, ledger.foreign(producer) - before)
    }
    return (worst, mostForeign)
  }

  /// `a.bind(to: b)` fed by two threads while two other threads send into `b`: the forwarding threads send into `b`
  /// from inside `a`'s delivery, so they do not wait (until `SerialDelivery.backlogLimit` sends are queued); a
  /// direct `accept()` on `b` must not deliver their backlog.
  @Test func forwardingProducersDoNotHoldADirectAccept() {
    let a = PublishRelay<Int>()
    let b = PublishRelay<Int>()
    let ledger = Ledger()
    let checker = Checker(producers: 4, perProducer: Self.perProducer)
    let maxQueued = LockedBox(0)
    let allDelivered = DispatchSemaphore(value: 0)
    let core = b.subject.core
    let binding = a.bind(to: b)
    let subscription = b.subscribe(onNext: { value in
      ledger.delivered(from: value / Self.perProducer)
      maxQueued.withLock { $0 = max($0, core.state.withLock { $0.delivery.queuedCount }) }
      checker.check(value)
      if checker.state.current.count == 4 * Self.perProducer { allDelivered.signal() }
    })
    let direct = LockedBox((worst: 0.0, foreign: 0))
    let finished = runOnThreads(4, timeout: 90) { thread in
      if thread < 2 {
        _ = Self.produce(thread, ledger: ledger) { a.accept($0) }
      } else {
        let figures = Self.produce(thread, ledger: ledger) { b.accept($0) }
        direct.withLock { $0 = (max($0.worst, figures.worst), max($0.foreign, figures.foreign)) }
      }
    }
    #expect(finished, "the producers finished")
    #expect(allDelivered.wait(timeout: .now() + 30) == .success, "every element was delivered")
    binding.dispose()
    subscription.dispose()
    print(
      "stress: 2 producers forwarding a.bind(to: b) + 2 producers into b: worst direct accept()"
        + " \(Int(direct.current.worst * 1_000)) ms, most forwarded elements delivered by one direct accept()"
        + " \(direct.current.foreign), most queued \(maxQueued.current)")
    #expect(!checker.state.current.outOfOrder, "each producer's elements arrive in order")
    #expect(
      direct.current.foreign <= SerialDelivery.foreignBatch,
      "one direct accept() delivered \(direct.current.foreign) forwarded elements")
    #expect(
      maxQueued.current <= SerialDelivery.backlogLimit + 4,
      "\(maxQueued.current) sends queued at once: over the backlog limit plus one per producer")
  }

  /// Deterministic: an emitter holds the role (its observer blocks) while a forwarding thread queues as many sends
  /// as it may without waiting (`SerialDelivery.backlogLimit`); released, the emitter's `accept()` delivers at most
  /// one batch of them; the rest still arrive, in order, without anybody sending again (a background drain delivers
  /// them).
  @Test func heldEmitterDeliversOneBatchOfAQueuedBacklog() {
    let a = PublishRelay<Int>()
    let b = PublishRelay<Int>()
    let backlog = SerialDelivery.backlogLimit
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let allDelivered = DispatchSemaphore(value: 0)
    let received = LockedBox<[Int]>([])
    let deliveredByEmitter = LockedBox(0)
    // The thread itself, not its ObjectIdentifier: once the emitter's thread ends, a drain thread's `Thread` may
    // reuse the address.
    let emitterThread = LockedBox<Thread?>(nil)
    let binding = a.bind(to: b)
    let subscription = b.subscribe(onNext: { value in
      if value == -1 {
        holding.signal()
        release.wait()
      } else if emitterThread.current === Thread.current {
        deliveredByEmitter.withLock { $0 += 1 }
      }
      let count = received.withLock { received in
        received.append(value)
        return received.count
      }
      if count == backlog + 1 { allDelivered.signal() }
    })
    let emitterDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      emitterThread.withLock { $0 = Thread.current }
      b.accept(-1)
      emitterDone.signal()
    }
    let finished = runOnThreads(1, timeout: 30) { _ in
      #expect(holding.wait(timeout: .now() + 20) == .success)
      // Forwarded from inside `a`'s delivery: queued behind the held emitter of `b`.
      for value in 0..<backlog { a.accept(value) }
      release.signal()
    }
    #expect(finished)
    #expect(emitterDone.wait(timeout: .now() + 20) == .success, "the held accept() returned")
    #expect(allDelivered.wait(timeout: .now() + 20) == .success, "the backlog was delivered")
    binding.dispose()
    subscription.dispose()
    #expect(received.current == [-1] + Array(0..<backlog))
    #expect(
      deliveredByEmitter.current <= SerialDelivery.foreignBatch,
      "the held accept() delivered \(deliveredByEmitter.current) forwarded elements")
  }
}
