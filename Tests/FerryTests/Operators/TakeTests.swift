import Dispatch
import Ferry
import FerryTesting
import Testing

@Suite("take / takeLast")
struct TakeTests {
  @Test func takeCountEmitsFirstElementsThenCompletes() {
    #expect(Harness.events(Observable.of(1, 2, 3, 4).take(2)) == [.next(1), .next(2), .completed])
    #expect(Harness.events(Observable.of(1, 2).take(5)) == [.next(1), .next(2), .completed])
    #expect(Harness.events(Observable<Int>.empty().take(1)) == [.completed])
  }

  @Test func takeZeroCompletesWithoutSubscribing() {
    let source = CountingSource<Int>()
    #expect(Harness.events(source.observable.take(0)) == [.completed])
    #expect(source.subscriptions.current == 0)
  }

  @Test func takeCountDisposesSourceWhenDone() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^12   -3", of: Int.self)
    let observer = scheduler.start { xs.take(2) }
    expectMarbles(observer.events, "^1(2|)")
    expectSubscriptions(xs.subscriptions, "^-!")
  }

  @Test func takeCountForwardsError() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^1#", of: Int.self, error: TestError(id: 1))
    let observer = scheduler.start { xs.take(3) }
    expectMarbles(observer.events, "^1#", error: TestError(id: 1))
    expectSubscriptions(xs.subscriptions, "^-!")
  }

  @Test func takeCountReentrantSourceDeliversExactlyCount() {
    // A relay re-entrantly fed from the observer: take(2) must still emit 2 elements and complete once.
    let relay = PublishRelay<Int>()
    let recorder = EventRecorder<Int>()
    _ = relay.take(2).subscribe { event in
      recorder.on(event)
      if case .next(let value) = event, value < 5 { relay.accept(value + 1) }
    }
    relay.accept(1)
    #expect(recorder.events.current == [.next(1), .next(2), .completed])
  }

  @Test func takeDisposalAndLeaks() {
    Harness.expectReleasedAfterDispose { $0.take(10) }
    Harness.expectReleasedAfterDispose { $0.take(while: { _ in true }) }
    Harness.expectReleasedAfterDispose { $0.take(until: { _ in false }) }
    Harness.expectReleasedAfterDispose { $0.takeLast(2) }
    Harness.expectDisposeInsideOnNextStops({ $0.take(10) }, send: { s in (1...3).forEach(s.onNext) })
    Harness.expectDisposeInsideOnNextStops({ $0.take(while: { _ in true }) }, send: { s in (1...3).forEach(s.onNext) })
  }

  @Test func takeWhileExclusiveAndInclusive() {
    let source = Observable.of(1, 2, 3, 1)
    #expect(Harness.events(source.take(while: { $0 < 3 })) == [.next(1), .next(2), .completed])
    #expect(
      Harness.events(source.take(while: { $0 < 3 }, behavior: .inclusive)) == [
        .next(1), .next(2), .next(3), .completed,
      ]
    )
    #expect(Harness.events(source.take(while: { $0 < 10 })) == [.next(1), .next(2), .next(3), .next(1), .completed])
  }

  @Test func takeWhilePredicateErrorTerminates() {
    let events = Harness.events(
      Observable.of(1, 2, 3).take(while: { value in
        if value == 2 { throw TestError(id: 2) }
        return true
      })
    )
    #expect(events == [.next(1), .error(TestError(id: 2))])
  }

  @Test func takeWhileStopsCallingPredicateAndDisposesSource() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^120", of: Int.self)
    let calls = LockedBox(0)
    let observer = scheduler.start {
      xs.take(while: { value in
        calls.withLock { $0 += 1 }
        return value < 2
      })
    }
    expectMarbles(observer.events, "^1|")
    expectSubscriptions(xs.subscriptions, "^-!")
    #expect(calls.current == 2)
  }

  @Test func takeUntilPredicate() {
    let source = Observable.of(1, 2, 3, 4)
    #expect(Harness.events(source.take(until: { $0 == 3 })) == [.next(1), .next(2), .completed])
    #expect(
      Harness.events(source.take(until: { $0 == 3 }, behavior: .inclusive)) == [
        .next(1), .next(2), .next(3), .completed,
      ]
    )
    let failing = source.take(until: { _ in throw TestError(id: 7) })
    #expect(Harness.events(failing) == [.error(TestError(id: 7))])
  }

  @Test func takeUntilOtherCompletesOnOthersElement() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^12-3", of: Int.self)
    let other = try scheduler.createHotObservable("^--s", values: ["s": "stop"])
    let observer = scheduler.start { source.take(until: other) }
    expectMarbles(observer.events, "^12|")
    expectSubscriptions(source.subscriptions, "^--!")
    expectSubscriptions(other.subscriptions, "^--!")
  }

  @Test func takeUntilOtherErrorAndCompletion() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^--1", of: Int.self)
    let other = try scheduler.createHotObservable("^-|", of: Void.self)
    let observer = scheduler.start { source.take(until: other) }
    expectMarbles(observer.events, "^--1")
    expectSubscriptions(source.subscriptions, "^<79>!")
    expectSubscriptions(other.subscriptions, "^-!")

    let scheduler2 = TestScheduler(initialClock: 0)
    let source2 = try scheduler2.createHotObservable("^--2", of: Int.self)
    let other2 = try scheduler2.createHotObservable("^-#", of: Void.self, error: TestError(id: 3))
    let observer2 = scheduler2.start { source2.take(until: other2) }
    expectMarbles(observer2.events, "^-#", error: TestError(id: 3))
    expectSubscriptions(source2.subscriptions, "^-!")
  }

  @Test func takeUntilOtherFiringSynchronouslyNeverSubscribesSource() {
    let source = CountingSource<Int>()
    let events = Harness.events(source.observable.take(until: Observable.just(())))
    #expect(events == [.completed])
    #expect(source.subscriptions.current == 0)
  }

  @Test func takeUntilOtherSourceTerminates() {
    let other = PublishSubject<Int>()
    #expect(Harness.events(Observable.of(1, 2).take(until: other)) == [.next(1), .next(2), .completed])
    #expect(!other.hasObservers)
    #expect(Harness.events(Observable<Int>.error(TestError()).take(until: other)) == [.error(TestError())])
  }

  @Test func takeUntilOtherLeaksAndDisposal() {
    let other = PublishSubject<Int>()
    Harness.expectReleasedAfterDispose { $0.take(until: other) }
    #expect(!other.hasObservers)
    Harness.expectDisposeInsideOnNextStops({ $0.take(until: other) }, send: { s in (1...3).forEach(s.onNext) })
    #expect(!other.hasObservers)
  }

  @Test func takeUntilOtherSerialisesConcurrentSources() {
    // The source and `other` fire from different threads: events downstream never overlap and nothing follows
    // the completion.
    for _ in 0..<20 {
      let source = PublishSubject<Int>()
      let other = PublishSubject<Int>()
      let inDelivery = LockedBox(false)
      let overlapped = LockedBox(false)
      let afterStop = LockedBox(false)
      let stopped = LockedBox(false)
      _ = source.take(until: other).subscribe { event in
        if stopped.current { afterStop.withLock { $0 = true } }
        let wasDelivering = inDelivery.withLock { flag -> Bool in
          defer { flag = true }
          return flag
        }
        if wasDelivering { overlapped.withLock { $0 = true } }
        if event.isStopEvent { stopped.withLock { $0 = true } }
        inDelivery.withLock { $0 = false }
      }
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          for value in 0..<500 { source.onNext(value) }
        } else {
          for value in 0..<5 { other.onNext(value) }
        }
      }
      #expect(!overlapped.current)
      #expect(!afterStop.current)
      #expect(stopped.current)
    }
  }

  @Test func takeLastEmitsLastElementsOnCompletion() throws {
    #expect(Harness.events(Observable.of(1, 2, 3, 4).takeLast(2)) == [.next(3), .next(4), .completed])
    #expect(Harness.events(Observable.of(1).takeLast(3)) == [.next(1), .completed])
    #expect(Harness.events(Observable.of(1, 2).takeLast(0)) == [.completed])
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^12#", of: Int.self, error: TestError())
    let observer = scheduler.start { xs.takeLast(2) }
    expectMarbles(observer.events, "^--#", error: TestError())
  }

  @Test func takeLastDisposeInsideOnNextStopsReplay() {
    let subject = PublishSubject<Int>()
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    let subscription = subject.takeLast(3).subscribe(onNext: { value in
      received.withLock { $0.append(value) }
      holder.current?.dispose()
    })
    holder.withLock { $0 = subscription }
    (1...5).forEach(subject.onNext)
    subject.onCompleted()
    #expect(received.current == [3])
  }

  @Test func takeLastReleasesItsBufferWhenTheSourceStops() {
    let subject = PublishSubject<Tracked>()
    weak var weakBuffered: Tracked?
    let (recorder, subscription) = Harness.record(subject.takeLast(2))
    do {
      let buffered = Tracked(1)
      weakBuffered = buffered
      subject.onNext(buffered)
    }
    #expect(weakBuffered != nil)
    subject.onError(TestError())
    // The subscription is not disposed yet: only the error may have let the buffered element go.
    #expect(weakBuffered == nil)
    #expect(recorder.events.current.map(\.isStopEvent) == [true])
    subscription.dispose()

    let completing = PublishSubject<Tracked>()
    weak var weakDelivered: Tracked?
    let delivered = LockedBox<[Int]>([])
    _ = completing.takeLast(1).subscribe(onNext: { value in delivered.withLock { $0.append(value.id) } })
    do {
      let last = Tracked(2)
      weakDelivered = last
      completing.onNext(Tracked(1))
      completing.onNext(last)
    }
    completing.onCompleted()
    #expect(delivered.current == [2])
    #expect(weakDelivered == nil)
  }
}
