import Ferry
import FerryTesting
import Testing

@Suite("materialize / dematerialize")
struct MaterializeTests {
  @Test func materializeTurnsEventsIntoElements() {
    let events = Harness.events(Observable.of(1, 2).materialize())
    #expect(events == [.next(.next(1)), .next(.next(2)), .next(.completed), .completed])
    let failed = Harness.events(Observable<Int>.error(TestError(id: 1)).materialize())
    #expect(failed == [.next(.error(TestError(id: 1))), .completed])
  }

  @Test func dematerializeIsTheInverse() {
    let roundTrip = Harness.events(Observable.of(1, 2).materialize().dematerialize())
    #expect(roundTrip == [.next(1), .next(2), .completed])
    let failed = Harness.events(Observable<Int>.error(TestError(id: 2)).materialize().dematerialize())
    #expect(failed == [.error(TestError(id: 2))])
  }

  @Test func dematerializeStopsAtStopElementAndDisposesSource() {
    let subject = PublishSubject<Event<Int>>()
    let (recorder, _) = Harness.record(subject.dematerialize())
    subject.onNext(.next(1))
    subject.onNext(.error(TestError(id: 3)))
    subject.onNext(.next(2))
    #expect(recorder.events.current == [.next(1), .error(TestError(id: 3))])
    #expect(!subject.hasObservers)
  }

  @Test func disposalAndLeaks() {
    Harness.expectReleasedAfterDispose { $0.materialize() }
    Harness.expectReleasedAfterDispose { $0.materialize().dematerialize() }
    Harness.expectDisposeInsideOnNextStops({ $0.materialize() }, send: { s in (1...3).forEach(s.onNext) })
  }
}
