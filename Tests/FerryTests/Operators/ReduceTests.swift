import Ferry
import FerryTesting
import Testing

@Suite("reduce")
struct ReduceTests {
  @Test func foldsOnCompletion() {
    #expect(Harness.events(Observable.of(1, 2, 3).reduce(10, accumulator: +)) == [.next(16), .completed])
    #expect(Harness.events(Observable<Int>.empty().reduce(7, accumulator: +)) == [.next(7), .completed])
    let mapped = Observable.of(1, 2, 3).reduce(0, accumulator: +, mapResult: { "sum=\($0)" })
    #expect(Harness.events(mapped) == [.next("sum=6"), .completed])
  }

  @Test func seedIsFreshForEachSubscription() {
    let observable = Observable.of("a", "b").reduce([String](), accumulator: { $0 + [$1] })
    #expect(Harness.events(observable) == [.next(["a", "b"]), .completed])
    #expect(Harness.events(observable) == [.next(["a", "b"]), .completed])
  }

  @Test func errors() {
    #expect(Harness.events(Observable<Int>.error(TestError()).reduce(0, accumulator: +)) == [.error(TestError())])
    let throwingAccumulator = Observable.of(1, 2).reduce(0) { _, _ throws -> Int in throw TestError(id: 1) }
    #expect(Harness.events(throwingAccumulator) == [.error(TestError(id: 1))])
    let throwingMap = Observable.of(1).reduce(0, accumulator: +) { _ throws -> Int in throw TestError(id: 2) }
    #expect(Harness.events(throwingMap) == [.error(TestError(id: 2))])
  }

  @Test func waitsForCompletionAndReleases() {
    let subject = PublishSubject<Int>()
    let (recorder, _) = Harness.record(subject.reduce(0, accumulator: +))
    subject.onNext(1)
    subject.onNext(2)
    #expect(recorder.count == 0)
    subject.onCompleted()
    #expect(recorder.events.current == [.next(3), .completed])
    Harness.expectReleasedAfterDispose { $0.reduce(0, accumulator: +) }
  }
}
