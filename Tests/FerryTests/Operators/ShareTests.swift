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
  @Test func connectsOnceForManySubscribers() {
    let source = SharedCountingSource<Int>()
    let shared = source.observable.share()
    let first = EventRecorder<Int>()
    let second = EventRecorder<Int>()
    #expect(source.subscriptions.current == 0)
    let one = shared.subscribe(first)
    let two = shared.subscribe(second)
    #expect(source.subscriptions.current == 1)
    source.subject.onNext(1)
    source.subject.onNext(2)
    #expect(first.elements == [1, 2])
    #expect(second.elements == [1, 2])
    one.dispose()
    #expect(source.disposals.current == 0)
    two.dispose()
    #expect(source.disposals.current == 1)
  }

  @Test func reconnectsAfterTheCountDropsToZero() {
    let source = SharedCountingSource<Int>()
    let shared = source.observable.share(replay: 1)
    let first = EventRecorder<Int>()
    shared.subscribe(first).dispose()
    source.subject.onNext(1)
    let second = EventRecorder<Int>()
    let subscription = shared.subscribe(second)
    source.subject.onNext(2)
    #expect(source.subscriptions.current == 2)
    #expect(source.disposals.current == 1)
    #expect(second.elements == [2])
    subscription.dispose()
    #expect(source.disposals.current == 2)
  }

  @Test func replayOneGivesTheLatestToALateSubscriber() {
    let source = SharedCountingSource<Int>()
    let shared = source.observable.share(replay: 1)
    let first = EventRecorder<Int>()
    let late = EventRecorder<Int>()
    let one = shared.subscribe(first)
    source.subject.onNext(1)
    source.subject.onNext(2)
    let two = shared.subscribe(late)
    source.subject.onNext(3)
    #expect(first.elements == [1, 2, 3])
    #expect(late.elements == [2, 3])
    one.dispose()
    two.dispose()
  }

  @Test func whileConnectedDropsTheBufferOnDisconnect() {
    let source = SharedCountingSource<Int>()
    let shared = source.observable.share(replay: 2, scope: .whileConnected)
    let first = shared.subscribe(EventRecorder<Int>())
    source.subject.onNext(1)
    source.subject.onNext(2)
    source.subject.onNext(3)
    let replayed = EventRecorder<Int>()
    shared.subscribe(replayed).dispose()
    #expect(replayed.elements == [2, 3])
    first.dispose()
    let fresh = EventRecorder<Int>()
    let subscription = shared.subscribe(fresh)
    #expect(fresh.count == 0)
    subscription.dispose()
  }

  @Test func foreverKeepsTheBufferAcrossConnections() {
    let source = SharedCountingSource<Int>()
    let shared = source.observable.share(replay: 2, scope: .forever)
    let first = shared.subscribe(EventRecorder<Int>())
    source.subject.onNext(1)
    source.subject.onNext(2)
    source.subject.onNext(3)
    first.dispose()
    #expect(source.disposals.current == 1)
    let later = EventRecorder<Int>()
    let subscription = shared.subscribe(later)
    #expect(source.subscriptions.current == 2)
    source.subject.onNext(4)
    #expect(later.elements == [2, 3, 4])
    subscription.dispose()
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

  @Test func errorsReachEverySubscriberAndEndTheConnection() {
    let source = SharedCountingSource<Int>()
    let shared = source.observable.share(replay: 1)
    let first = EventRecorder<Int>()
    let second = EventRecorder<Int>()
    _ = shared.subscribe(first)
    _ = shared.subscribe(second)
    source.subject.onNext(1)
    source.subject.onError(TestError(id: 2))
    #expect(first.events.current == [.next(1), .error(TestError(id: 2))])
    #expect(second.events.current == [.next(1), .error(TestError(id: 2))])
    #expect(source.disposals.current == 1)
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
