import Ferry
import FerryOpenCombine
import Foundation
import OpenCombine
import Testing

@Suite("observable.publisher: demand, buffering, termination, cancellation")
struct RxToPublisherTests {
  @Test func aSubscriberAskingOneAtATimeGetsEverythingInOrderAndNeverMoreThanAsked() {
    let relay = BehaviorRelay(value: 0)
    let subscriber = DemandSubscriber<Int, Never>(initialDemand: .max(1))
    relay.publisher.subscribe(subscriber)
    #expect(subscriber.received == [0])
    for element in 1...5 { relay.accept(element) }  // faster than it asks
    #expect(subscriber.received == [0])
    subscriber.request(.max(1))
    #expect(subscriber.received == [0, 1])
    subscriber.request(.max(2))
    #expect(subscriber.received == [0, 1, 2, 3])
    subscriber.request(.max(1))
    relay.accept(6)
    subscriber.request(.max(5))
    #expect(subscriber.received == [0, 1, 2, 3, 4, 5, 6])
    relay.accept(7)
    #expect(subscriber.received == [0, 1, 2, 3, 4, 5, 6, 7])
    #expect(!subscriber.state.current.overDelivered)
  }

  @Test func demandReturnedFromReceiveIsHonoured() {
    let subject = PublishSubject<Int>()
    let subscriber = DemandSubscriber<Int, any Error>(initialDemand: .max(1), demandPerElement: .max(1))
    subject.publisher.subscribe(subscriber)
    for element in 1...4 { subject.onNext(element) }
    #expect(subscriber.received == [1, 2, 3, 4])
    #expect(!subscriber.state.current.overDelivered)
  }

  @Test func theSourceIsSubscribedWhenTheSubscriberGetsItsSubscriptionSoNothingIsLost() {
    let subject = PublishSubject<Int>()
    let subscriber = DemandSubscriber<Int, any Error>()  // no demand yet
    subject.publisher.subscribe(subscriber)
    #expect(subject.hasObservers)
    subject.onNext(1)
    subject.onNext(2)
    subscriber.request(.unlimited)
    #expect(subscriber.received == [1, 2])
  }

  @Test func nothingRunsUntilSubscribed() {
    let subscriptions = Locked(0)
    let observable = Observable<Int>.create { observer in
      subscriptions.withLock { $0 += 1 }
      observer.onNext(1)
      observer.onCompleted()
      return Disposables.create()
    }
    let publisher = observable.publisher
    #expect(subscriptions.current == 0)
    let first = DemandSubscriber<Int, any Error>(initialDemand: .unlimited)
    let second = DemandSubscriber<Int, any Error>(initialDemand: .unlimited)
    publisher.subscribe(first)
    publisher.subscribe(second)
    #expect(subscriptions.current == 2)
    #expect(first.received == [1] && first.isFinished)
    #expect(second.received == [1] && second.isFinished)
  }

  @Test(arguments: [
    (ValuesBufferingPolicy.unbounded, [1, 2, 3, 4, 5]),
    (.bufferingNewest(2), [4, 5]),
    (.bufferingOldest(2), [1, 2]),
  ])
  func elementsBeyondDemandAreBufferedPerThePolicy(policy: ValuesBufferingPolicy, expected: [Int]) {
    let relay = PublishRelay<Int>()
    let subscriber = DemandSubscriber<Int, Never>()
    relay.publisher(bufferingPolicy: policy).subscribe(subscriber)
    for element in 1...5 { relay.accept(element) }
    subscriber.request(.unlimited)
    #expect(subscriber.received == expected)
  }

  @Test func completionWaitsBehindTheBufferedElementsButNotForDemand() {
    let subject = PublishSubject<Int>()
    let subscriber = DemandSubscriber<Int, any Error>()
    subject.publisher.subscribe(subscriber)
    subject.onNext(1)
    subject.onNext(2)
    subject.onCompleted()
    #expect(subscriber.received.isEmpty)
    #expect(subscriber.completion == nil)
    subscriber.request(.max(1))
    #expect(subscriber.received == [1])
    #expect(subscriber.completion == nil)
    subscriber.request(.max(1))
    #expect(subscriber.received == [1, 2])
    #expect(subscriber.isFinished)
  }

  @Test func completionWithNothingBufferedArrivesWithoutDemand() {
    let subject = PublishSubject<Int>()
    let subscriber = DemandSubscriber<Int, any Error>()
    subject.publisher.subscribe(subscriber)
    subject.onCompleted()
    #expect(subscriber.isFinished)
  }

  @Test func anErrorArrivesAfterTheBufferedElements() {
    let subject = PublishSubject<Int>()
    let subscriber = DemandSubscriber<Int, any Error>()
    subject.publisher.subscribe(subscriber)
    subject.onNext(1)
    subject.onError(TestError(id: 4))
    #expect(subscriber.completion == nil)
    subscriber.request(.max(1))
    #expect(subscriber.received == [1])
    guard case .failure(let error)? = subscriber.completion else {
      Issue.record("expected a failure, got \(String(describing: subscriber.completion))")
      return
    }
    #expect(error as? TestError == TestError(id: 4))
  }

