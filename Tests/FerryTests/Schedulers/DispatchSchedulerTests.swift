import Dispatch
import Ferry
import Foundation
import Testing

@Suite("Dispatch queue schedulers", .timeLimit(.minutes(1)))
struct DispatchSchedulerTests {
  @Test func serialSchedulerRunsActionsInOrderOnItsQueue() {
    let fixture = SerialQueueFixture()
    let log = LockedBox<[Int]>([])
    let onQueue = LockedBox(true)
    for index in 0..<100 {
      _ = fixture.scheduler.schedule(index) { index in
        if !fixture.isCurrent { onQueue.withLock { $0 = false } }
        log.withLock { $0.append(index) }
        return Disposables.create()
      }
    }
    fixture.drain()
    #expect(log.current == Array(0..<100))
    #expect(onQueue.current)
  }

  @Test func disposingBeforeTheActionRunsPreventsIt() {
    let fixture = SerialQueueFixture()
    let gate = fixture.block()
    let ran = LockedBox(false)
    let disposable = fixture.scheduler.schedule(()) { _ in
      ran.withLock { $0 = true }
      return Disposables.create()
    }
    disposable.dispose()
    gate.signal()
    fixture.drain()
    #expect(!ran.current)
  }

  @Test func disposingAfterTheActionRanDisposesItsDisposable() {
    let fixture = SerialQueueFixture()
    let inner = BooleanDisposable()
    let disposable = fixture.scheduler.schedule(()) { _ in inner }
    fixture.drain()
    #expect(!inner.isDisposed)
    disposable.dispose()
    #expect(inner.isDisposed)
  }

  @Test func scheduleRelativeRunsLaterOnTheQueue() async {
    let fixture = SerialQueueFixture()
    let onQueue = LockedBox(false)
    let start = Date()
    let elapsed = LockedBox<TimeInterval>(0)
    await awaitSignal { done in
      _ = fixture.scheduler.scheduleRelative(7, dueTime: .milliseconds(20)) { value in
        onQueue.withLock { $0 = fixture.isCurrent && value == 7 }
        elapsed.withLock { $0 = Date().timeIntervalSince(start) }
        done()
        return Disposables.create()
      }
    }
    #expect(onQueue.current)
    #expect(elapsed.current >= 0.015)
  }

  @Test func disposedRelativeActionNeverRuns() async {
    let fixture = SerialQueueFixture()
    let ran = LockedBox(false)
    let gate = fixture.block()
    let disposable = fixture.scheduler.scheduleRelative((), dueTime: .nanoseconds(0)) { _ in
      ran.withLock { $0 = true }
      return Disposables.create()
    }
    disposable.dispose()
    gate.signal()
    // A later relative action on the same queue fires after the first one's deadline.
    await awaitSignal { done in
      _ = fixture.scheduler.scheduleRelative((), dueTime: .milliseconds(5)) { _ in
        done()
        return Disposables.create()
      }
    }
    fixture.drain()
    #expect(!ran.current)
  }

  @Test func periodicActionThreadsStateAndStopsWhenDisposed() async {
    let fixture = SerialQueueFixture()
    let states = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    await awaitSignal { reachedThree in
      holder.withLock {
        $0 = fixture.scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) { state in
          states.withLock { $0.append(state) }
          if state == 3 { reachedThree() }
          return state + 1
        }
      }
    }
    let disposable = holder.current!
    // Dispose on the queue so that no tick can be in flight afterwards.
    fixture.queue.sync { disposable.dispose() }
    let count = states.current.count
    fixture.drain()
    #expect(Array(states.current.prefix(4)) == [0, 1, 2, 3])
    #expect(states.current.count == count)
  }

  @Test func concurrentSchedulerRunsEveryAction() async {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let count = LockedBox(0)
    await awaitSignal { done in
      for _ in 0..<10 {
        _ = scheduler.schedule(()) { _ in
          if count.withLock({
            $0 += 1; return $0
          }) == 10 {
            done()
          }
          return Disposables.create()
        }
      }
    }
    #expect(count.current == 10)
  }

  @Test func concurrentSchedulerRelativeAndDisposal() async {
    let queue = DispatchQueue(label: "ferry.tests.concurrent", attributes: .concurrent)
    let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
    let ran = LockedBox(false)
    let cancelled = scheduler.scheduleRelative((), dueTime: .seconds(30)) { _ in
      ran.withLock { $0 = true }
      return Disposables.create()
    }
    cancelled.dispose()
    await awaitSignal { done in
      _ = scheduler.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
        done()
        return Disposables.create()
      }
    }
    #expect(!ran.current)
  }

  @Test func serialSchedulerTargetingAQueue() async {
    let target = DispatchQueue(label: "ferry.tests.target", attributes: .concurrent)
    let scheduler = SerialDispatchQueueScheduler(queue: target, internalSerialQueueName: "ferry.tests.inner")
    let qosScheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
    let log = LockedBox<[(Int, Int)]>([])
    await awaitSignal { done in
      for (id, scheduler) in [scheduler, qosScheduler].enumerated() {
        for index in 0..<50 {
          _ = scheduler.schedule(index) { index in
            let count = log.withLock {
              $0.append((id, index)); return $0.count
            }
            if count == 100 { done() }
            return Disposables.create()
          }
        }
      }
    }
    let values = log.current
    // Each serial scheduler preserves its own order.
    #expect(values.filter { $0.0 == 0 }.map(\.1) == Array(0..<50))
    #expect(values.filter { $0.0 == 1 }.map(\.1) == Array(0..<50))
  }

  @Test func immediateSchedulerRunsNow() {
    let box = LockedBox(false)
    let inner = BooleanDisposable()
    let disposable = ImmediateScheduler.instance.schedule(()) { _ in
      box.withLock { $0 = true }
      return inner
    }
    #expect(box.current)
    disposable.dispose()
    #expect(inner.isDisposed)
  }
}
