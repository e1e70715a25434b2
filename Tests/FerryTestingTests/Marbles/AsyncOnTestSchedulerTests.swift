import Ferry
import FerryTesting
import Testing

@Suite("Async code on TestScheduler")
struct AsyncOnTestSchedulerTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func slowMapOnVirtualTime() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let input = try time.sequence("-a-b|", values: ["a": 1, "b": 2])
    let recording = time.record {
      input.map { value in
        try await Task.sleep(for: .seconds(20), clock: time.clock)
        return value * 10
      }
    }
    scheduler.start()
    expectMarbles(recording.events, "^--a-(b|)", values: ["a": 10, "b": 20])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func anObservableFeedingAnAsyncConsumer() throws {
    // A hot observable's emission resumes the consumer from a scheduler action that is not AsyncVirtualTime's;
    // the scheduler drains its executor after every action, so the consumer runs at the emission's time.
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let xs = try scheduler.createHotObservable("-1-^-2--3-|", of: Int.self)
    let recording = time.record {
      AsyncStream<Int> { continuation in
        let subscription = xs.subscribe(
          onNext: { continuation.yield($0) }, onError: { _ in continuation.finish() },
          onCompleted: { continuation.finish() })
        continuation.onTermination = { _ in subscription.dispose() }
      }
    }
    scheduler.start()
    expectMarbles(recording.events, "   ^-2--3-|")
    expectSubscriptions(xs.subscriptions, "   ^------!")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aWakeUpFromAnyActionRunsAtThatActionsTime() throws {
    // Processing delay moves *scheduling* for "now" one tick later; it does not delay the jobs an action makes
    // ready, which run inside the action.
    for delay in [true, false] {
      let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: delay)
      let time = AsyncVirtualTime(scheduler)
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
      let recording = time.record { stream }
      scheduler.scheduleAt(220) { continuation.yield(1) }
      scheduler.scheduleAt(240) { continuation.finish() }
      scheduler.start()
      #expect(recording.events == [.next(220, 1), .completed(240)], "simulateProcessingDelay: \(delay)")
    }
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theSchedulerSharesOneExecutor() {
    let scheduler = TestScheduler(initialClock: 0)
    #expect(AsyncVirtualTime(scheduler).executor === scheduler.taskExecutor)
    #expect(AsyncVirtualTime(scheduler).executor === AsyncVirtualTime(scheduler).executor)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func cancellationAtDisposal() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let input = try time.sequence("-1-2-3-4-5-|", of: Int.self)
    let recording = time.record(disposed: 250) { input }
    scheduler.start()
    expectMarbles(recording.events, "^1-2")
    #expect(recording.isDisposed)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theSchedulerAndItsExecutorAreReleased() throws {
    weak var weakScheduler: TestScheduler?
    weak var weakExecutor: VirtualTaskExecutor?
    do {
      let scheduler = TestScheduler(initialClock: 0)
      let time = AsyncVirtualTime(scheduler)
      let input = try time.sequence("-1-|", of: Int.self)
      let observer = scheduler.start { input.asObservable() }
      expectMarbles(observer.events, "^1-|")
      weakScheduler = scheduler
      weakExecutor = time.executor
    }
    #expect(weakScheduler == nil)
    #expect(weakExecutor == nil)
  }
}
