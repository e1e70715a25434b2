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

  @Test func skipUntilOther() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^1-23|", of: Int.self)
    let other = try scheduler.createHotObservable("^-g", values: ["g": "go"])
    let observer = scheduler.start { source.skip(until: other) }
    expectMarbles(observer.events, "^--23|")
    expectSubscriptions(source.subscriptions, "^----!")
    // other is disposed after its first element.
    expectSubscriptions(other.subscriptions, "^-!")
  }

  @Test func skipUntilOtherErrorAndCompletion() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^--1", of: Int.self)
    let other = try scheduler.createHotObservable("^-#", of: Int.self, error: TestError(id: 4))
    let observer = scheduler.start { source.skip(until: other) }
    expectMarbles(observer.events, "^-#", error: TestError(id: 4))
    expectSubscriptions(source.subscriptions, "^-!")

    let scheduler2 = TestScheduler(initialClock: 0)
    let source2 = try scheduler2.createHotObservable("^--1|", of: Int.self)
    let other2 = try scheduler2.createHotObservable("^-|", of: Int.self)
    let observer2 = scheduler2.start { source2.skip(until: other2) }
    // The gate never opened: the source's completion ends the subscription without an event, as in RxSwift.
    expectMarbles(observer2.events, "^")
    expectSubscriptions(source2.subscriptions, "^---!")
    expectSubscriptions(other2.subscriptions, "^-!")
  }

  @Test func skipUntilSynchronousOther() {
    #expect(Harness.events(Observable.of(1, 2).skip(until: Observable.just(0))) == [.next(1), .next(2), .completed])
    #expect(Harness.events(Observable.of(1, 2).skip(until: Observable<Int>.never())) == [])
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
