import Dispatch
import Ferry
import FerryTesting
import Foundation
import Testing

@Suite("observe(on:)", .timeLimit(.minutes(1)))
struct ObserveOnTests {
  @Test func deliversEveryEventInOrderOnTheScheduler() async {
    let fixture = SerialQueueFixture(label: "ferry.tests.observeOn")
    let subject = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    let offQueue = LockedBox(0)
    await awaitSignal { done in
      _ = subject.observe(on: fixture.scheduler).subscribe { event in
        if !fixture.isCurrent { offQueue.withLock { $0 += 1 } }
        recorder.on(event)
        if event.isStopEvent { done() }
      }
      DispatchQueue.global().async {
        for index in 0..<500 { subject.onNext(index) }
        subject.onCompleted()
      }
    }
    #expect(recorder.events.current == (0..<500).map { .next($0) } + [.completed])
    #expect(offQueue.current == 0)
  }

  @Test func concurrentSchedulerStillDeliversSeriallyAndInOrder() async {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let subject = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    let active = LockedBox(0)
    let overlapped = LockedBox(false)
    await awaitSignal { done in
      _ = subject.observe(on: scheduler).subscribe { event in
        if active.withLock({
          $0 += 1; return $0
        }) > 1 {
          overlapped.withLock { $0 = true }
        }
        recorder.on(event)
        active.withLock { $0 -= 1 }
        if event.isStopEvent { done() }
      }
      for index in 0..<300 { subject.onNext(index) }
      subject.onCompleted()
    }
    #expect(recorder.elements == Array(0..<300))
    #expect(!overlapped.current)
  }

  @Test func forwardsErrors() {
    let scheduler = ManualScheduler()
    let recorder = EventRecorder<Int>()
    _ = Observable<Int>.error(TestError(id: 1)).observe(on: scheduler).subscribe(recorder)
    #expect(recorder.count == 0)
    scheduler.run()
    #expect(recorder.events.current == [.error(TestError(id: 1))])
  }

  @Test func disposingStopsPendingDeliveries() {
    let scheduler = ManualScheduler()
    let recorder = EventRecorder<Int>()
    let subscription = Observable.of(1, 2, 3).observe(on: scheduler).subscribe(recorder)
    #expect(scheduler.pendingCount == 1)
    subscription.dispose()
    scheduler.run()
    #expect(recorder.count == 0)
  }

  @Test func disposingOnADispatchQueueBeforeDeliveryStopsIt() {
    let fixture = SerialQueueFixture(label: "ferry.tests.observeOn.dispose")
    let recorder = EventRecorder<Int>()
    let gate = fixture.block()
    let subscription = Observable.of(1, 2, 3).observe(on: fixture.scheduler).subscribe(recorder)
    subscription.dispose()
    gate.signal()
    fixture.drain()
    #expect(recorder.count == 0)
  }

  @Test func disposeFromInsideOnNextStopsAtOnce() {
    let scheduler = ManualScheduler()
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = Observable.of(1, 2, 3).observe(on: scheduler).subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    scheduler.run()
    #expect(received.current == [1])
  }

  @Test func releasesTheObserverAfterDisposal() {
    let scheduler = ManualScheduler()
    weak var weakTracked: Tracked?
    let subscription: any Disposable
    do {
      let tracked = Tracked()
      weakTracked = tracked
      subscription = Observable<Int>.never().observe(on: scheduler).subscribe(onNext: { _ in _ = tracked })
    }
    #expect(weakTracked != nil)
    subscription.dispose()
    #expect(weakTracked == nil)
  }

  @Test @MainActor func mainSchedulerDeliversSynchronouslyOnTheMainQueue() {
    let subject = PublishSubject<Int>()
    let received = LockedBox<[Int]>([])
    let subscription = subject.observe(on: MainScheduler.instance).subscribe(onNext: { value in
      received.withLock { $0.append(value) }
    })
    subject.onNext(1)
    #expect(received.current == [1])
    subject.onNext(2)
    #expect(received.current == [1, 2])
    subscription.dispose()
    subject.onNext(3)
    #expect(received.current == [1, 2])
  }

  @Test @MainActor func mainSchedulerHopsFromABackgroundThread() async {
    let subject = PublishSubject<Int>()
    let received = LockedBox<[Int]>([])
    let onMain = LockedBox(true)
    let bag = DisposeBag()
    await awaitSignal { done in
      subject.observe(on: MainScheduler.instance).subscribe(onNext: { value in
        if !MainScheduler.isOnMainQueue { onMain.withLock { $0 = false } }
        received.withLock { $0.append(value) }
        if value == 99 { done() }
      }).disposed(by: bag)
      DispatchQueue.global().async {
        for index in 0..<100 { subject.onNext(index) }
      }
    }
    #expect(received.current == Array(0..<100))
    #expect(onMain.current)
  }

  @Test @MainActor func reentrantSendOnMainIsQueuedBehindTheCurrentEvent() {
    let subject = PublishSubject<Int>()
    let log = LockedBox<[String]>([])
    let subscription = subject.observe(on: MainScheduler.instance).subscribe(onNext: { value in
      log.withLock { $0.append("start \(value)") }
      if value == 1 { subject.onNext(2) }
      log.withLock { $0.append("end \(value)") }
    })
    subject.onNext(1)
    #expect(log.current == ["start 1", "end 1", "start 2", "end 2"])
    subscription.dispose()
  }
}
