import Dispatch
import Ferry
import FerryTesting
import Synchronization
import Testing

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class Log: Sendable {
  let entries = Mutex<[String]>([])
  func append(_ entry: String) { entries.withLock { $0.append(entry) } }
  var all: [String] { entries.withLock { $0 } }
}

@Suite("Async code on virtual time")
struct VirtualTimeTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func sleepAdvancesWithTheScheduler() {
    let scheduler = MiniVirtualScheduler()
    let time = AsyncVirtualTime(scheduler)
    let log = Log()
    time.task {
      log.append("start \(scheduler.virtualNow)")
      try await Task.sleep(for: .seconds(30), clock: time.clock)
      log.append("after 30s \(scheduler.virtualNow)")
      try await time.clock.sleep(until: time.clock.instant(at: 45))
      log.append("at 45 \(scheduler.virtualNow)")
    }
    #expect(log.all == ["start 0"])  // `task` runs the body up to its first wait
    scheduler.advance(to: 29)
    #expect(log.all == ["start 0"])
    scheduler.advance(to: 30)
    #expect(log.all == ["start 0", "after 30s 30"])
    scheduler.start()
    #expect(log.all == ["start 0", "after 30s 30", "at 45 45"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func cancellingASleepThrowsAtOnce() {
    let scheduler = MiniVirtualScheduler()
    let time = AsyncVirtualTime(scheduler)
    let log = Log()
    let task = time.task {
      do {
        try await Task.sleep(for: .seconds(100), clock: time.clock)
        log.append("woke")
      } catch {
        log.append("\(type(of: error)) at \(scheduler.virtualNow)")
      }
    }
    scheduler.advance(to: 10)
    time.schedule(at: 20) { task.cancel() }
    scheduler.start()
    #expect(log.all == ["CancellationError at 20"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func childTasksRunOnTheExecutorToo() {
    let scheduler = MiniVirtualScheduler()
    let time = AsyncVirtualTime(scheduler)
    let log = Log()
    time.task {
      await withTaskGroup(of: Void.self) { group in
        for delay in [30, 10, 20] {
          group.addTask {
            try? await Task.sleep(for: .seconds(delay), clock: time.clock)
            log.append("\(delay)@\(scheduler.virtualNow)")
          }
        }
      }
      log.append("done@\(scheduler.virtualNow)")
    }
    scheduler.start()
    #expect(log.all == ["10@10", "20@20", "30@30", "done@30"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func recordsADiagramSequenceThroughMap() throws {
    let scheduler = MiniVirtualScheduler()
    let time = AsyncVirtualTime(scheduler)
    let input = try time.sequence("-a-b--c|", values: ["a": 1, "b": 2, "c": 3])
    let recording = time.record { input.map { $0 * 10 } }
    scheduler.start()
    // A cold input's frame 0 is the subscription, which is the `^` frame of the observer's diagram: they align.
    expectMarbles(recording.events, "^a-b--c|", values: ["a": 10, "b": 20, "c": 30])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func errorsAndDisposal() throws {
    let scheduler = MiniVirtualScheduler()
    let time = AsyncVirtualTime(scheduler)
    struct Boom: Error, Equatable {}
    let failing = try time.sequence("-a#", values: ["a": 1], error: Boom())
    let failed = time.record { failing }
    let endless = try time.sequence("-a-b-c-d-e", values: ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5])
    let disposed = time.record(disposed: 235) { endless }
    scheduler.start()
    expectMarbles(failed.events, "^a#", values: ["a": 1], error: Boom())
    expectMarbles(disposed.events, "^a-b", values: ["a": 1, "b": 2])  // c (250) comes after the disposal
    #expect(disposed.isDisposed)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func hotSequenceSharesOneTimeline() throws {
    let scheduler = MiniVirtualScheduler()
    let time = AsyncVirtualTime(scheduler)
    let hot = try time.sequence("a-^-b-c-|", values: ["a": 1, "b": 2, "c": 3], temperature: .hot)
    let early = time.record { hot }
    let late = time.record(subscribed: 230) { hot }
    scheduler.start()
    expectMarbles(early.events, "^-b-c-|", values: ["b": 2, "c": 3])
    expectMarbles(late.events, "^c-|", values: ["c": 3], subscribed: 230)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func neverEndingSequenceEndsByCancellation() throws {
    let scheduler = MiniVirtualScheduler()
    let time = AsyncVirtualTime(scheduler)
    let endless = try time.sequence("-a", values: ["a": 1])
    let log = Log()
    let task = time.task {
      do {
        for try await value in endless { log.append("\(value)@\(scheduler.virtualNow)") }
        log.append("ended")
      } catch {
        log.append("\(type(of: error))@\(scheduler.virtualNow)")
      }
    }
    time.schedule(at: 50) { task.cancel() }
    scheduler.start()
    #expect(log.all == ["1@10", "CancellationError@50"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func deterministicAcrossRuns() throws {
    var runs: Set<[String]> = []
    for _ in 0..<50 {
      let scheduler = MiniVirtualScheduler()
      let time = AsyncVirtualTime(scheduler)
      let log = Log()
      for name in ["x", "y", "z"] {
        time.task {
          for step in 0..<3 {
            try await Task.sleep(for: .seconds(step == 1 ? 0 : 5), clock: time.clock)
            log.append("\(name)\(step)@\(scheduler.virtualNow)")
          }
        }
      }
      scheduler.start()
      runs.insert(log.all)
    }
    #expect(runs.count == 1)
    #expect(runs.first?.count == 9)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aMarbleSequenceRecordsEachIterationAsASubscription() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let finite = try time.sequence("-1-|", of: Int.self)
    let failing = try time.sequence("-1#", of: Int.self)
    let endless = try time.sequence("-1-2-3-4", of: Int.self)
    _ = time.record { finite }  // ends with `|` at 230
    _ = time.record { failing }  // ends with `#` at 220
    _ = time.record(disposed: 240) { endless }  // cancelled at 240
    _ = time.record(subscribed: 300) { endless.prefix(1) }  // released after one element, at 310
    scheduler.start()
    expectSubscriptions(finite.subscriptions, "^--!")
    expectSubscriptions(failing.subscriptions, "^-!")
    expectSubscriptions(endless.subscriptions, "^---!", "----------^!")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func anIterationStillRunningHasNoEnd() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let endless = try time.sequence("-1-2", of: Int.self)
    let recording = time.record(disposed: 1000) { endless }
    scheduler.advanceTo(500)
    #expect(endless.subscriptions == [Subscription(200)])
    scheduler.start()
    #expect(endless.subscriptions == [Subscription(200, 1000)])
    #expect(recording.isDisposed)
  }
}

