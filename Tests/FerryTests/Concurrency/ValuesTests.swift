import Ferry
import FerryTesting
import Foundation
import Testing

@Suite("Observable.values")
struct ValuesTests {
  /// A source that counts subscriptions and disposals and keeps its observers, to push into by hand.
  final class ProbeSource: @unchecked Sendable {
    // `@unchecked Sendable`: every mutable property is a `LockedBox`.
    let subscriptions = LockedBox(0)
    let disposals = LockedBox(0)
    let observers = LockedBox<[AnyObserver<Int>]>([])
    let initial: [Int]

    init(initial: [Int] = []) { self.initial = initial }

    var observable: Observable<Int> {
      Observable.create { observer in
        self.subscriptions.withLock { $0 += 1 }
        self.observers.withLock { $0.append(observer) }
        for element in self.initial { observer.onNext(element) }
        return Disposables.create { self.disposals.withLock { $0 += 1 } }
      }
    }

    func send(_ event: Event<Int>) {
      for observer in observers.current { observer.on(event) }
    }
  }

  @Test func deliversElementsThenCompletes() async throws {
    var received: [Int] = []
    for try await element in Observable.from([1, 2, 3]).values { received.append(element) }
    #expect(received == [1, 2, 3])
  }

  @Test func throwsTheSourceErrorAfterBufferedElements() async {
    let source = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onNext(2)
      observer.onError(TestError(id: 9))
      return Disposables.create()
    }
    var received: [Int] = []
    await #expect(throws: TestError(id: 9)) {
      for try await element in source.values { received.append(element) }
    }
    #expect(received == [1, 2])
  }

  @Test func subscribesOnlyWhenIterationStarts() async throws {
    let probe = ProbeSource(initial: [1])
    let values = probe.observable.values
    var iterator = values.makeAsyncIterator()
    #expect(probe.subscriptions.current == 0)
    let first = try await iterator.next()
    #expect(first == 1)
    #expect(probe.subscriptions.current == 1)
  }

  @Test func eachIteratorIsItsOwnSubscription() async throws {
    let probe = ProbeSource(initial: [1, 2])
    let values = probe.observable.values
    var first = values.makeAsyncIterator()
    var second = values.makeAsyncIterator()
    #expect(try await first.next() == 1)
    #expect(try await second.next() == 1)
    #expect(try await first.next() == 2)
    #expect(probe.subscriptions.current == 2)
  }

  @Test func breakDisposesAtOnce() async throws {
    let probe = ProbeSource(initial: [1, 2, 3])
    for try await element in probe.observable.values where element == 2 { break }
    #expect(probe.disposals.current == 1)
  }

  @Test func droppingTheIteratorDisposesAtOnce() async throws {
    let probe = ProbeSource(initial: [1])
    do {
      var iterator = probe.observable.values.makeAsyncIterator()
      _ = try await iterator.next()
      #expect(probe.disposals.current == 0)
    }
    #expect(probe.disposals.current == 1)
  }

  /// What a cancelled consumer saw: its elements, and whether the loop ended by throwing `CancellationError`.
  struct Consumed: Equatable, Sendable {
    var elements: [Int] = []
    var threwCancellation = false
  }

  /// Iterates `values` in a task that cancels itself after taking `before` elements (at once for 0).
  static func consume(
    _ values: ObservableValues<Int>, cancellingAfter before: Int, then: @escaping @Sendable () -> Void = {}
  ) async throws -> Consumed {
    try await Task {
      var consumed = Consumed()
      if before == 0 { withUnsafeCurrentTask { $0?.cancel() } }
      do {
        for try await element in values {
          consumed.elements.append(element)
          if consumed.elements.count == before {
            then()
            withUnsafeCurrentTask { $0?.cancel() }
          }
        }
      } catch is CancellationError {
        consumed.threwCancellation = true
      }
      return consumed
    }.value
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func cancellingTheSuspendedConsumerDisposesAndThrowsCancellationError() async throws {
    let probe = ProbeSource(initial: [1])
    // The consumer runs on virtual time: only when the scheduler runs it, and to its next suspension.
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let consumer = time.task {
      var consumed = Consumed()
      do {
        for try await element in probe.observable.values { consumed.elements.append(element) }
      } catch is CancellationError {
        consumed.threwCancellation = true
      }
      return consumed
    }
    // `task` ran the consumer until it suspended in `next()` after the replayed 1.
    #expect(probe.disposals.current == 0)
    consumer.cancel()
    #expect(probe.disposals.current == 1)  // disposed by the cancellation itself, before the consumer resumes
    scheduler.start()
    #expect(try await consumer.value == Consumed(elements: [1], threwCancellation: true))
    #expect(probe.subscriptions.current == 1)
  }

  @Test func cancellingDropsBufferedElementsOfALiveSource() async throws {
    let probe = ProbeSource(initial: [1, 2, 3])
    let consumed = try await Self.consume(probe.observable.values, cancellingAfter: 1)
    #expect(consumed == Consumed(elements: [1], threwCancellation: true))
    #expect(probe.disposals.current == 1)
  }

  @Test func cancelledBeforeIteratingSubscribesDisposesAndThrows() async throws {
    // As a trait's `value` in a cancelled task: subscribed, to learn whether the source terminates inside
    // `subscribe`; this one does not, so it is disposed at once.
    let probe = ProbeSource(initial: [1])
    let consumed = try await Self.consume(probe.observable.values, cancellingAfter: 0)
    #expect(consumed == Consumed(elements: [], threwCancellation: true))
    #expect(probe.subscriptions.current == 1)
    #expect(probe.disposals.current == 1)
  }

  @Test func cancelledBeforeIteratingStillGetsASourceThatTerminatesInsideSubscribe() async throws {
    let completed = try await Self.consume(Observable.from([1, 2, 3]).values, cancellingAfter: 0)
    #expect(completed == Consumed(elements: [1, 2, 3], threwCancellation: false))
    let failing = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onError(TestError(id: 4))
      return Disposables.create()
    }
    await #expect(throws: TestError(id: 4)) {
      try await Self.consume(failing.values, cancellingAfter: 0)
    }
  }

  @Test func cancellingAfterCompletionKeepsTheRemainingElementsAndTheCompletion() async throws {
    let probe = ProbeSource(initial: [1, 2])
    let consumed = try await Self.consume(probe.observable.values, cancellingAfter: 1) {
      probe.send(.next(3))
      probe.send(.completed)
    }
    #expect(consumed == Consumed(elements: [1, 2, 3], threwCancellation: false))
  }

  @Test func cancellingAfterAnErrorKeepsTheRemainingElementsAndTheError() async throws {
    let probe = ProbeSource(initial: [1, 2])
    let received = LockedBox<[Int]>([])
    await #expect(throws: TestError(id: 5)) {
      try await Task {
        var iterator = probe.observable.values(bufferingPolicy: .bufferingOldest(8)).makeAsyncIterator()
        if let first = try await iterator.next() { received.withLock { $0.append(first) } }
        probe.send(.error(TestError(id: 5)))
        withUnsafeCurrentTask { $0?.cancel() }
        while let element = try await iterator.next() { received.withLock { $0.append(element) } }
      }.value
    }
    #expect(received.current == [1, 2])
  }

  @Test func afterTheCancellationNextReturnsNil() async throws {
    let probe = ProbeSource(initial: [1])
    let after = try await Task {
      var iterator = probe.observable.values.makeAsyncIterator()
      withUnsafeCurrentTask { $0?.cancel() }
      await #expect(throws: CancellationError.self) { try await iterator.next() }
      return try await iterator.next()
    }.value
    #expect(after == nil)
  }

  @Test func bufferedElementsAreReturnedAfterCompletion() async throws {
    let probe = ProbeSource(initial: [1, 2])
    var iterator = probe.observable.values.makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    probe.send(.next(3))
    probe.send(.completed)
    #expect(try await iterator.next() == 2)
    #expect(try await iterator.next() == 3)
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next() == nil)
  }

  @Test func bufferingNewestDropsTheOldestElementByElement() async throws {
    let probe = ProbeSource(initial: [1, 2, 3, 4, 5])
    var iterator = probe.observable.values(bufferingPolicy: .bufferingNewest(2)).makeAsyncIterator()
    // The synchronous source filled the buffer during the first `next()`: 1, 2, 3 were dropped.
    #expect(try await iterator.next() == 4)
    probe.send(.next(6))  // [5, 6]
    probe.send(.next(7))  // [6, 7]: 5 dropped
    probe.send(.next(8))  // [7, 8]: 6 dropped
    #expect(try await iterator.next() == 7)
    probe.send(.next(9))  // [8, 9]
    probe.send(.completed)
    #expect(try await iterator.next() == 8)
    #expect(try await iterator.next() == 9)
    #expect(try await iterator.next() == nil)
  }

  @Test func bufferingOldestDropsTheArrivingElementByElement() async throws {
    let probe = ProbeSource(initial: [1, 2, 3, 4, 5])
    var iterator = probe.observable.values(bufferingPolicy: .bufferingOldest(2)).makeAsyncIterator()
    // The buffer kept 1, 2; 3, 4, 5 were dropped.
    #expect(try await iterator.next() == 1)
    probe.send(.next(6))  // [2, 6]
    probe.send(.next(7))  // dropped
    #expect(try await iterator.next() == 2)
    probe.send(.next(8))  // [6, 8]
    probe.send(.completed)
    #expect(try await iterator.next() == 6)
    #expect(try await iterator.next() == 8)
    #expect(try await iterator.next() == nil)
  }

  @Test func unboundedKeepsEverything() async throws {
    let probe = ProbeSource(initial: Array(0..<1000))
    var iterator = probe.observable.values.makeAsyncIterator()
    #expect(try await iterator.next() == 0)
    for element in 1000..<2000 { probe.send(.next(element)) }
    probe.send(.completed)
    var received: [Int] = [0]
    while let element = try await iterator.next() { received.append(element) }
    #expect(received == Array(0..<2000))
  }

  @Test func aMillionElementsFromAnotherThreadArriveCompleteAndInOrder() async throws {
    let count = 1_000_000
    let source = Observable<Int>.create { observer in
      let thread = Thread {
        for element in 0..<count { observer.onNext(element) }
        observer.onCompleted()
      }
      thread.start()
      return Disposables.create()
    }
    var expected = 0
    var checksum = 0
    var outOfOrder = 0
    for try await element in source.values {
      if element != expected { outOfOrder += 1 }
      expected = element + 1
      checksum &+= element &* 31 &+ 7
    }
    #expect(outOfOrder == 0)
    #expect(expected == count)
    #expect(checksum == (0..<count).reduce(0) { $0 &+ $1 &* 31 &+ 7 })
  }

  @Test func releasesBufferedElementsAndSubscriptionWhenTheLoopEnds() async throws {
    let weakElement = WeakSlot<Tracked>()
    let weakResource = WeakSlot<Tracked>()
    let source = Observable<Tracked>.create { observer in
      let resource = Tracked(0)
      weakResource.set(resource)
      let element = Tracked(2)
      weakElement.set(element)
      observer.onNext(Tracked(1))
      observer.onNext(element)
      return Disposables.create { _ = resource }
    }
    for try await _ in source.values { break }
    #expect(weakElement.isNil)
    #expect(weakResource.isNil)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func releasesEverythingWhenTheConsumingTaskIsCancelled() async throws {
    let weakResource = WeakSlot<Tracked>()
    let subject = PublishSubject<Int>()
    let source = Observable<Int>.create { observer in
      let resource = Tracked(0)
      weakResource.set(resource)
      let subscription = subject.subscribe(observer)
      return Disposables.create {
        _ = resource; subscription.dispose()
      }
    }
    // The consumer runs on virtual time: only when the scheduler runs it, and to its next suspension.
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let received = LockedBox<[Int]>([])
    let ended = LockedBox(false)
    let consumer = time.task {
      do {
        for try await element in source.values { received.withLock { $0.append(element) } }
      } catch is CancellationError {
        ended.withLock { $0 = true }
      }
    }
    // `task` ran the consumer up to its first suspension: it subscribed and waits for an element.
    #expect(subject.hasObservers)
    subject.onNext(1)
    scheduler.start()
    #expect(received.current == [1])
    #expect(!ended.current)
    consumer.cancel()
    scheduler.start()
    #expect(ended.current)  // the cancelled loop threw `CancellationError` when the scheduler ran it
    try await consumer.value
    #expect(weakResource.isNil)
    #expect(!subject.hasObservers)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func publishRelayValuesDoNotThrow() {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let relay = PublishRelay<Int>()
    let first = LockedBox<Int??>(nil)
    time.task {
      var iterator = relay.values.makeAsyncIterator()
      let element = await iterator.next()  // no `try`: a relay's values never throw
      first.withLock { $0 = element }
    }
    // `task` ran the consumer up to its suspension in `next()`: it subscribed.
    #expect(relayHasObservers(relay))
    relay.accept(4)
    scheduler.start()
    #expect(first.current == 4)
  }

  private func relayHasObservers(_ relay: PublishRelay<Int>) -> Bool {
    // `PublishRelay` has no `hasObservers`; its observable is the underlying subject.
    (relay.asObservable() as? PublishSubject<Int>)?.hasObservers ?? false
  }

  @Test func behaviorRelayWithNewestOneAlwaysEndsOnTheLatestState() async {
    let relay = BehaviorRelay(value: 0)
    let last = 10_000
    var seen: [Int] = []
    for await state in relay.values(bufferingPolicy: .bufferingNewest(1)) {
      seen.append(state)
      if state == 0 {
        // A fast producer on another thread while this consumer is slow.
        DispatchQueue.global().async {
          for value in 1...last { relay.accept(value) }
        }
      }
      if state == last { break }
    }
    #expect(seen.last == last)
    #expect(seen == seen.sorted())
  }

  @Test func replayRelayReplaysThenContinues() async {
    let relay = ReplayRelay<Int>.create(bufferSize: 2)
    relay.accept(1)
    relay.accept(2)
    relay.accept(3)
    var received: [Int] = []
    for await element in relay.values {
      received.append(element)
      if element == 3 { relay.accept(4) }
      if element == 4 { break }
    }
    #expect(received == [2, 3, 4])
  }

  @MainActor
  @Test func consumingRelayValuesOnTheMainActor() async {
    let relay = BehaviorRelay(value: "a")
    var seen: [String] = []
    for await state in relay.values(bufferingPolicy: .bufferingNewest(1)) {
      MainActor.assertIsolated()
      seen.append(state)
      if state == "a" {
        relay.accept("b")
      } else {
        break
      }
    }
    #expect(seen == ["a", "b"])
  }
}
