import Ferry
import FerryTesting
import Testing

@Suite("element(at:)")
struct ElementAtTests {
  @Test func emitsElementAtIndexThenCompletes() {
    #expect(Harness.events(Observable.of(10, 11, 12).element(at: 0)) == [.next(10), .completed])
    #expect(Harness.events(Observable.of(10, 11, 12).element(at: 2)) == [.next(12), .completed])
  }

  @Test func failsWithArgumentOutOfRangeWhenSourceEndsFirst() {
    let events = Harness.events(Observable.of(1, 2).element(at: 2))
    #expect(events.count == 1)
    guard case .error(let error) = events.first, case RxError.argumentOutOfRange = error else {
      Issue.record("expected RxError.argumentOutOfRange, got \(events)")
      return
    }
  }

  @Test func forwardsErrorAndDisposesSourceOnceFound() {
    #expect(Harness.events(Observable<Int>.error(TestError()).element(at: 0)) == [.error(TestError())])
    let subject = PublishSubject<Int>()
    let (recorder, _) = Harness.record(subject.element(at: 1))
    subject.onNext(1)
    subject.onNext(2)
    #expect(!subject.hasObservers)
    subject.onNext(3)
    #expect(recorder.events.current == [.next(2), .completed])
  }

  @Test func disposalAndLeaks() {
    Harness.expectReleasedAfterDispose { $0.element(at: 5) }
  }
}
