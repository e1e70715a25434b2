import Ferry
import FerryTesting
import Testing

@Suite struct ScanTests {
  @Test func emitsRunningAccumulation() {
    let recorder = EventRecorder<Int>()
    _ = Observable.of(1, 2, 3).scan(10) { $0 + $1 }.subscribe(recorder)
    #expect(recorder.events.current == [.next(11), .next(13), .next(16), .completed])
  }

  @Test func intoFormMutatesInPlace() {
    let recorder = EventRecorder<[Int]>()
    _ = Observable.of(1, 2).scan(into: [Int]()) { $0.append($1) }.subscribe(recorder)
    #expect(recorder.elements == [[1], [1, 2]])
    #expect(recorder.isCompleted)
  }

  @Test func eachSubscriptionStartsFromSeed() {
    let scanned = Observable.of(1, 2).scan(0) { $0 + $1 }
    let first = EventRecorder<Int>()
    let second = EventRecorder<Int>()
    _ = scanned.subscribe(first)
    _ = scanned.subscribe(second)
    #expect(first.elements == [1, 3])
    #expect(second.elements == [1, 3])
  }

  @Test func thrownErrorTerminates() {
    let recorder = EventRecorder<Int>()
    let subject = PublishSubject<Int>()
    _ = subject.scan(0) { accumulated, value in
      if value < 0 { throw TestError(id: value) }
      return accumulated + value
    }.subscribe(recorder)
    subject.onNext(1)
    subject.onNext(-1)
    subject.onNext(5)
    #expect(recorder.events.current == [.next(1), .error(TestError(id: -1))])
    #expect(!subject.hasObservers)
  }

  @Test func disposeStopsDelivery() {
    let recorder = EventRecorder<Int>()
    let subject = PublishSubject<Int>()
    let subscription = subject.scan(0) { $0 + $1 }.subscribe(recorder)
    subject.onNext(1)
    subscription.dispose()
    subject.onNext(2)
    #expect(recorder.events.current == [.next(1)])
    #expect(!subject.hasObservers)
  }
}
