import Ferry
import FerryTesting
import Testing

@Suite struct StartWithTests {
  @Test func prefixesElements() {
    let recorder = EventRecorder<Int>()
    _ = Observable.of(3, 4).startWith(1, 2).subscribe(recorder)
    #expect(recorder.events.current == [.next(1), .next(2), .next(3), .next(4), .completed])
  }

  @Test func forwardsError() {
    let recorder = EventRecorder<Int>()
    _ = Observable<Int>.error(TestError()).startWith(0).subscribe(recorder)
    #expect(recorder.events.current == [.next(0), .error(TestError())])
  }

  @Test func prefixIsEmittedBeforeSubscribingToSource() {
    let counter = SubscriptionCounter()
    let subscribedAtElement = LockedBox<[Int]>([])
    let subscription = counter.track(Observable.of(9)).startWith(1, 2).subscribe(onNext: { _ in
      subscribedAtElement.withLock { $0.append(counter.subscribed) }
    })
    #expect(subscribedAtElement.current == [0, 0, 1])
    subscription.dispose()
    #expect(counter.active == 0)
  }

  @Test func disposeStopsDelivery() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^   -1-2", of: Int.self)
    let observer = scheduler.start(disposed: 230) { xs.startWith(0) }
    expectMarbles(observer.events, "(^0)-1")
    expectSubscriptions(xs.subscriptions, "^   --!")
  }

  @Test func disposalAndLeaks() {
    Harness.expectReleasedAfterDispose { $0.startWith(0) }
  }
}
