import Ferry
import FerryTesting
import Testing

/// Reads an async sequence like a slow consumer: after each element it works for `delay` on the virtual clock
/// before asking for the next one. The elements are recorded when they are received.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct SlowConsumer<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable {
  let base: Base
  let delay: Duration
  let clock: TestClock

  func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), delay: delay, clock: clock) }

  struct Iterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let delay: Duration
    let clock: TestClock
    var started = false

    mutating func next() async throws -> Base.Element? {
      if started { try await Task.sleep(for: delay, clock: clock) }
      started = true
      return try await base.next()
    }
  }
}

/// The `values` bridge on virtual time: what a slow consumer sees under each buffering policy.
@Suite("Bridges in marbles")
struct BridgeMarbleTests {
  static let source = "^-1-2-3-4-5-|"

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func consume(_ policy: ValuesBufferingPolicy) throws -> [Recorded<Event<Int>>] {
    // The observable pushes from the scheduler's actions, which drain the executor: the consumer wakes at the very
    // tick an element arrives.
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let xs = try scheduler.createHotObservable(Self.source, of: Int.self)
    let recording = time.record {
      SlowConsumer(base: xs.values(bufferingPolicy: policy), delay: .seconds(30), clock: time.clock)
    }
    scheduler.start()
    return recording.events
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func unboundedKeepsEverything() throws {
    expectMarbles(try consume(.unbounded), "^-1--2--3--4--5--|")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func bufferingNewestDropsTheOldest() throws {
    expectMarbles(try consume(.bufferingNewest(1)), "^-1--2--4--5--|")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func bufferingOldestDropsTheArriving() throws {
    expectMarbles(try consume(.bufferingOldest(1)), "^-1--2--3--5--|")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func cancellingTheConsumerDisposesTheSubscription() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let xs = try scheduler.createHotObservable(Self.source, of: Int.self)
    let recording = time.record(disposed: 250) { xs.values }
    scheduler.start()
    expectMarbles(recording.events, "^-1-2")
    expectSubscriptions(xs.subscriptions, "^----!")
  }
}

/// What happened to async work, and when: `(name, virtual time)` pairs, in order.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class WorkLog: Sendable {
  private let log = Log()
  private let scheduler: TestScheduler

  init(_ scheduler: TestScheduler) { self.scheduler = scheduler }

  /// Appends "`what` @ now".
  func note(_ what: String) { log.append("\(what) @ \(scheduler.clock)") }

  var notes: [String] { log.all }

  /// Sleeps `ticks` on `clock`, noting a cancellation (and rethrowing it).
  func work(_ name: String, ticks: Int64, on clock: TestClock) async throws {
    do {
      try await Task.sleep(for: .seconds(ticks), clock: clock)
    } catch {
      note("\(name) cancelled")
      throw error
    }
  }
}

/// The bridges that start tasks (`asObservable()`, `createAsync`, the async `flatMap` family, `Single.create(work:)`)
/// run on the scheduler's executor under `AsyncVirtualTime`: their timelines are exact and deterministic.
@Suite("Task-starting bridges in marbles")
struct TaskBridgeMarbleTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func asObservablePlaysTheSequenceAndCompletes() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let input = try time.sequence("-1-2-3-|", of: Int.self)
    let observer = scheduler.start { input.asObservable() }
    // A cold sequence starts when the subscription's task makes its iterator: its columns line up with `^`.
    expectMarbles(observer.events, "^1-2-3-|")
    expectSubscriptions(input.subscriptions, "^------!")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func asObservableForwardsTheSequencesError() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let input = try time.sequence("-1-#", of: Int.self, error: MarbleError("offline"))
    let observer = scheduler.start { input.asObservable() }
    expectMarbles(observer.events, "^1-#", error: MarbleError("offline"))
    expectSubscriptions(input.subscriptions, "^--!")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func asObservableDisposedMidStreamCancelsTheIteration() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let input = try time.sequence("-1-2-3-4-|", of: Int.self)
    let observer = scheduler.start(disposed: 250) { input.asObservable() }
    // 3 would arrive at 250 too, but the disposal was scheduled first.
    expectMarbles(observer.events, "^1-2")
    expectSubscriptions(input.subscriptions, "^----!")  // the iteration ends at the disposal, not later
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func asObservableSubscribesOncePerSubscriber() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let input = try time.sequence("-1-2|", of: Int.self)
    let bridged = input.asObservable()
    let first = scheduler.createObserver(Int.self)
    let second = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(200) { _ = bridged.subscribe(first) }
    scheduler.scheduleAt(220) { _ = bridged.subscribe(second) }
    scheduler.start()
    expectMarbles(first.events, "^1-2|")
    expectMarbles(second.events, "^--1-2|")
    expectSubscriptions(input.subscriptions, "^---!", "--^---!")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func createAsyncSendsOnVirtualTimeAndStopsAtDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let log = WorkLog(scheduler)
    let observer = scheduler.start(disposed: 270) {
      Observable<Int>.createAsync { sender in
        for value in 1...5 {
          try await log.work("sleep before \(value)", ticks: 20, on: time.clock)
          try await sender.send(value)
        }
      }
    }
    expectMarbles(observer.events, "^-1-2-3")
    #expect(log.notes == ["sleep before 4 cancelled @ 270"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func flatMapLatestCancelsSupersededWork() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let log = WorkLog(scheduler)
    let xs = try scheduler.createHotObservable("^-a-b-----c----|", of: String.self)
    let observer = scheduler.start {
      xs.flatMapLatest { query in
        try await log.work(query, ticks: 30, on: time.clock)
        return query.uppercased()
      }
    }
    expectMarbles(observer.events, "^------B-----C-|", values: ["B": "B", "C": "C"])
    expectSubscriptions(xs.subscriptions, "^--------------!")
    #expect(log.notes == ["a cancelled @ 240"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func flatMapLatestDisposalCancelsTheRunningWork() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let log = WorkLog(scheduler)
    let xs = try scheduler.createHotObservable("^-a------b----|", of: String.self)
    let observer = scheduler.start(disposed: 310) {
      xs.flatMapLatest { query in
        try await log.work(query, ticks: 30, on: time.clock)
        return query.uppercased()
      }
    }
    expectMarbles(observer.events, "^----A", values: ["A": "A"])
    expectSubscriptions(xs.subscriptions, "^----------!")
    #expect(log.notes == ["b cancelled @ 310"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func asyncFlatMapRunsConcurrentlyAndEmitsInCompletionOrder() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let xs = try scheduler.createHotObservable("^-[5]-[1]-|", of: Int.self)
    let observer = scheduler.start {
      xs.flatMap { frames in
        try await Task.sleep(for: .seconds(frames * 10), clock: time.clock)
        return frames
      }
    }
    // 5 frames of work from 220, 1 frame from 240: the second result comes first; completion waits for both.
    expectMarbles(observer.events, "^----1-(5|)", values: ["1": 1, "5": 5])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func asyncConcatMapQueuesElementsBehindTheRunningWork() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let xs = try scheduler.createHotObservable("^-a-b-c-|", of: String.self)
    let observer = scheduler.start {
      xs.concatMap { value in
        try await Task.sleep(for: .seconds(30), clock: time.clock)
        return value.uppercased()
      }
    }
    expectMarbles(observer.events, "^----A--B--(C|)", values: ["A": "A", "B": "B", "C": "C"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func singleFromAsyncWorkSucceedsAtTheWorksEnd() {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let observer = scheduler.start {
      Single<Int>.create {
        try await Task.sleep(for: .seconds(50), clock: time.clock)
        return 42
      }.asObservable()
    }
    expectMarbles(observer.events, "^----([42]|)")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func singleFromAsyncWorkIsCancelledByDisposal() {
    for detached in [false, true] {
      let scheduler = TestScheduler(initialClock: 0)
      let time = AsyncVirtualTime(scheduler)
      let log = WorkLog(scheduler)
      let observer = scheduler.start(disposed: 230) {
        Single<Int>.create(detached: detached) {
          try await log.work("fetch", ticks: 50, on: time.clock)
          return 42
        }.asObservable()
      }
      expectMarbles(observer.events, "^")
      #expect(log.notes == ["fetch cancelled @ 230"], "detached: \(detached)")
    }
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func singleFromAsyncWorkForwardsItsError() {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let observer = scheduler.start {
      Single<Int>.create {
        try await Task.sleep(for: .seconds(20), clock: time.clock)
        throw MarbleError("offline")
      }.asObservable()
    }
    expectMarbles(observer.events, "^-#", error: MarbleError("offline"))
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func maybeAndCompletableFromAsyncWork() {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let empty = scheduler.start {
      Maybe<Int>.create {
        try await Task.sleep(for: .seconds(20), clock: time.clock)
        return nil
      }.asObservable()
    }
    expectMarbles(empty.events, "^-|")
    let done = TestScheduler(initialClock: 0)
    let doneTime = AsyncVirtualTime(done)
    let completed = done.start {
      Completable.create { try await Task.sleep(for: .seconds(30), clock: doneTime.clock) }.asObservable()
    }
    expectMarbles(completed.events, "^--|")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func awaitingASingleResumesAtItsVirtualTime() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let log = WorkLog(scheduler)
    let xs = try scheduler.createHotObservable("^--7-|", of: Int.self)
    time.schedule(at: 200) {
      let value = try? await xs.asSingle().value
      log.note("value \(value.map(String.init) ?? "nil")")
    }
    scheduler.start()
    // `asSingle` succeeds when the source completes (250), having checked there is exactly one element.
    #expect(log.notes == ["value 7 @ 250"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func tasksStartedInsideBridgeTasksFollowTheSamePreference() {
    for detached in [false, true] {
      let scheduler = TestScheduler(initialClock: 0)
      let time = AsyncVirtualTime(scheduler)
      let inner = Single<Int>.create {
        try await Task.sleep(for: .seconds(20), clock: time.clock)
        return 1
      }
      // A detached task does not copy task-locals; Ferry re-binds the preference inside it.
      let observer = scheduler.start {
        Single<Int>.create(detached: detached) { try await inner.value + 1 }.asObservable()
      }
      expectMarbles(observer.events, "^-(2|)")
    }
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func userTasksOptInWithThePreferredExecutor() {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let log = WorkLog(scheduler)
    #expect(BridgeTasks.preferredExecutor == nil)
    scheduler.scheduleAt(300) {
      #expect(BridgeTasks.preferredExecutor === time.executor)
      Task(executorPreference: BridgeTasks.preferredExecutor) {
        try await log.work("poll", ticks: 20, on: time.clock)
        log.note("polled")
      }
    }
    scheduler.start()
    #expect(log.notes == ["polled @ 320"])
    BridgeTasks.withPreferredExecutor(time.executor) {
      BridgeTasks.withPreferredExecutor(nil) { #expect(BridgeTasks.preferredExecutor == nil) }
    }
  }
}
