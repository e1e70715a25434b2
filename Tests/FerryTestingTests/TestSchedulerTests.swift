import Ferry
import FerryTesting
import Foundation
import Testing

private struct SchedulerTestError: Error, Equatable {}

@Suite struct TestSchedulerTests {
  @Test func hotObservableDeliversAbsoluteTimesBetweenSubscribeAndDispose() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(210, 2), .next(300, 3), .completed(400),
    ])
    let res = scheduler.start { xs.asObservable() }
    #expect(res.events == [.next(210, 2), .next(300, 3), .completed(400)])
    #expect(xs.subscriptions == [Subscription(200, 400)])
  }

  @Test func hotObservableStopsAtDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(310, 3)])
    let res = scheduler.start(disposed: 300) { xs.asObservable() }
    #expect(res.events == [.next(210, 1), .next(260, 2)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test func hotObservableWithoutTerminationStaysSubscribedUntilDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1)])
    let res = scheduler.start { xs.asObservable() }
    #expect(res.events == [.next(210, 1)])
    #expect(xs.subscriptions == [Subscription(200, 1000)])
  }

  @Test func coldObservableIsRelativeToEachSubscription() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .completed(30)])
    let res = scheduler.start(created: 50, subscribed: 100, disposed: 1000) { xs.asObservable() }
    #expect(res.events == [.next(110, "a"), .next(120, "b"), .completed(130)])
    #expect(xs.subscriptions == [Subscription(100, 130)])
    #expect(xs.recordedEvents == [.next(10, "a"), .next(20, "b"), .completed(30)])
  }

  @Test func coldObservableDisposalCancelsPendingEvents() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .next(50, 2)])
    let res = scheduler.start(disposed: 230) { xs.asObservable() }
    #expect(res.events == [.next(210, 1)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test func errorsCompareByValue() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, SchedulerTestError())])
    let res = scheduler.start { xs.asObservable() }
    #expect(res.events == [.next(210, 1), .error(220, SchedulerTestError())])
    #expect(res.events != [.next(210, 1), .completed(220)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test func scheduleAtRunsInTimeOrderThenInSchedulingOrder() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [String] = []
    scheduler.scheduleAt(20) { log.append("b@\(scheduler.clock)") }
    scheduler.scheduleAt(10) { log.append("a@\(scheduler.clock)") }
    scheduler.scheduleAt(20) { log.append("c@\(scheduler.clock)") }
    scheduler.start()
    #expect(log == ["a@10", "b@20", "c@20"])
    #expect(scheduler.clock == 20)
  }

  @Test func advanceToRunsOnlyDueActionsAndMovesTheClock() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [TestTime] = []
    scheduler.scheduleAt(10) { log.append(scheduler.clock) }
    scheduler.scheduleAt(30) { log.append(scheduler.clock) }
    scheduler.advanceTo(20)
    #expect(log == [10])
    #expect(scheduler.clock == 20)
    scheduler.advanceTo(30)
    #expect(log == [10, 30])
  }

  @Test func stopEndsStart() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [TestTime] = []
    scheduler.scheduleAt(10) {
      log.append(scheduler.clock)
      scheduler.stop()
    }
    scheduler.scheduleAt(20) { log.append(scheduler.clock) }
    scheduler.start()
    #expect(log == [10])
    scheduler.start()
    #expect(log == [10, 20])
  }

  /// RxTest's rule: `schedule` and `scheduleRelative` (what operators use) move work due now or in the past one tick
  /// later; an absolute time (`scheduleAt`) is kept, and one in the past runs at once, before the work due now.
  @Test func simulatedProcessingDelayMovesOnlyRelativeWorkDueNow() {
    let delayed = TestScheduler(initialClock: 100)
    let absolute = LockedTimes()
    let relative = LockedTimes()
    let later = LockedTimes()
    delayed.scheduleAt(100) { absolute.record(delayed.clock) }
    delayed.scheduleAt(50) { absolute.record(delayed.clock) }
    _ = delayed.schedule(()) { _ in
      relative.record(delayed.clock)
      return Disposables.create()
    }
    _ = delayed.scheduleRelative((), dueTime: .seconds(-5)) { _ in
      relative.record(delayed.clock)
      return Disposables.create()
    }
    _ = delayed.scheduleRelative((), dueTime: .seconds(3)) { _ in
      later.record(delayed.clock)
      return Disposables.create()
    }
    delayed.start()
    #expect(absolute.values == [100, 100])
    #expect(relative.values == [101, 101])
    #expect(later.values == [103])

    let immediate = TestScheduler(initialClock: 100, simulateProcessingDelay: false)
    let immediateTimes = LockedTimes()
    immediate.scheduleAt(50) { immediateTimes.record(immediate.clock) }
    _ = immediate.schedule(()) { _ in
      immediateTimes.record(immediate.clock)
      return Disposables.create()
    }
    immediate.start()
    #expect(immediateTimes.values == [100, 100])
  }

  /// `start`'s times and a cold observable's events are absolute and relative times, never moved: a test that starts
  /// at the initial clock sees a cold observable's first event at the subscription time, as with RxTest.
  @Test func startAtTheInitialClockKeepsEveryTime() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(0, 1), .next(5, 2), .completed(10)])
    let res = scheduler.start(created: 0, subscribed: 0, disposed: 100) { xs.asObservable() }
    #expect(res.events == [.next(0, 1), .next(5, 2), .completed(10)])
    #expect(xs.subscriptions == [Subscription(0, 10)])
  }

  /// Operators schedule through `schedule`, so their work due now still runs one tick later.
  @Test func operatorsStillSeeTheProcessingDelay() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable.just(1, scheduler: scheduler) }
    #expect(res.events == [.next(201, 1), .completed(202)])
  }

  @Test func scheduleRelativeConvertsWithResolution() {
    let seconds = TestScheduler(initialClock: 0)
    let fired = LockedTimes()
    _ = seconds.scheduleRelative((), dueTime: .seconds(5)) { _ in
      fired.record(seconds.clock)
      return Disposables.create()
    }
    seconds.start()
    #expect(fired.values == [5])

    let millis = TestScheduler(initialClock: 0, resolution: 0.001)
    _ = millis.scheduleRelative((), dueTime: .milliseconds(250)) { _ in
      fired.record(millis.clock)
      return Disposables.create()
    }
    millis.start()
    #expect(fired.values == [5, 250])
    #expect(millis.now == Date(timeIntervalSince1970: 0.25))
  }

  @Test func disposingAScheduledActionCancelsIt() {
    let scheduler = TestScheduler(initialClock: 0)
    let fired = LockedTimes()
    let disposable = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
      fired.record(scheduler.clock)
      return Disposables.create()
    }
    disposable.dispose()
    scheduler.start()
    #expect(fired.values.isEmpty)
  }

  @Test func disposingARanActionDisposesWhatItReturned() {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = BooleanDisposable()
    let disposable = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in inner }
    scheduler.start()
    #expect(!inner.isDisposed)
    disposable.dispose()
    #expect(inner.isDisposed)
  }

  @Test func disposedActionIsReleasedAtOnce() {
    let scheduler = TestScheduler(initialClock: 0)
    weak var weakTracked: TrackedObject?
    var disposable: (any Disposable)?
    do {
      let tracked = TrackedObject()
      weakTracked = tracked
      disposable = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
        _ = tracked
        return Disposables.create()
      }
    }
    #expect(weakTracked != nil)
    disposable?.dispose()
    #expect(weakTracked == nil)
  }

  @Test func schedulePeriodicRepeatsUntilDisposed() {
    let scheduler = TestScheduler(initialClock: 0)
    let fired = LockedTimes()
    let disposable = scheduler.schedulePeriodic(0, startAfter: .seconds(10), period: .seconds(5)) { count in
      fired.record(scheduler.clock)
      return count + 1
    }
    scheduler.scheduleAt(26) { disposable.dispose() }
    scheduler.start()
    #expect(fired.values == [10, 15, 20, 25])
  }

  @Test func createObserverRecordsWithClock() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(10) { observer.onNext(1) }
    scheduler.scheduleAt(20) { observer.onCompleted() }
    scheduler.start()
    #expect(observer.events == [.next(10, 1), .completed(20)])
    #expect(observer.events == Recorded.events(.next(10, 1), .completed(20)))
  }

  @Test func scheduleAtCanDisposeASubscription() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(110, 1), .next(210, 2)])
    let observer = scheduler.createObserver(Int.self)
    var subscription: (any Disposable)?
    scheduler.scheduleAt(100) { subscription = xs.subscribe(observer) }
    scheduler.scheduleAt(200) { subscription?.dispose() }
    scheduler.start()
    #expect(observer.events == [.next(110, 1)])
    #expect(xs.subscriptions == [Subscription(100, 200)])
  }

  @Test func recordedDifferenceDescribesTheFirstMismatch() {
    let received: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2)]
    let expected: [Recorded<Event<Int>>] = [.next(210, 1), .next(230, 2)]
    let text = recordedDifference(received, expected)
    #expect(text.contains("differ at index 1"))
    #expect(text.contains("next(2) @ 220"))
    #expect(text.contains("next(2) @ 230"))
  }

  @Test func schedulerAcceptsWorkFromSeveralThreads() {
    let scheduler = TestScheduler(initialClock: 0)
    let fired = LockedTimes()
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      _ = scheduler.scheduleRelative((), dueTime: .seconds(index + 1)) { _ in
        fired.record(scheduler.clock)
        return Disposables.create()
      }
    }
    scheduler.start()
    #expect(fired.values == Array(1...8))
  }
}

/// A thread-safe list of virtual times.
final class LockedTimes: @unchecked Sendable {
  // `@unchecked Sendable`: `storage` is only touched under `lock`.
  private let lock = NSLock()
  private var storage: [TestTime] = []

  func record(_ time: TestTime) {
    lock.lock()
    storage.append(time)
    lock.unlock()
  }

  var values: [TestTime] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}

/// An object whose deallocation tests watch through a weak reference.
final class TrackedObject: Sendable {}
