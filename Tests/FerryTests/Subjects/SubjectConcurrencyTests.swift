import Dispatch
import Ferry
import FerryTesting
import Testing

@Suite("Subjects and relays under concurrency")
struct SubjectConcurrencyTests {
  @Test func behaviorRelayValueIsConsistentUnderConcurrentAccept() {
    let relay = BehaviorRelay(value: -1)
    let lastDelivered = LockedBox(-1)
    let inDelivery = LockedBox(false)
    let overlapped = LockedBox(false)
    let deliveredCount = LockedBox(0)
    let subscription = relay.subscribe(onNext: { value in
      if inDelivery.withLock({ flag in
        defer { flag = true }
        return flag
      }) {
        overlapped.withLock { $0 = true }
      }
      lastDelivered.withLock { $0 = value }
      deliveredCount.withLock { $0 += 1 }
      inDelivery.withLock { $0 = false }
    })
    let threads = 8
    let perThread = 500
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in 0..<perThread {
        relay.accept(thread * perThread + index)
        _ = relay.value
      }
    }
    let finalValue = relay.value
    #expect((0..<threads * perThread).contains(finalValue), "the final value is one that was accepted")
    #expect(lastDelivered.current == finalValue, "when quiescent, the last delivered element equals value")
    #expect(deliveredCount.current == threads * perThread + 1, "nothing lost")
    #expect(!overlapped.current, "deliveries never overlap")
    subscription.dispose()
  }

  @Test func publishSubjectConcurrentSendsAreSerialisedAndComplete() {
    let subject = PublishSubject<Int>()
    let received = LockedBox<[Int]>([])
    let inDelivery = LockedBox(false)
    let overlapped = LockedBox(false)
    _ = subject.subscribe(onNext: { value in
      if inDelivery.withLock({ flag in
        defer { flag = true }
        return flag
      }) {
        overlapped.withLock { $0 = true }
      }
      received.withLock { $0.append(value) }
      inDelivery.withLock { $0 = false }
    })
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<500 { subject.onNext(thread * 1000 + index) }
    }
    let values = received.current
    #expect(values.count == 2000)
    #expect(!overlapped.current)
    for thread in 0..<4 {
      let own = values.filter { $0 / 1000 == thread }
      #expect(own == own.sorted(), "each thread's elements arrive in the order it sent them")
    }
  }

  @Test func subscribingAndDisposingWhileAnotherThreadEmits() {
    // Many threads subscribe and dispose while one thread emits. After `dispose()` returns on a thread, an
    // element that thread sends afterwards (a marker unique to the subscription) must never reach it.
    let relay = PublishRelay<Int>()
    let violations = LockedBox(0)
    let stop = LockedBox(false)
    let emitterDone = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      // Bounded: a thread that became the emitter keeps draining what this loop sends (see the report on
      // SubjectCore's drain liveness), so an unbounded producer could keep it busy forever.
      var value = 0
      while !stop.current && value < 50_000 {
        relay.accept(value)
        value += 1
      }
      emitterDone.signal()
    }
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for round in 0..<300 {
        let marker = -(thread * 1000 + round + 1)
        let subscription = relay.subscribe(onNext: { value in
          if value == marker { violations.withLock { $0 += 1 } }
        })
        subscription.dispose()
        relay.accept(marker)
      }
    }
    stop.withLock { $0 = true }
    Harness.wait(emitterDone)
    #expect(violations.current == 0)
  }

  @Test func subjectsAreReleasedWithTheirSubscriptions() {
    weak var weakSubject: PublishSubject<Int>?
    weak var weakTracked: Tracked?
    do {
      let subject = PublishSubject<Int>()
      weakSubject = subject
      let tracked = Tracked()
      weakTracked = tracked
      let bag = DisposeBag()
      subject.subscribe(onNext: { _ in _ = tracked.id }).disposed(by: bag)
      subject.onNext(1)
    }
    #expect(weakSubject == nil)
    #expect(weakTracked == nil)
  }
}
