import Ferry
import FerryTesting
import Testing

@Suite struct CompactMapTests {
  @Test func emitsNonNilResults() {
    let recorder = EventRecorder<Int>()
    _ = Observable.of("1", "x", "3").compactMap { Int($0) }.subscribe(recorder)
    #expect(recorder.events.current == [.next(1), .next(3), .completed])
  }

  @Test func thrownErrorTerminates() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^123", of: Int.self)
    let observer = scheduler.start {
      xs.compactMap { value -> Int? in
        if value == 2 { throw TestError(id: 2) }
        return value
      }
    }
    expectMarbles(observer.events, "^1#", error: TestError(id: 2))
    expectSubscriptions(xs.subscriptions, "^-!")
  }

  @Test func forwardsUpstreamError() {
    let recorder = EventRecorder<Int>()
    _ = Observable<Int>.error(TestError(id: 1)).compactMap { $0 }.subscribe(recorder)
    #expect(recorder.events.current == [.error(TestError(id: 1))])
  }

  @Test func disposeInsideOnNextStopsDelivery() {
    let subject = PublishSubject<Int>()
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = subject.compactMap { $0 }.subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    subject.onNext(1)
    subject.onNext(2)
    #expect(received.current == [1])
    #expect(!subject.hasObservers)
  }
}
