import Ferry
import FerryTesting
import Foundation
import Testing

/// An actor that hands out numbers and logs every request, behind an `AsyncSequence`.
actor NumberSource {
  private var current = 0
  private let limit: Int
  let log: LockedBox<[String]>

  init(limit: Int, log: LockedBox<[String]>) {
    self.limit = limit
    self.log = log
  }

  func next() -> Int? {
    guard current < limit else { return nil }
    defer { current += 1 }
    log.withLock { $0.append("pull \(current)") }
    return current
  }
}

struct NumberSequence: AsyncSequence, Sendable {
  typealias Element = Int
  let source: NumberSource

  struct AsyncIterator: AsyncIteratorProtocol {
    let source: NumberSource
    mutating func next() async -> Int? { await source.next() }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: source) }
}

@Suite("AsyncSequence.asObservable")
struct AsyncSequenceObservableTests {
  @Test func emitsElementsThenCompletes() async {
    let stream = AsyncStream<Int> { continuation in
      for element in 1...3 { continuation.yield(element) }
      continuation.finish()
    }
    let events = await awaitEvents(stream.asObservable())
    #expect(events == [.next(1), .next(2), .next(3), .completed])
  }

  @Test func observableFromIsTheSame() async {
    let stream = AsyncStream<Int> { continuation in
      continuation.yield(7)
      continuation.finish()
    }
    let events = await awaitEvents(Observable.from(stream, priority: .high))
    #expect(events == [.next(7), .completed])
  }

  @Test func errorsBecomeErrorEvents() async {
    let stream = AsyncThrowingStream<Int, any Error> { continuation in
      continuation.yield(1)
      continuation.finish(throwing: TestError(id: 3))
    }
    let events = await awaitEvents(stream.asObservable())
    #expect(events == [.next(1), .error(TestError(id: 3))])
  }

  @Test func actorBackedSequenceIsPulledOneElementAtATime() async {
    let log = LockedBox<[String]>([])
    let sequence = NumberSequence(source: NumberSource(limit: 3, log: log))
    let observable = sequence.asObservable().map { element -> Int in
      log.withLock { $0.append("onNext \(element)") }
      return element
    }
    let events = await awaitEvents(observable)
    #expect(events == [.next(0), .next(1), .next(2), .completed])
    #expect(log.current == ["pull 0", "onNext 0", "pull 1", "onNext 1", "pull 2", "onNext 2"])
  }

  @Test func disposingCancelsTheTaskAndEmitsNothing() async {
    let terminated = TestGate()
    let received = TestGate()
    let stream = AsyncStream<Int> { continuation in
      continuation.onTermination = { reason in
        if case .cancelled = reason { terminated.fire() }
      }
      continuation.yield(1)
    }
    let recorder = EventRecorder<Int>()
    let subscription = stream.asObservable().subscribe { event in
      recorder.on(event)
      received.fire()
    }
    await received.wait()
    subscription.dispose()
    await terminated.wait()
    #expect(recorder.events.current == [.next(1)])
  }

  @Test func disposingFromInsideOnNextStopsPulling() async {
    let log = LockedBox<[String]>([])
    let sequence = NumberSequence(source: NumberSource(limit: 1_000, log: log))
    let holder = SingleAssignmentDisposable()
    let recorder = EventRecorder<Int>()
    let stopped = TestGate()
    holder.setDisposable(
      sequence.asObservable().subscribe { event in
        recorder.on(event)
        if case .next(2) = event {
          holder.dispose()
          stopped.fire()
        }
      }
    )
    await stopped.wait()
    #expect(recorder.events.current == [.next(0), .next(1), .next(2)])
    // The task may have been about to pull 3 when it was cancelled; it never pulls further.
    #expect(log.current.count <= 4)
  }

  @Test func theTaskIsReleasedAfterDisposal() async {
    let slot = WeakSlot<ReleaseSignal>()
    let terminated = TestGate()
    let released = TestGate()
    let stream = AsyncStream<Int> { continuation in
      let resource = ReleaseSignal(released: released)
      slot.set(resource)
      continuation.onTermination = { _ in
        _ = resource
        terminated.fire()
      }
    }
    let subscription = stream.asObservable().subscribe { _ in }
    subscription.dispose()
    await terminated.wait()
    // The stream (and the resource its termination handler holds) goes away with the task: the resource signals
    // its release (a leak hangs here until the test's time limit).
    await released.wait()
    #expect(slot.isNil)
  }
}

@Suite("Observable.createAsync")
struct CreateAsyncTests {
  @Test func sendReturnsAfterTheObserverHandledTheElement() async {
    let log = LockedBox<[String]>([])
    let observable = Observable<Int>.createAsync { sender in
      for element in 1...3 {
        try await sender.send(element)
        log.withLock { $0.append("sent \(element)") }
      }
    }
    let events = await awaitEvents(
      observable.map { element -> Int in
        log.withLock { $0.append("got \(element)") }
        return element
      })
    #expect(events == [.next(1), .next(2), .next(3), .completed])
    #expect(log.current == ["got 1", "sent 1", "got 2", "sent 2", "got 3", "sent 3"])
  }

  @Test func throwingFails() async {
    let observable = Observable<Int>.createAsync { sender in
      try await sender.send(1)
      throw TestError(id: 1)
    }
    #expect(await awaitEvents(observable) == [.next(1), .error(TestError(id: 1))])
  }

  @Test func eachSubscriptionRunsTheBodyAgain() async {
    let runs = LockedBox(0)
    let observable = Observable<Int>.createAsync { sender in
      let run = runs.withLock { value -> Int in
        value += 1
        return value
      }
      try await sender.send(run)
    }
    #expect(await awaitEvents(observable) == [.next(1), .completed])
    #expect(await awaitEvents(observable) == [.next(2), .completed])
  }

  @Test func disposeFromInsideOnNextMakesSendThrowAndEmitsNothingMore() async {
    let bodyEnded = TestGate()
    let sendError = LockedBox<(any Error)?>(nil)
    let observable = Observable<Int>.createAsync { sender in
      defer { bodyEnded.fire() }
      do {
        for element in 1...100 { try await sender.send(element) }
      } catch {
        sendError.withLock { $0 = error }
        throw error
      }
    }
    let holder = SingleAssignmentDisposable()
    let recorder = EventRecorder<Int>()
    holder.setDisposable(
      observable.subscribe { event in
        recorder.on(event)
        if case .next(2) = event { holder.dispose() }
      }
    )
    await bodyEnded.wait()
    #expect(recorder.events.current == [.next(1), .next(2)])
    #expect(sendError.current is CancellationError)
  }

  @Test func disposingCancelsTheTask() async {
    let started = TestGate()
    let cancelled = TestGate()
    let observable = Observable<Int>.createAsync { _ in
      started.fire()
      await withTaskCancellationHandler {
        await TestGate().wait()  // never fires: only cancellation ends this body
      } onCancel: {
        cancelled.fire()
      }
    }
    let recorder = EventRecorder<Int>()
    let subscription = observable.subscribe(recorder)
    await started.wait()
    subscription.dispose()
    await cancelled.wait()
    #expect(recorder.count == 0)
  }
}
