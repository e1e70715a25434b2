import Ferry
import FerryTesting
import Testing

@Suite("withUnretained")
struct WithUnretainedTests {
  @Test func pairsElementsWithObject() {
    let object = Tracked(5)
    let events = Harness.events(Observable.of(1, 2).withUnretained(object).map { $0.0.id * 10 + $0.1 })
    #expect(events == [.next(51), .next(52), .completed])
    let selected = Harness.events(Observable.of(1).withUnretained(object) { object, value in object.id + value })
    #expect(selected == [.next(6), .completed])
  }

  @Test func completesWhenObjectIsGoneAndDoesNotRetainIt() {
    let subject = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    weak var weakObject: Tracked?
    do {
      let object = Tracked(1)
      weakObject = object
      _ = subject.withUnretained(object).map { $0.1 }.subscribe(recorder)
      subject.onNext(1)
    }
    #expect(weakObject == nil)
    subject.onNext(2)
    #expect(recorder.events.current == [.next(1), .completed])
    #expect(!subject.hasObservers)
  }

  @Test func errorsFromSelectorAndSource() {
    let object = Tracked()
    let failing = Observable.of(1).withUnretained(object) { _, _ throws -> Int in throw TestError(id: 1) }
    #expect(Harness.events(failing) == [.error(TestError(id: 1))])
    #expect(
      Harness.events(Observable<Int>.error(TestError(id: 2)).withUnretained(object).map { $0.1 }) == [
        .error(TestError(id: 2))
      ])
  }

  @Test func disposalAndLeaks() {
    let object = Tracked()
    Harness.expectReleasedAfterDispose { $0.withUnretained(object) }
    Harness.expectDisposeInsideOnNextStops({ $0.withUnretained(object) }, send: { s in (1...3).forEach(s.onNext) })
  }
}
