import Ferry
import FerryOpenCombine
import FerryTesting
import Foundation
import OpenCombine
import Testing

@testable import FerryOpenCombine

@Suite("Publisher.asObservable() / asInfallible()")
struct PublisherToRxTests {
  @Test func elementsThenCompletionInOrder() {
    let subject = PassthroughSubject<Int, TestError>()
    let log = EventLog<Int>()
    let subscription = subject.asObservable().subscribe { log.on($0) }
    defer { subscription.dispose() }
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    subject.send(3)
    #expect(log.elements == [1, 2])
    #expect(log.isCompleted)
  }

  @Test func failureBecomesError() {
    let subject = PassthroughSubject<Int, TestError>()
    let log = EventLog<Int>()
    _ = subject.asObservable().subscribe { log.on($0) }
    subject.send(1)
    subject.send(completion: .failure(TestError(id: 7)))
    #expect(log.elements == [1])
    #expect(log.error as? TestError == TestError(id: 7))
  }

  @Test func subscribesNothingUntilSubscribedThenOnceWithUnlimitedDemandPerSubscription() {
    let factoryRuns = Locked(0)
    let demands = Locked<[Subscribers.Demand]>([])
    let publisher = Deferred { () -> Just<Int> in
      factoryRuns.withLock { $0 += 1 }
      return Just(5)
    }.handleEvents(receiveRequest: { demand in demands.withLock { $0.append(demand) } })
    let observable = publisher.asObservable()
    #expect(factoryRuns.current == 0)
    let first = EventLog<Int>()
    let second = EventLog<Int>()
    _ = observable.subscribe { first.on($0) }
    _ = observable.subscribe { second.on($0) }
    #expect(factoryRuns.current == 2)
    #expect(demands.current == [.unlimited, .unlimited])
    #expect(first.elements == [5] && first.isCompleted)
    #expect(second.elements == [5] && second.isCompleted)
  }

  @Test func disposeCancelsTheCombineSubscriptionBeforeReturningAndNothingFollows() {
    let subject = PassthroughSubject<Int, Never>()
    let cancels = Locked(0)
    let log = EventLog<Int>()
    let subscription = subject.handleEvents(receiveCancel: { cancels.withLock { $0 += 1 } }).asObservable()
      .subscribe { log.on($0) }
    subject.send(1)
    subscription.dispose()
    #expect(cancels.current == 1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(log.events.current.count == 1)
    #expect(log.elements == [1])
  }

  @Test func disposeFromInsideOnNextStopsTheRest() {
    let subject = PassthroughSubject<Int, Never>()
    let log = EventLog<Int>()
    let holder = Locked<(any Disposable)?>(nil)
    let subscription = subject.asObservable().subscribe(onNext: { element in
      log.on(.next(element))
      if element == 2 { holder.current?.dispose() }
    })
    holder.withLock { $0 = subscription }
    [1, 2, 3].forEach(subject.send)
    #expect(log.elements == [1, 2])
  }

  @Test func aSubscriptionThatArrivesAfterDisposalIsCancelledAndNeverAsked() {
    // A publisher may hand out its subscription late (after `subscribe` returned): the subscriber was disposed
    // in between, so it must cancel that subscription and never request from it.
    let log = EventLog<Int>()
    let subscriber = CombineToRxSubscriber<Int, Never>(observer: AnyObserver { log.on($0) })
    subscriber.dispose()
    let probe = ProbeSubscription()
    subscriber.receive(subscription: probe)
    #expect(probe.cancels.current == 1)
    #expect(probe.requests.current.isEmpty)
  }

  @Test func theSubscriberAndWhatItCapturesAreReleasedAfterDispose() {
    let subject = PassthroughSubject<Int, Never>()
    final class Target: Sendable {}
    var target: Target? = Target()
    let weakTarget = Weak(target)
    let subscription = subject.asObservable().subscribe(onNext: { [target] _ in _ = target })
    target = nil
    #expect(weakTarget.object != nil)
    subscription.dispose()
    #expect(weakTarget.object == nil)
  }

  @Test func asInfallibleDrivesAndCompletes() {
    let subject = CurrentValueSubject<String, Never>("a")
    let log = EventLog<String>()
    let subscription = subject.asInfallible().subscribe { log.on($0) }
    defer { subscription.dispose() }
    subject.send("b")
    subject.send(completion: .finished)
    #expect(log.elements == ["a", "b"])
    #expect(log.isCompleted)
  }

  @Test func concurrentSendersArriveWholeAndSerialised() {
    let subject = PassthroughSubject<Int, Never>()
    let count = Locked(0)
    let overlapping = Locked(false)
    let inside = Locked(false)
    let subscription = subject.asObservable().subscribe(onNext: { _ in
      if inside.withLock({ busy in
        defer { busy = true }; return busy
      }) {
        overlapping.withLock { $0 = true }
      }
      count.withLock { $0 += 1 }
      inside.withLock { $0 = false }
    })
    defer { subscription.dispose() }
    let sender = Unchecked(subject)  // PassthroughSubject.send is thread-safe
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for element in 0..<2_000 { sender.value.send(element) }
    }
    #expect(count.current == 8_000)
    #expect(!overlapping.current)
  }
}

/// A Combine subscription that records what is asked of it.
final class ProbeSubscription: OpenCombine.Subscription, @unchecked Sendable {
  // `@unchecked Sendable`: the records are behind their locks.
  let combineIdentifier = CombineIdentifier()
  let requests = Locked<[Subscribers.Demand]>([])
  let cancels = Locked(0)
  func request(_ demand: Subscribers.Demand) { requests.withLock { $0.append(demand) } }
  func cancel() { cancels.withLock { $0 += 1 } }
}