@Suite("Virtual task executor")
struct VirtualTaskExecutorTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aJobReadiedOnAnotherThreadRunsWhenTheSchedulerRuns() {
    let scheduler = MiniVirtualScheduler()
    let time = AsyncVirtualTime(scheduler)
    let log = Log()
    let taskStarted = DispatchSemaphore(value: 0)
    let resumed = DispatchSemaphore(value: 0)
    time.task {
      let value = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
        DispatchQueue.global().async {
          // Resume only once `time.task` has returned: a resume while its drain is still running would be run
          // by that drain, which is not what this test is about.
          taskStarted.wait()
          continuation.resume(returning: 7)
          resumed.signal()
        }
      }
      log.append("got \(value)")
    }
    taskStarted.signal()
    // A hang guard only: the other thread resumes at once.
    #expect(resumed.wait(timeout: .now() + 10) == .success)
    #expect(log.all.isEmpty)  // the job waits for the scheduler
    #expect(time.executor.pendingJobCount == 1)
    scheduler.start()
    #expect(log.all == ["got 7"])
    #expect(time.executor.pendingJobCount == 0)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func jobsReadiedByOtherSchedulerActionsRunInAScheduledDrain() {
    let scheduler = MiniVirtualScheduler()
    let time = AsyncVirtualTime(scheduler)
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let log = Log()
    time.task {
      for await value in stream { log.append("\(value)@\(scheduler.virtualNow)") }
      log.append("finished@\(scheduler.virtualNow)")
    }
    scheduler.scheduleVirtual(at: 50) { continuation.yield(1) }
    scheduler.scheduleVirtual(at: 70) {
      continuation.yield(2)
      continuation.finish()
    }
    #expect(time.executor.pendingJobCount == 0)
    scheduler.start()
    #expect(log.all == ["1@50", "2@70", "finished@70"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func tasksStartedFromTasksRunInTheSameDrain() {
    let scheduler = MiniVirtualScheduler()
    let time = AsyncVirtualTime(scheduler)
    let log = Log()
    time.task {
      try await Task.sleep(for: .seconds(5), clock: time.clock)
      let inner = time.task {
        log.append("inner@\(scheduler.virtualNow)")
        return 42
      }
      log.append("outer got \(try await inner.value)@\(scheduler.virtualNow)")
    }
    scheduler.start()
    #expect(log.all == ["inner@5", "outer got 42@5"])
  }
}

@Suite("Testing with marbles guide (async)")
struct AsyncGuideExampleTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func slowMapOnVirtualTime() throws {
    let scheduler = MiniVirtualScheduler()
    let time = AsyncVirtualTime(scheduler)
    let input = try time.sequence("-a-b|", values: ["a": 1, "b": 2])

    let recording = time.record {
      input.map { value in
        try await Task.sleep(for: .seconds(20), clock: time.clock)  // 20 ticks: two frames
        return value * 10
      }
    }

    scheduler.start()
    expectMarbles(recording.events, "^--a-(b|)", values: ["a": 10, "b": 20])
  }
}
