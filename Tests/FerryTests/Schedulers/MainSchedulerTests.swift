import Dispatch
import Ferry
import Foundation
import Testing

@Suite("MainScheduler", .timeLimit(.minutes(1)))
@MainActor
struct MainSchedulerTests {
  @Test func runsSynchronouslyWhenScheduledOnTheMainThread() {
    let ran = LockedBox(false)
    _ = MainScheduler.instance.schedule(()) { _ in
      ran.withLock { $0 = true }
      return Disposables.create()
    }
    #expect(ran.current)
  }

  @Test func nestedScheduleIsDeferredInsteadOfRecursing() async {
    let log = LockedBox<[String]>([])
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      _ = MainScheduler.instance.schedule(()) { _ in
        log.withLock { $0.append("outer start") }
        _ = MainScheduler.instance.schedule(()) { _ in
          log.withLock { $0.append("inner") }
          continuation.resume()
          return Disposables.create()
        }
        log.withLock { $0.append("outer end") }
        return Disposables.create()
      }
    }
    #expect(log.current == ["outer start", "outer end", "inner"])
  }

  @Test func scheduleFromABackgroundThreadRunsOnTheMainThread() async {
    let onMain = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      DispatchQueue.global().async {
        _ = MainScheduler.instance.schedule(()) { _ in
          continuation.resume(returning: MainScheduler.isOnMainQueue)
          return Disposables.create()
        }
      }
    }
    #expect(onMain)
  }

  @Test func disposingAPendingMainActionPreventsIt() async {
    let ran = LockedBox(false)
    let disposable = MainScheduler.asyncInstance.schedule(()) { _ in
      ran.withLock { $0 = true }
      return Disposables.create()
    }
    disposable.dispose()
    // Actions on the main queue run in order: once this one ran, the disposed one had its turn.
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      _ = MainScheduler.asyncInstance.schedule(()) { _ in
        continuation.resume()
        return Disposables.create()
      }
    }
    #expect(!ran.current)
  }

  @Test func asyncInstanceNeverRunsSynchronously() async {
    let ran = LockedBox(false)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      _ = MainScheduler.asyncInstance.schedule(()) { _ in
        ran.withLock { $0 = MainScheduler.isOnMainQueue }
        continuation.resume()
        return Disposables.create()
      }
      #expect(!ran.current)
    }
    #expect(ran.current)
  }

  @Test func relativeAndPeriodicActionsRunOnTheMainThread() async {
    let onMain = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      _ = MainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
        continuation.resume(returning: MainScheduler.isOnMainQueue)
        return Disposables.create()
      }
    }
    #expect(onMain)
    let ticks = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      holder.withLock {
        $0 = MainScheduler.instance.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) {
          state in
          ticks.withLock { $0.append(state) }
          if state == 2 {
            holder.current?.dispose()
            continuation.resume()
          }
          return state + 1
        }
      }
    }
    #expect(ticks.current == [0, 1, 2])
  }

  @Test func ensureExecutingOnSchedulerPassesOnMain() {
    MainScheduler.ensureExecutingOnScheduler()
    MainScheduler.ensureRunningOnMainThread()
    #expect(MainScheduler.isOnMainQueue)
  }
}

@Suite("CurrentThreadScheduler")
struct CurrentThreadSchedulerTests {
  @Test func nestedActionsAreTrampolined() {
    let log = LockedBox<[String]>([])
    #expect(CurrentThreadScheduler.isScheduleRequired)
    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
      log.withLock { $0.append("outer start \(CurrentThreadScheduler.isScheduleRequired)") }
      _ = CurrentThreadScheduler.instance.schedule(()) { _ in
        log.withLock { $0.append("inner 1") }
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
          log.withLock { $0.append("inner 3") }
          return Disposables.create()
        }
        return Disposables.create()
      }
      _ = CurrentThreadScheduler.instance.schedule(()) { _ in
        log.withLock { $0.append("inner 2") }
        return Disposables.create()
      }
      log.withLock { $0.append("outer end") }
      return Disposables.create()
    }
    #expect(log.current == ["outer start false", "outer end", "inner 1", "inner 2", "inner 3"])
    #expect(CurrentThreadScheduler.isScheduleRequired)
  }

  @Test func disposingAQueuedActionPreventsIt() {
    let log = LockedBox<[String]>([])
    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
      let queued = CurrentThreadScheduler.instance.schedule(()) { _ in
        log.withLock { $0.append("queued") }
        return Disposables.create()
      }
      queued.dispose()
      log.withLock { $0.append("outer") }
      return Disposables.create()
    }
    #expect(log.current == ["outer"])
  }

  @Test func eachThreadHasItsOwnTrampoline() async {
    let log = LockedBox<[String]>([])
    await awaitSignal { done in
      _ = CurrentThreadScheduler.instance.schedule(()) { _ in
        let thread = Thread {
          _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            log.withLock { $0.append("other thread, immediately") }
            return Disposables.create()
          }
          log.withLock { $0.append("other thread, after") }
          done()
        }
        thread.start()
        return Disposables.create()
      }
    }
    #expect(log.current == ["other thread, immediately", "other thread, after"])
  }
}
