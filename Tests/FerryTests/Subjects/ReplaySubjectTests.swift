import Ferry
import FerryTesting
import Testing

@Suite("ReplaySubject")
struct ReplaySubjectTests {
  @Test func replaysBufferThenLiveEvents() {
    let subject = ReplaySubject<Int>.create(bufferSize: 2)
    (1...3).forEach(subject.onNext)
    let (recorder, _) = Harness.record(subject)
    subject.onNext(4)
    #expect(recorder.events.current == [.next(2), .next(3), .next(4)])
    #expect(Harness.events(subject) == [.next(3), .next(4)])
  }

  @Test func unboundedAndZeroSizedBuffers() {
    let unbounded = ReplaySubject<Int>.createUnbounded()
    (1...100).forEach(unbounded.onNext)
    #expect(Harness.events(unbounded).compactMap(\.element) == Array(1...100))
    let none = ReplaySubject<Int>.create(bufferSize: 0)
    none.onNext(1)
    #expect(Harness.events(none).isEmpty)
    let (recorder, _) = Harness.record(none)
    none.onNext(2)
    #expect(recorder.events.current == [.next(2)])
  }

  @Test func lateSubscribersAfterStopGetReplayThenStop() {
    let subject = ReplaySubject<Int>.create(bufferSize: 1)
    subject.onNext(1)
    subject.onNext(2)
    subject.onError(TestError(id: 1))
    subject.onNext(3)
    subject.onCompleted()
    #expect(Harness.events(subject) == [.next(2), .error(TestError(id: 1))])
    let completed = ReplaySubject<Int>.createUnbounded()
    completed.onNext(1)
    completed.onCompleted()
    #expect(Harness.events(completed) == [.next(1), .completed])
    #expect(!completed.hasObservers)
  }

  @Test func reentrantSendFromReplayIsDeliveredInOrder() {
    let subject = ReplaySubject<Int>.create(bufferSize: 5)
    subject.onNext(1)
    let received = LockedBox<[Int]>([])
    _ = subject.subscribe(onNext: { value in
      received.withLock { $0.append(value) }
      if value == 1 { subject.onNext(2) }
    })
    subject.onNext(3)
    #expect(received.current == [1, 2, 3])
    #expect(Harness.events(subject).compactMap(\.element) == [1, 2, 3])
  }

  @Test func disposalAndLeaks() {
    let subject = ReplaySubject<Int>.create(bufferSize: 1)
    subject.onNext(1)
    let holder = LockedBox<(any Disposable)?>(nil)
    let received = LockedBox<[Int]>([])
    let subscription = subject.subscribe(onNext: { value in
      received.withLock { $0.append(value) }
      if value == 2 { holder.current?.dispose() }
    })
    holder.withLock { $0 = subscription }
    subject.onNext(2)
    subject.onNext(3)
    #expect(received.current == [1, 2])
    #expect(!subject.hasObservers)
    weak var weakTracked: Tracked?
    var other: (any Disposable)?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      other = subject.subscribe(onNext: { _ in _ = tracked.id })
    }
    other?.dispose()
    #expect(weakTracked == nil)
  }
}
