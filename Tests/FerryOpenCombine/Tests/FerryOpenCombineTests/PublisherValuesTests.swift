import Ferry
import FerryOpenCombine
import Foundation
import OpenCombine
import Testing

@Suite("Publisher.values(bufferingPolicy:)")
struct PublisherValuesTests {
  /// Sends 1 once the loop has asked for it, then 2…5 while the loop body handles 1, then completes.
  func burst(
    into subject: PassthroughSubject<Int, Never>, requested: Gate, busy: Gate, release: Gate
  ) async {
    await requested.wait()
    subject.send(1)
    await busy.wait()
    for element in 2...5 { subject.send(element) }
    release.fire()
    subject.send(completion: .finished)
  }

  func consume<S: AsyncSequence>(_ sequence: S, busy: Gate, release: Gate) async throws -> [Int]
  where S.Element == Int {
    var received: [Int] = []
    for try await element in sequence {
      received.append(element)
      if element == 1 {
        busy.fire()
        await release.wait()
      }
    }
    return received
  }

  @Test(arguments: [
    (ValuesBufferingPolicy.unbounded, [1, 2, 3, 4, 5]),
    (.bufferingNewest(2), [1, 4, 5]),
    (.bufferingOldest(2), [1, 2, 3]),
  ])
  func aBurstWhileTheLoopIsBusyIsKeptPerThePolicy(policy: ValuesBufferingPolicy, expected: [Int]) async throws {
    let subject = PassthroughSubject<Int, Never>()
    let (requested, busy, release) = (Gate(), Gate(), Gate())
    let values = subject.handleEvents(receiveRequest: { _ in requested.fire() }).values(bufferingPolicy: policy)
    async let received = consume(values, busy: busy, release: release)
    await burst(into: subject, requested: requested, busy: busy, release: release)
    #expect(try await received == expected)
  }

  @Test func theDefaultPolicyIsLossless() async throws {
    let subject = PassthroughSubject<Int, Never>()
    let (requested, busy, release) = (Gate(), Gate(), Gate())
    let values = subject.handleEvents(receiveRequest: { _ in requested.fire() }).values()
    async let received = consume(values, busy: busy, release: release)
    await burst(into: subject, requested: requested, busy: busy, release: release)
    #expect(try await received == [1, 2, 3, 4, 5])
  }

  /// Why the API exists: Combine's own `values` asks for one element at a time, so a subject's burst sent while the
  /// loop body runs finds no demand and is dropped.
  @Test func combinesOwnValuesLosesTheSameBurst() async throws {
    let subject = PassthroughSubject<Int, Never>()
    let (requested, busy, release) = (Gate(), Gate(), Gate())
    // The gate fires on the first request, so `send(1)` finds demand (OpenCombine's `AsyncPublisher` asks off the
    // caller's actor).
    let values = Unchecked(subject.handleEvents(receiveRequest: { _ in requested.fire() }).values)
    async let received = consume(values.value, busy: busy, release: release)
    await burst(into: subject, requested: requested, busy: busy, release: release)
    #expect(try await received == [1])
  }

  @Test func theFailureIsThrownAfterTheBufferedElements() async {
    let subject = PassthroughSubject<Int, TestError>()
    let requested = Gate()
    let values = subject.handleEvents(receiveRequest: { _ in requested.fire() }).values()
    let consumer = Task {
      var received: [Int] = []
      do {
        for try await element in values { received.append(element) }
        return (received, nil as TestError?)
      } catch {
        return (received, error as? TestError)
      }
    }
    await requested.wait()
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(TestError(id: 3)))
    let (received, error) = await consumer.value
    #expect(received == [1, 2])
    #expect(error == TestError(id: 3))
  }

  @Test func subscribesWhenIterationStartsOncePerIterator() async throws {
    let subscriptions = Locked(0)
    let publisher = Deferred { () -> Publishers.Sequence<[Int], Never> in
      subscriptions.withLock { $0 += 1 }
      return Publishers.Sequence(sequence: [1, 2])
    }
    let values = publisher.values()
    var first = values.makeAsyncIterator()
    var second = values.makeAsyncIterator()
    #expect(subscriptions.current == 0)
    #expect(await first.next() == 1)
    #expect(subscriptions.current == 1)
    #expect(await second.next() == 1)
    #expect(await first.next() == 2)
    #expect(await first.next() == nil)
    #expect(subscriptions.current == 2)
  }

  @Test func leavingTheLoopCancelsTheCombineSubscriptionAtOnce() async {
    let subject = CurrentValueSubject<Int, Never>(1)
    let cancels = Locked(0)
    for await element in subject.handleEvents(receiveCancel: { cancels.withLock { $0 += 1 } }).values() {
      #expect(element == 1)
      break
    }
    #expect(cancels.current == 1)
  }

  @Test func cancellingTheTaskCancelsTheCombineSubscriptionAndEndsTheLoop() async {
    let subject = CurrentValueSubject<Int, Never>(1)
    let cancels = Locked(0)
    let (busy, release) = (Gate(), Gate())
    let values = subject.handleEvents(receiveCancel: { cancels.withLock { $0 += 1 } }).values()
    let consumer = Task {
      var received: [Int] = []
      for await element in values {
        received.append(element)
        busy.fire()
        await release.wait()
      }
      // The loop ended because the task was cancelled: the Combine subscription is already cancelled.
      return (received, cancels.current)
    }
    await busy.wait()
    consumer.cancel()
    subject.send(2)  // buffered, but a cancelled task is handed nothing more
    release.fire()
    let (received, cancelsWhenTheLoopEnded) = await consumer.value
    #expect(received == [1])
    #expect(cancelsWhenTheLoopEnded == 1)
  }

  @Test func cancellingTheTaskThrowsCancellationErrorAfterTheElementsDelivered() async throws {
    // The rule of `observable.values` (as RxSwift's), not Combine's own `values` (which ends with `nil`): a cancelled
    // loop is never mistaken for a publisher that finished.
    let subject = CurrentValueSubject<Int, TestError>(1)
    let cancels = Locked(0)
    let (busy, release) = (Gate(), Gate())
    let values = subject.handleEvents(receiveCancel: { cancels.withLock { $0 += 1 } }).values()
    let received = Locked([Int]())
    let consumer = Task {
      for try await element in values {
        received.withLock { $0.append(element) }
        busy.fire()
        await release.wait()
      }
    }
    await busy.wait()
    consumer.cancel()
    release.fire()
    await #expect(throws: CancellationError.self) { try await consumer.value }
    #expect(received.current == [1])
    #expect(cancels.current == 1)
  }

  @Test func leavingTheLoopReleasesTheCombineSubscription() async {
    final class Probe: Sendable {}
    let subject = CurrentValueSubject<Int, Never>(1)
    let weakProbe = Weak<Probe>(nil)
    func loopOnce() async {
      let probe = Probe()
      weakProbe.object = probe
      for await _ in subject.handleEvents(receiveOutput: { [probe] _ in _ = probe }).values() { break }
    }
    await loopOnce()
    #expect(weakProbe.object == nil)
  }
}
