import Ferry
import FerryTesting
import Testing

@Suite("PublishSubject")
struct PublishSubjectTests {
  @Test func firstSubscriberWithoutReplayDoesNotBlockDelivery() {
    // Regression: `SubjectCore.subscribe` took the emitter role and kept it when there was nothing to replay,
    // so every later event was queued forever.
    let subject = PublishSubject<Int>()
    let (recorder, _) = Harness.record(subject)
    subject.onNext(1)
    #expect(recorder.events.current == [.next(1)])
  }

  @Test func broadcastsToCurrentObserversOnly() {
    let subject = PublishSubject<Int>()
    let (first, _) = Harness.record(subject)
    subject.onNext(1)
    let (second, _) = Harness.record(subject)
    subject.onNext(2)
    subject.onCompleted()
    #expect(first.events.current == [.next(1), .next(2), .completed])
    #expect(second.events.current == [.next(2), .completed])
    #expect(!subject.hasObservers)
  }

  @Test func removalsInAnyOrderKeepTheOthersInSubscriptionOrder() {
    // Removal leaves a hole that a later removal compacts: every order of disposal must keep the rest delivering,
    // in subscription order, and a disposed observer's handler released at once.
    let subject = PublishSubject<Int>()
    let received = LockedBox<[String]>([])
    final class Token: Sendable {}
    var tokens: [Token?] = (0..<8).map { _ in Token() }
    weak let firstToken = tokens[0]
    var subscriptions: [any Disposable] = []
    for index in 0..<8 {
      let token = tokens[index]!
      subscriptions.append(
        subject.subscribe(onNext: { value in
          withExtendedLifetime(token) { received.withLock { $0.append("\(index):\(value)") } }
        })
      )
    }
    tokens = []
    for index in [0, 5, 2, 7] { subscriptions[index].dispose() }
    #expect(firstToken == nil)
    subject.onNext(1)
    #expect(received.withLock { $0 } == ["1:1", "3:1", "4:1", "6:1"])
    subscriptions.append(subject.subscribe(onNext: { value in received.withLock { $0.append("8:\(value)") } }))
    for index in [3, 1] { subscriptions[index].dispose() }
    subscriptions[0].dispose()
    subject.onNext(2)
    #expect(received.withLock { $0 }.suffix(3) == ["4:2", "6:2", "8:2"])
    #expect(subject.hasObservers)
    for index in [4, 8, 6] { subscriptions[index].dispose() }
    #expect(!subject.hasObservers)
    subject.onNext(3)
    #expect(received.withLock { $0 }.count == 7)
  }

  @Test func eventsAfterStopAreIgnoredAndLateSubscribersGetOnlyTheStop() {
    let subject = PublishSubject<Int>()
    let (recorder, _) = Harness.record(subject)
    subject.onNext(1)
    subject.onError(TestError(id: 1))
    subject.onNext(2)
    subject.onCompleted()
    subject.onError(TestError(id: 2))
    #expect(recorder.events.current == [.next(1), .error(TestError(id: 1))])
    #expect(Harness.events(subject) == [.error(TestError(id: 1))])

    let completed = PublishSubject<Int>()
    completed.onNext(1)
    completed.onCompleted()
    completed.onNext(2)
    #expect(Harness.events(completed) == [.completed])
  }

  @Test func reentrantSendIsDeliveredAfterCurrentElementWithoutReentering() {
    let subject = PublishSubject<Int>()
    let inDelivery = LockedBox(false)
    let reentered = LockedBox(false)
    let first = LockedBox<[Int]>([])
    let second = LockedBox<[Int]>([])
    _ = subject.subscribe(onNext: { value in
      if inDelivery.withLock({ flag in
        defer { flag = true }
        return flag
      }) {
        reentered.withLock { $0 = true }
      }
      first.withLock { $0.append(value) }
      if value < 3 {
        subject.onNext(value * 10)
        subject.onNext(value * 10 + 1)
      }
      inDelivery.withLock { $0 = false }
    })
    _ = subject.subscribe(onNext: { value in second.withLock { $0.append(value) } })
    subject.onNext(1)
    #expect(!reentered.current)
    #expect(first.current == [1, 10, 11])
    #expect(second.current == first.current, "every observer sees the same order")
  }

  @Test func subscribeFromInsideOnNextGetsOnlyLaterEvents() {
    let subject = PublishSubject<Int>()
    let inner = EventRecorder<Int>()
    let subscribed = LockedBox(false)
    _ = subject.subscribe(onNext: { _ in
      let shouldSubscribe = subscribed.withLock { flag -> Bool in
        defer { flag = true }
        return !flag
      }
      if shouldSubscribe { _ = subject.subscribe(inner) }
    })
    subject.onNext(1)
    subject.onNext(2)
    #expect(inner.events.current == [.next(2)])
  }

  @Test func disposingAnotherSubscriptionInsideOnNextStopsItAtOnce() {
    let subject = PublishSubject<Int>()
    let victim = LockedBox<(any Disposable)?>(nil)
    _ = subject.subscribe(onNext: { value in if value == 2 { victim.current?.dispose() } })
    let (recorder, subscription) = Harness.record(subject)
    victim.withLock { $0 = subscription }
    subject.onNext(1)
    subject.onNext(2)
    subject.onNext(3)
    #expect(recorder.events.current == [.next(1)])
  }

  @Test func disposingItselfInsideOnNextStopsAtOnce() {
    Harness.expectDisposeInsideOnNextStops({ $0.asObservable() }, send: { s in (1...3).forEach(s.onNext) })
  }

  @Test func releasesObserversOnDisposeAndOnStop() {
    Harness.expectReleasedAfterDispose { $0.asObservable() }
    let subject = PublishSubject<Int>()
    weak var weakTracked: Tracked?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      _ = subject.subscribe(onNext: { _ in _ = tracked.id })
    }
    #expect(weakTracked != nil)
    subject.onCompleted()
    #expect(weakTracked == nil)
  }

  @Test func disposeBagGoingAwayDisposes() {
    let subject = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    weak var weakTracked: Tracked?
    do {
      let bag = DisposeBag()
      let tracked = Tracked()
      weakTracked = tracked
      subject.subscribe(recorder).disposed(by: bag)
      subject.subscribe(onNext: { _ in _ = tracked.id }).disposed(by: bag)
      subject.onNext(1)
    }
    subject.onNext(2)
    #expect(recorder.events.current == [.next(1)])
    #expect(weakTracked == nil)
    #expect(!subject.hasObservers)
  }
}
