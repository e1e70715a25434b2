import Dispatch
import Ferry
import FerryTesting
import Testing

@Suite("AsyncSubject")
struct AsyncSubjectTests {
  @Test func emitsOnlyLastElementOnCompletion() {
    let subject = AsyncSubject<Int>()
    let (recorder, _) = Harness.record(subject)
    subject.onNext(1)
    subject.onNext(2)
    #expect(recorder.count == 0)
    subject.onCompleted()
    subject.onNext(3)
    #expect(recorder.events.current == [.next(2), .completed])
    #expect(Harness.events(subject) == [.next(2), .completed])
    #expect(!subject.hasObservers)
  }

  @Test func completesWithoutElementsOrFailsWithErrorOnly() {
    let empty = AsyncSubject<Int>()
    empty.onCompleted()
    #expect(Harness.events(empty) == [.completed])
    let failing = AsyncSubject<Int>()
    let (recorder, _) = Harness.record(failing)
    failing.onNext(1)
    failing.onError(TestError(id: 1))
    failing.onCompleted()
    #expect(recorder.events.current == [.error(TestError(id: 1))])
    #expect(Harness.events(failing) == [.error(TestError(id: 1))])
  }

  @Test func disposedObserversGetNothingAndAreReleased() {
    let subject = AsyncSubject<Int>()
    let (recorder, subscription) = Harness.record(subject)
    weak var weakTracked: Tracked?
    var other: (any Disposable)?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      other = subject.subscribe(onNext: { _ in _ = tracked.id })
    }
    #expect(subject.hasObservers)
    subscription.dispose()
    other?.dispose()
    #expect(weakTracked == nil)
    #expect(!subject.hasObservers)
    subject.onNext(1)
    subject.onCompleted()
    #expect(recorder.count == 0)
  }

  @Test func disposeInsideOnNextSkipsCompletion() {
    let subject = AsyncSubject<Int>()
    let holder = LockedBox<(any Disposable)?>(nil)
    let log = LockedBox<[String]>([])
    let subscription = subject.subscribe(
      onNext: { _ in
        log.withLock { $0.append("next") }
        holder.current?.dispose()
      },
      onCompleted: { log.withLock { $0.append("completed") } }
    )
    holder.withLock { $0 = subscription }
    subject.onNext(1)
    subject.onCompleted()
    #expect(log.current == ["next"])
  }

  @Test func aSubscriberAddedWhileTheEndingIsDeliveredGetsTheWholeEnding() {
    let subject = AsyncSubject<Int>()
    let late = EventRecorder<Int>()
    let first = EventRecorder<Int>()
    let bag = DisposeBag()
    subject.subscribe(
      onNext: { _ in
        subject.subscribe(late).disposed(by: bag)
        // Ignored: the subject has stopped.
        subject.onNext(9)
        subject.onCompleted()
      }
    ).disposed(by: bag)
    subject.subscribe(first).disposed(by: bag)
    subject.onNext(4)
    subject.onCompleted()
    #expect(first.events.current == [.next(4), .completed])
    #expect(late.events.current == [.next(4), .completed])
    #expect(!subject.hasObservers)
  }

  @Test func concurrentSubscribersEachGetTheEndingExactlyOnce() {
    for _ in 0..<20 {
      let subject = AsyncSubject<Int>()
      subject.onNext(7)
      let recorders = (0..<8).map { _ in EventRecorder<Int>() }
      DispatchQueue.concurrentPerform(iterations: 9) { index in
        if index == 8 {
          subject.onCompleted()
        } else {
          _ = subject.subscribe(recorders[index])
        }
      }
      for recorder in recorders {
        #expect(recorder.events.current == [.next(7), .completed])
      }
    }
  }
}
