import Dispatch
import Ferry
import FerryTesting
import Testing

@Suite("skip")
struct SkipTests {
  @Test func skipCount() {
    #expect(Harness.events(Observable.of(1, 2, 3).skip(2)) == [.next(3), .completed])
    #expect(Harness.events(Observable.of(1, 2, 3).skip(0)) == [.next(1), .next(2), .next(3), .completed])
    #expect(Harness.events(Observable.of(1, 2).skip(5)) == [.completed])
    #expect(Harness.events(Observable<Int>.error(TestError()).skip(1)) == [.error(TestError())])
  }

  @Test func skipWhile() {
    let source = Observable.of(1, 2, 3, 1, 4)
    #expect(Harness.events(source.skip(while: { $0 < 3 })) == [.next(3), .next(1), .next(4), .completed])
    #expect(Harness.events(source.skip(while: { _ in true })) == [.completed])
    let failing = source.skip(while: { value in
      if value == 2 { throw TestError(id: 2) }
      return true
    })
    #expect(Harness.events(failing) == [.error(TestError(id: 2))])
  }

  @Test func skipWhileStopsCallingPredicateOnceOpen() {
    let calls = LockedBox(0)
    let events = Harness.events(
      Observable.of(1, 5, 1, 1).skip(while: { value in
        calls.withLock { $0 += 1 }
        return value < 3
      })
    )
    #expect(events == [.next(5), .next(1), .next(1), .completed])
    #expect(calls.current == 2)
  }

  @Test func skipUntilOther() {
    let source = PublishSubject<Int>()
    let other = PublishSubject<String>()
    let (recorder, _) = Harness.record(source.skip(until: other))
    source.onNext(1)
    other.onNext("go")
    #expect(!other.hasObservers, "other is disposed after its first element")
    source.onNext(2)
    source.onNext(3)
    source.onCompleted()
    #expect(recorder.events.current == [.next(2), .next(3), .completed])
    #expect(!source.hasObservers)
  }

  @Test func skipUntilOtherErrorAndCompletion() {
    let source = PublishSubject<Int>()
    let other = PublishSubject<Int>()
    let (recorder, _) = Harness.record(source.skip(until: other))
    other.onError(TestError(id: 4))
    source.onNext(1)
    #expect(recorder.events.current == [.error(TestError(id: 4))])
    #expect(!source.hasObservers)

    let other2 = PublishSubject<Int>()
    let (recorder2, _) = Harness.record(source.skip(until: other2))
    other2.onCompleted()
    source.onNext(1)
    source.onCompleted()
    #expect(recorder2.events.current == [.completed])
  }

  @Test func skipUntilSynchronousOther() {
    #expect(Harness.events(Observable.of(1, 2).skip(until: Observable.just(0))) == [.next(1), .next(2), .completed])
    #expect(Harness.events(Observable.of(1, 2).skip(until: Observable<Int>.never())) == [.completed])
  }

  @Test func skipDisposalAndLeaks() {
    let other = BehaviorSubject(value: 0)
    Harness.expectReleasedAfterDispose { $0.skip(1) }
    Harness.expectReleasedAfterDispose { $0.skip(while: { _ in false }) }
    Harness.expectReleasedAfterDispose { $0.skip(until: other) }
    Harness.expectReleasedAfterDispose { $0.skip(until: PublishSubject<Int>()) }
    #expect(!other.hasObservers)
    Harness.expectDisposeInsideOnNextStops({ $0.skip(1) }, send: { s in (1...4).forEach(s.onNext) })
    Harness.expectDisposeInsideOnNextStops({ $0.skip(until: other) }, send: { s in (1...4).forEach(s.onNext) })
  }

  @Test func skipUntilOpensUnderConcurrency() {
    // `other` fires on another thread while the source is emitting: everything after the gate opened (as seen
    // by a later element on the source thread) is delivered in order, with no overlap.
    for _ in 0..<20 {
      let source = PublishSubject<Int>()
      let other = PublishSubject<Void>()
      let received = LockedBox<[Int]>([])
      let inDelivery = LockedBox(false)
      let overlapped = LockedBox(false)
      _ = source.skip(until: other).subscribe(onNext: { value in
        if inDelivery.withLock({ flag in
          defer { flag = true }; return flag
        }) {
          overlapped.withLock { $0 = true }
        }
        received.withLock { $0.append(value) }
        inDelivery.withLock { $0 = false }
      })
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          for value in 0..<300 { source.onNext(value) }
        } else {
          other.onNext(())
        }
      }
      source.onNext(1000)
      let values = received.current
      #expect(!overlapped.current)
      #expect(values.last == 1000)
      #expect(values == values.sorted())
    }
  }
}
