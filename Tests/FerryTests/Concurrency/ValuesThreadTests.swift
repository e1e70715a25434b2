import Ferry
import Foundation
import Testing

@Suite("values races", .timeLimit(.minutes(2)))
struct ValuesThreadTests {
  static let iterations = 10_000

  @Test func cancellationRacesCompletion() async throws {
    let slot = WeakSlot<ReleaseSignal>()
    // The release signal of the latest resource.
    let latestReleased = LockedBox<TestGate?>(nil)
    var arrived = 0
    var completed = 0
    for iteration in 0..<Self.iterations {
      let source = Observable<Int>.create { observer in
        let released = TestGate()
        latestReleased.withLock { $0 = released }
        let resource = ReleaseSignal(iteration, released: released)
        slot.set(resource)
        DispatchQueue.global().async {
          observer.onNext(iteration)
          observer.onCompleted()
        }
        return Disposables.create { _ = resource }
      }
      let consumer = Task {
        var received: [Int] = []
        do {
          for try await element in source.values { received.append(element) }
        } catch is CancellationError {
          return (received, completed: false)
        }
        return (received, completed: true)
      }
      if iteration % 2 == 0 { await Task.yield() }
      consumer.cancel()
      let (received, didComplete) = try await consumer.value
      // Either the element arrived before the cancellation or it did not, and the loop ended with the completion or
      // with `CancellationError`; a completion always comes with the element.
      #expect(received == [] || received == [iteration])
      #expect(!didComplete || received == [iteration])
      if received == [iteration] { arrived += 1 }
      if didComplete { completed += 1 }
    }
    // The last subscription may still be completing on the global queue: its resource signals its release (a leak
    // hangs here until the suite's time limit).
    await latestReleased.current?.wait()
    #expect(slot.isNil)
    print(
      "stress: \(Self.iterations) values loops cancelled while their element arrives: the element in \(arrived),"
        + " none in \(Self.iterations - arrived), the completion in \(completed), every resource released")
  }

  @Test func disposeRacesOnNext() async throws {
    let slot = WeakSlot<Tracked>()
    let producers = DispatchGroup()
    for iteration in 0..<Self.iterations {
      let source = Observable<Int>.create { observer in
        let stopped = LockedBox(false)
        let resource = Tracked(iteration)
        slot.set(resource)
        // The first element arrives during `subscribe`, so the consumer breaks without suspending while the
        // producer thread is starting to send more.
        observer.onNext(0)
        DispatchQueue.global().async(group: producers) {
          var element = 1
          while !stopped.current && element < 1_000 {
            observer.onNext(element)
            element += 1
          }
        }
        return Disposables.create {
          _ = resource
          stopped.withLock { $0 = true }
        }
      }
      var first: Int?
      let lossless = iteration % 2 == 0
      // Breaking out disposes the subscription while the producer thread is inside `onNext`.
      for try await element in source.values(bufferingPolicy: lossless ? .unbounded : .bufferingNewest(1)) {
        first = element
        break
      }
      // `bufferingNewest(1)` may have replaced 0 with a newer element before the first pull.
      #expect(lossless ? first == 0 : first != nil)
    }
    await withCheckedContinuation { continuation in
      producers.notify(queue: .global()) { continuation.resume() }
    }
    #expect(slot.isNil)
  }

  @Test func boundedPoliciesUnderConcurrentProducersNeverBreakOrder() async throws {
    for policy in [ValuesBufferingPolicy.bufferingNewest(3), .bufferingOldest(3)] {
      let subject = PublishSubject<Int>()
      let count = 100_000
      let subscribed = TestGate()
      let consumer = Task {
        var previous = -1
        var inOrder = true
        let source = subject.do(onSubscribed: { subscribed.fire() })
        for try await element in source.values(bufferingPolicy: policy) {
          if element <= previous { inOrder = false }
          previous = element
          if element == -2 { break }
        }
        return inOrder
      }
      await subscribed.wait()
      #expect(subject.hasObservers)
      DispatchQueue.global().async {
        for element in 0..<count { subject.onNext(element) }
        subject.onCompleted()
      }
      #expect(try await consumer.value)
    }
  }
}
