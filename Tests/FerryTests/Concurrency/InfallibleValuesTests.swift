import Ferry
import FerryTesting
import Foundation
import Testing

@Suite("values of infallible sequences")
struct InfallibleValuesTests {
  @Test func infallibleValuesDoNotThrow() async {
    var received: [Int] = []
    for await element in Infallible.from([1, 2, 3]).values { received.append(element) }
    #expect(received == [1, 2, 3])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func cancellingTheConsumerEndsTheLoopWithNilAndDisposes() async throws {
    let relay = BehaviorRelay(value: 1)
    // The consumer runs on virtual time: only when the scheduler runs it, and to its next suspension.
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let consumer = time.task {
      var received: [Int] = []
      for await element in relay.values { received.append(element) }  // no `try`: nothing is thrown
      return received
    }
    // `task` ran the consumer until it suspended in `next()` after the current value.
    #expect(relayHasObservers(relay))
    consumer.cancel()
    #expect(!relayHasObservers(relay))  // disposed by the cancellation itself, before the consumer resumes
    scheduler.start()
    #expect(try await consumer.value == [1])
  }

  @Test func cancelledBeforeIteratingGetsASourceThatTerminatesInsideSubscribe() async {
    let received = await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var received: [Int] = []
      for await element in Infallible.from([1, 2]).values { received.append(element) }
      return received
    }.value
    #expect(received == [1, 2])
  }

  private func relayHasObservers(_ relay: BehaviorRelay<Int>) -> Bool {
    (relay.asObservable() as? BehaviorSubject<Int>)?.hasObservers ?? false
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
  @Test func driverValuesOnTheMainActorEndOnTheLatestState() async {
    let relay = BehaviorRelay(value: 0)
    var received: [Int] = []
    for await state in relay.asDriver().values(bufferingPolicy: .bufferingNewest(1)) {
      MainActor.assertIsolated()
      received.append(state)
      if state == 0 { relay.accept(1) }
      if state == 1 { break }
    }
    #expect(received == [0, 1])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @MainActor
  @Test func signalValuesSeeOnlyLaterElements() async {
    let relay = PublishRelay<String>()
    var iterator = relay.asSignal().values.makeAsyncIterator()
    // The tap comes from a main-actor task, which runs only once this test suspends; the iterator subscribes in
    // `next(isolation:)` on the main actor before it suspends. So the tap comes once it is listening.
    Task { @MainActor in
      #expect((relay.asObservable() as? PublishSubject<String>)?.hasObservers == true)
      relay.accept("tap")
    }
    #expect(await iterator.next(isolation: MainActor.shared) == "tap")
  }

  @Test func nonThrowingAsyncSequenceBecomesInfallible() async {
    let stream = AsyncStream<Int> { continuation in
      continuation.yield(1)
      continuation.yield(2)
      continuation.finish()
    }
    let infallible: Infallible<Int> = stream.asInfallible()
    #expect(await awaitEvents(infallible.asObservable()) == [.next(1), .next(2), .completed])
    let viaFrom: Infallible<Int> = Infallible.from(AsyncStream<Int> { $0.finish() })
    #expect(await awaitEvents(viaFrom.asObservable()) == [.completed])
  }
}
