import Dispatch
import Ferry
import FerryTesting
import Foundation
import Testing

@Suite("subscribe(on:)", .timeLimit(.minutes(1)))
struct SubscribeOnTests {
  @Test func subscribesOnTheScheduler() async {
    let fixture = SerialQueueFixture(label: "ferry.tests.subscribeOn")
    let subscribedOnQueue = LockedBox(false)
    let disposedOnQueue = LockedBox(false)
    let recorder = EventRecorder<Int>()
    let source = Observable<Int>.create { observer in
      subscribedOnQueue.withLock { $0 = fixture.isCurrent }
      observer.onNext(1)
      return Disposables.create { disposedOnQueue.withLock { $0 = fixture.isCurrent } }
    }
    let subscription = source.subscribe(on: fixture.scheduler).subscribe(recorder)
    fixture.drain()
    #expect(subscribedOnQueue.current)
    #expect(recorder.elements == [1])
    subscription.dispose()
    fixture.drain()
    #expect(disposedOnQueue.current)
  }

  @Test func disposingBeforeTheScheduledSubscriptionPreventsIt() {
    let scheduler = ManualScheduler()
    let subscribed = LockedBox(false)
    let source = Observable<Int>.create { _ in
      subscribed.withLock { $0 = true }
      return Disposables.create()
    }
    let subscription = source.subscribe(on: scheduler).subscribe(onNext: { _ in })
    subscription.dispose()
    scheduler.run()
    #expect(!subscribed.current)
  }

  @Test func forwardsCompletionAndError() {
    let recorder = EventRecorder<Int>()
    _ = Observable.of(1, 2).subscribe(on: ImmediateScheduler.instance).subscribe(recorder)
    #expect(recorder.events.current == [.next(1), .next(2), .completed])
    let failing = EventRecorder<Int>()
    _ = Observable<Int>.error(TestError()).subscribe(on: CurrentThreadScheduler.instance).subscribe(failing)
    #expect(failing.events.current == [.error(TestError())])
  }

  @Test func releasesTheSourceSubscriptionAfterDisposal() {
    let scheduler = ManualScheduler()
    weak var weakTracked: Tracked?
    let subscription: any Disposable
    do {
      let tracked = Tracked()
      weakTracked = tracked
      subscription = Observable<Int>.never().subscribe(on: scheduler).subscribe(onNext: { _ in _ = tracked })
    }
    scheduler.run()
    subscription.dispose()
    scheduler.run()
    #expect(weakTracked == nil)
  }
}
