import Ferry
import FerryTesting
import Testing

@Suite("BehaviorSubject")
struct BehaviorSubjectTests {
  @Test func replaysCurrentValueThenLaterOnes() throws {
    let subject = BehaviorSubject(value: 0)
    let (first, _) = Harness.record(subject)
    subject.onNext(1)
    let (second, _) = Harness.record(subject)
    subject.onNext(2)
    #expect(first.events.current == [.next(0), .next(1), .next(2)])
    #expect(second.events.current == [.next(1), .next(2)])
    #expect(try subject.value() == 2)
  }

  @Test func afterErrorLateSubscribersGetOnlyTheErrorAndValueThrows() {
    let subject = BehaviorSubject(value: 0)
    subject.onNext(1)
    subject.onError(TestError(id: 1))
    subject.onNext(2)
    #expect(Harness.events(subject) == [.error(TestError(id: 1))])
    #expect(throws: TestError(id: 1)) { try subject.value() }
  }

  @Test func afterCompletionLateSubscribersGetOnlyTheCompletion() throws {
    // As documented on `BehaviorSubject` (and as in RxSwift): no replay of the last value after completion.
    let subject = BehaviorSubject(value: 0)
    subject.onNext(1)
    subject.onCompleted()
    subject.onNext(2)
    #expect(Harness.events(subject) == [.completed])
    #expect(try subject.value() == 1)
  }

  @Test func reentrantSendKeepsOrderAndValue() throws {
    let subject = BehaviorSubject(value: 0)
    let received = LockedBox<[Int]>([])
    let inDelivery = LockedBox(false)
    let reentered = LockedBox(false)
    _ = subject.subscribe(onNext: { value in
      if inDelivery.withLock({ flag in
        defer { flag = true }
        return flag
      }) {
        reentered.withLock { $0 = true }
      }
      received.withLock { $0.append(value) }
      if value == 1 { subject.onNext(2) }
      inDelivery.withLock { $0 = false }
    })
    subject.onNext(1)
    #expect(received.current == [0, 1, 2])
    #expect(!reentered.current)
    #expect(try subject.value() == 2)
  }

  @Test func subscribeInsideOnNextGetsTheCurrentValue() {
    let subject = BehaviorSubject(value: 0)
    let inner = EventRecorder<Int>()
    let once = LockedBox(false)
    _ = subject.subscribe(onNext: { value in
      guard value == 1,
        once.withLock({ flag in
          defer { flag = true }; return !flag
        })
      else { return }
      _ = subject.subscribe(inner)
    })
    subject.onNext(1)
    subject.onNext(2)
    #expect(inner.events.current == [.next(1), .next(2)])
  }

  @Test func disposalAndLeaks() {
    let subject = BehaviorSubject(value: 0)
    let holder = LockedBox<(any Disposable)?>(nil)
    let received = LockedBox<[Int]>([])
    let subscription = subject.subscribe(onNext: { value in
      received.withLock { $0.append(value) }
      if value == 1 { holder.current?.dispose() }
    })
    holder.withLock { $0 = subscription }
    subject.onNext(1)
    subject.onNext(2)
    #expect(received.current == [0, 1])
    #expect(!subject.hasObservers)

    weak var weakTracked: Tracked?
    var other: (any Disposable)?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      other = subject.subscribe(onNext: { _ in _ = tracked.id })
    }
    #expect(weakTracked != nil)
    other?.dispose()
    #expect(weakTracked == nil)
  }
}