  @Test func cancelDisposesTheRxSubscriptionBeforeReturningAndReleasesTheSubscriber() {
    let subject = PublishSubject<Int>()
    let disposals = Locked(0)
    let source = Observable<Int>.create { observer in
      let inner = subject.subscribe(observer)
      return Disposables.create {
        disposals.withLock { $0 += 1 }
        inner.dispose()
      }
    }
    var subscriber: DemandSubscriber<Int, any Error>? = DemandSubscriber(initialDemand: .unlimited)
    let weakSubscriber = Weak(subscriber)
    source.publisher.subscribe(subscriber!)
    subject.onNext(1)
    subscriber!.cancel()
    #expect(disposals.current == 1)
    #expect(!subject.hasObservers)
    subject.onNext(2)
    #expect(subscriber!.received == [1])
    subscriber = nil
    #expect(weakSubscriber.object == nil)
  }

  @Test func aRequestFromInsideReceiveIsHonouredAfterItReturnsWithoutOverlap() {
    let relay = PublishRelay<Int>()
    let holder = Locked<DemandSubscriber<Int, Never>?>(nil)
    let subscriber = DemandSubscriber<Int, Never>(
      initialDemand: .none, onReceive: { _ in holder.current?.request(.max(1)) })
    holder.withLock { $0 = subscriber }
    relay.publisher.subscribe(subscriber)
    for element in 1...3 { relay.accept(element) }
    subscriber.request(.max(1))
    #expect(subscriber.received == [1, 2, 3])
    #expect(!subscriber.state.current.overlapped)
    #expect(!subscriber.state.current.overDelivered)
    holder.withLock { $0 = nil }
  }

  @Test func aProducerThreadAndARequestingThreadNeverOverDeliverOrOverlap() async {
    let relay = PublishRelay<Int>()
    let subscriber = DemandSubscriber<Int, Never>()
    relay.publisher.subscribe(subscriber)
    let count = 5_000
    await withTaskGroup(of: Void.self) { group in
      group.addTask { for element in 0..<count { relay.accept(element) } }
      group.addTask { for _ in 0..<count { subscriber.request(.max(1)) } }
    }
    #expect(subscriber.received == Array(0..<count))
    #expect(!subscriber.state.current.overDelivered)
    #expect(!subscriber.state.current.overlapped)
    subscriber.cancel()
  }

  @Test func sinkWorksAsWithAnyPublisher() {
    let relay = BehaviorRelay(value: "a")
    var received: [String] = []
    var cancellables = Set<AnyCancellable>()
    relay.publisher.sink { received.append($0) }.store(in: &cancellables)
    relay.accept("b")
    cancellables.removeAll()
    relay.accept("c")
    #expect(received == ["a", "b"])
  }

  @Test func infallibleDriverAndSignalPublishersCannotFail() {
    let infallible: AnyPublisher<Int, Never> = Infallible.from([1, 2]).publisher
    var received: [Int] = []
    var finished = false
    _ = infallible.sink(receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
    #expect(received == [1, 2] && finished)

    let replay = ReplayRelay<Int>.create(bufferSize: 2)
    replay.accept(1)
    replay.accept(2)
    replay.accept(3)
    var replayed: [Int] = []
    let subscription = replay.publisher.sink { replayed.append($0) }
    #expect(replayed == [2, 3])
    subscription.cancel()
  }
}

@Suite("trait publishers: lazy, cancellable")
struct TraitPublisherTests {
  @Test func singleRunsNothingUntilSubscribedThenValueAndFinished() {
    let runs = Locked(0)
    let single = Single<Int>.create { observer in
      runs.withLock { $0 += 1 }
      observer(.success(5))
      return Disposables.create()
    }
    let publisher = single.publisher
    #expect(runs.current == 0)
    let subscriber = DemandSubscriber<Int, any Error>(initialDemand: .unlimited)
    publisher.subscribe(subscriber)
    #expect(runs.current == 1)
    #expect(subscriber.received == [5] && subscriber.isFinished)
  }

  @Test func anAsyncSingleStartsItsTaskOnSubscriptionAndCancelCancelsIt() async {
    let (started, cancelled) = (Gate(), Gate())
    let runs = Locked(0)
    let publisher = Single<Int> {
      runs.withLock { $0 += 1 }
      started.fire()
      return await withTaskCancellationHandler {
        await Gate().wait()  // never fires: only cancellation ends the work
        return 0
      } onCancel: {
        cancelled.fire()
      }
    }.publisher
    #expect(runs.current == 0)
    let subscriber = DemandSubscriber<Int, any Error>(initialDemand: .unlimited)
    publisher.subscribe(subscriber)
    await started.wait()
    subscriber.cancel()
    await cancelled.wait()
    #expect(runs.current == 1)
    #expect(subscriber.received.isEmpty)
  }

  @Test func singleFailureAndCompletableAndMaybe() {
    let failing = DemandSubscriber<Int, any Error>(initialDemand: .unlimited)
    Single<Int>.error(TestError(id: 1)).publisher.subscribe(failing)
    guard case .failure(let error)? = failing.completion else {
      Issue.record("expected a failure")
      return
    }
    #expect(error as? TestError == TestError(id: 1))

    let completable = DemandSubscriber<Never, any Error>(initialDemand: .unlimited)
    Completable.empty().publisher.subscribe(completable)
    #expect(completable.isFinished)

    let maybe = DemandSubscriber<Int, any Error>(initialDemand: .unlimited)
    Maybe<Int>.empty().publisher.subscribe(maybe)
    #expect(maybe.received.isEmpty && maybe.isFinished)
  }
}
