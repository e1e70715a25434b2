import Dispatch
import Ferry
import FerryTesting
import Foundation
import Testing

/// A hot source that counts its subscriptions and disposals.
final class SharedCountingSource<Element>: @unchecked Sendable {
  // `@unchecked Sendable`: counters are `LockedBox`es; `subject` is thread-safe.
  let subject = PublishSubject<Element>()
  let subscriptions = LockedBox(0)
  let disposals = LockedBox(0)

  var observable: Observable<Element> {
    Observable.create { observer in
      self.subscriptions.withLock { $0 += 1 }
      let inner = self.subject.subscribe(observer)
      return Disposables.create {
        self.disposals.withLock { $0 += 1 }
        inner.dispose()
      }
    }
  }
}

@Suite("share(replay:scope:)", .timeLimit(.minutes(1)))
struct ShareTests {
  @Test func connectsOnceForManySubscribers() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^-1-2", of: Int.self)
    let shared = source.share()
    let first = observe(shared, on: scheduler, subscribed: 200, disposed: 260)
    let second = observe(shared, on: scheduler, subscribed: 210, disposed: 280)
    scheduler.start()
    expectMarbles(first.events, "^-1-2")
    expectMarbles(second.events, "^-1-2")
    // One connection, ended when the last subscriber leaves.
    expectSubscriptions(source.subscriptions, "^-------!")
  }

  @Test func reconnectsAfterTheCountDropsToZero() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^-1-2", of: Int.self)
    let shared = source.share(replay: 1)
    let first = observe(shared, on: scheduler, subscribed: 200, disposed: 210)
    let second = observe(shared, on: scheduler, subscribed: 230, disposed: 260)
    scheduler.start()
    expectMarbles(first.events, "^")
    expectMarbles(second.events, "^---2")
    expectSubscriptions(source.subscriptions, "^!", "---^--!")
  }

  @Test func replayOneGivesTheLatestToALateSubscriber() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^12-3", of: Int.self)
    let shared = source.share(replay: 1)
    let first = observe(shared, on: scheduler, subscribed: 200, disposed: 300)
    let late = observe(shared, on: scheduler, subscribed: 230, disposed: 300)
    scheduler.start()
    expectMarbles(first.events, "^12-3")
    expectMarbles(late.events, "^--23")
    expectSubscriptions(source.subscriptions, "^---------!")
  }

  @Test func whileConnectedDropsTheBufferOnDisconnect() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^123", of: Int.self)
    let shared = source.share(replay: 2, scope: .whileConnected)
    _ = observe(shared, on: scheduler, subscribed: 200, disposed: 250)
    let replayed = observe(shared, on: scheduler, subscribed: 240, disposed: 240)
    let fresh = observe(shared, on: scheduler, subscribed: 260, disposed: 270)
    scheduler.start()
    expectMarbles(replayed.events, "^---(23)")
    expectMarbles(fresh.events, "^")
    expectSubscriptions(source.subscriptions, "^----!", "------^!")
  }

  @Test func foreverKeepsTheBufferAcrossConnections() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^123--   4", of: Int.self)
    let shared = source.share(replay: 2, scope: .forever)
    _ = observe(shared, on: scheduler, subscribed: 200, disposed: 240)
    let later = observe(shared, on: scheduler, subscribed: 250, disposed: 280)
    scheduler.start()
    expectMarbles(later.events, "^----(23)4")
    expectSubscriptions(source.subscriptions, "^---!", "-----^   --!")
  }

  @Test func foreverReplaysTheTerminalEventWithoutResubscribing() {
    let subscriptions = LockedBox(0)
    let source = Observable<Int>.deferred {
      subscriptions.withLock { $0 += 1 }
      return Observable.of(1, 2, 3)
    }
    let shared = source.share(replay: 1, scope: .forever)
    let first = EventRecorder<Int>()
    let second = EventRecorder<Int>()
    _ = shared.subscribe(first)
    _ = shared.subscribe(second)
    #expect(first.events.current == [.next(1), .next(2), .next(3), .completed])
    #expect(second.events.current == [.next(3), .completed])
    #expect(subscriptions.current == 1)
  }

  @Test func whileConnectedResubscribesAfterCompletion() {
    let subscriptions = LockedBox(0)
    let source = Observable<Int>.deferred {
      subscriptions.withLock { $0 += 1 }
      return Observable.of(1, 2)
    }
    let shared = source.share(replay: 1)
    let first = EventRecorder<Int>()
    let second = EventRecorder<Int>()
    _ = shared.subscribe(first)
    _ = shared.subscribe(second)
    #expect(first.events.current == [.next(1), .next(2), .completed])
    #expect(second.events.current == [.next(1), .next(2), .completed])
    #expect(subscriptions.current == 2)
  }

  @Test func errorsReachEverySubscriberAndEndTheConnection() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^1#", of: Int.self, error: TestError(id: 2))
    let shared = source.share(replay: 1)
    let first = observe(shared, on: scheduler, subscribed: 200, disposed: 1000)
    let second = observe(shared, on: scheduler, subscribed: 200, disposed: 1000)
    scheduler.start()
    expectMarbles(first.events, "^1#", error: TestError(id: 2))
    expectMarbles(second.events, "^1#", error: TestError(id: 2))
    expectSubscriptions(source.subscriptions, "^-!")
  }

  @Test func disposeFromInsideOnNextStopsThatSubscriberOnly() {
    let source = SharedCountingSource<Int>()
    let shared = source.observable.share()
    let received = LockedBox<[Int]>([])
    let other = EventRecorder<Int>()
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = shared.subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    let otherSubscription = shared.subscribe(other)
    source.subject.onNext(1)
    source.subject.onNext(2)
    #expect(received.current == [1])
    #expect(other.elements == [1, 2])
    #expect(source.disposals.current == 0)
    otherSubscription.dispose()
    #expect(source.disposals.current == 1)
  }

  @Test func concurrentSubscribeAndDisposeLeaveNoConnection() {
    let source = SharedCountingSource<Int>()
    let shared = source.observable.share(replay: 1)
    DispatchQueue.concurrentPerform(iterations: 200) { index in
      let subscription = shared.subscribe(onNext: { _ in })
      if index % 3 == 0 { source.subject.onNext(index) }
      subscription.dispose()
    }
    #expect(source.subscriptions.current == source.disposals.current)
    #expect(!source.subject.hasObservers)
  }

  /// Many threads subscribing at the same moment to a shared observable nobody is subscribed to yet connect it once
  /// (each subscriber is a `Thread` of its own, released together, so none waits for a pool's worker).
  @Test(arguments: [(0, SubjectLifetimeScope.whileConnected), (1, .forever)])
  func concurrentFirstSubscribersConnectOnce(replay: Int, scope: SubjectLifetimeScope) {
    let threadCount = 32
    for _ in 0..<10 {
      let connections = LockedBox(0)
      let shared = Observable<Never>.never()
        .do(onSubscribe: { connections.withLock { $0 += 1 } })
        .share(replay: replay, scope: scope)
      let subscriptions = LockedBox<[any Disposable]>([])
      let start = DispatchSemaphore(value: 0)
      let finished = DispatchGroup()
      for _ in 0..<threadCount {
        finished.enter()
        Thread {
          start.wait()
          let subscription = shared.subscribe()
          subscriptions.withLock { $0.append(subscription) }
          finished.leave()
        }.start()
      }
      for _ in 0..<threadCount { start.signal() }
      #expect(finished.wait(timeout: .now() + 10) == .success)
      #expect(connections.current == 1)
      subscriptions.current.forEach { $0.dispose() }
    }
  }

  @Test func releasesEverythingAfterDisconnect() {
    weak var weakTracked: Tracked?
    let source = SharedCountingSource<Tracked>()
    let shared = source.observable.share(replay: 1)
    do {
      let subscription = shared.subscribe(onNext: { _ in })
      let tracked = Tracked()
      weakTracked = tracked
      source.subject.onNext(tracked)
      subscription.dispose()
    }
    #expect(weakTracked == nil)
  }

  @Test func aDisposedSubscriptionKeepsNothingAlive() {
    weak var weakTracked: Tracked?
    let source = SharedCountingSource<Tracked>()
    let shared = source.observable.share(replay: 1, scope: .forever)
    let subscription = shared.subscribe(onNext: { _ in })
    do {
      let tracked = Tracked()
      weakTracked = tracked
      source.subject.onNext(tracked)
    }
    #expect(weakTracked != nil)
    subscription.dispose()
    // `subscription` is still held here, but no longer references the connection or its replay buffer; the
    // `.forever` buffer lives in `shared`, which is dropped below.
    _ = consume shared
    #expect(weakTracked == nil)
    _ = subscription
  }
}

/// Subscribes a new test observer to `source` at `subscribed` and disposes that subscription at `disposed`, on
/// `scheduler`'s virtual time (run it with `scheduler.start()`).
private func observe<Element>(
  _ source: Observable<Element>, on scheduler: TestScheduler, subscribed: TestTime, disposed: TestTime
) -> TestableObserver<Element> {
  let observer = scheduler.createObserver(Element.self)
  let subscription = LockedBox<(any Disposable)?>(nil)
  scheduler.scheduleAt(subscribed) { subscription.withLock { $0 = source.subscribe(observer) } }
  scheduler.scheduleAt(disposed) {
    let current = subscription.withLock { held in
      defer { held = nil }
      return held
    }
    current?.dispose()
  }
  return observer
}
