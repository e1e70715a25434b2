import Dispatch
import Ferry
import FerryTesting
import Foundation
import Testing

/// `drive`/`emit` handlers are `@MainActor`: events that reach them off the main queue are hopped, not trapped.
@Suite("Driver and Signal threading", .timeLimit(.minutes(1)))
@MainActor
struct DriverThreadingTests {
  @Test func subscribingFromABackgroundThreadDoesNotTrap() async {
    let relay = BehaviorRelay(value: 1)
    let driver = relay.asDriver().startWith(0)
    let received = LockedBox<[Int]>([])
    let onMain = LockedBox(true)
    let holder = LockedBox<(any Disposable)?>(nil)
    await awaitSignal { done in
      DispatchQueue.global().async {
        let subscription = driver.drive(onNext: { value in
          if !MainScheduler.isOnMainQueue { onMain.withLock { $0 = false } }
          received.withLock { $0.append(value) }
          if value == 1 { done() }
        })
        holder.withLock { $0 = subscription }
      }
    }
    holder.current?.dispose()
    #expect(received.current == [0, 1])
    #expect(onMain.current)
  }

  @Test func onDisposedFromABackgroundThreadRunsOnTheMainQueue() async {
    let subscription = Driver<Int>.never().drive(onDisposed: {})
    let onMain = LockedBox(false)
    let tracked = Signal<Int>.never()
    await awaitSignal { done in
      let other = tracked.emit(onDisposed: {
        onMain.withLock { $0 = MainScheduler.isOnMainQueue }
        done()
      })
      DispatchQueue.global().async { other.dispose() }
    }
    subscription.dispose()
    #expect(onMain.current)
  }

  @Test func aMockedSchedulerRunOffTheMainThreadIsHoppedToMain() async {
    let scheduler = ManualScheduler()
    let relay = PublishRelay<Int>()
    let signal = SharingScheduler.mock(scheduler: scheduler) { relay.asSignal() }
    let received = LockedBox<[Int]>([])
    let onMain = LockedBox(true)
    let bag = DisposeBag()
    await awaitSignal { done in
      signal.emit(onNext: { value in
        if !MainScheduler.isOnMainQueue { onMain.withLock { $0 = false } }
        received.withLock { $0.append(value) }
        if value == 3 { done() }
      }).disposed(by: bag)
      relay.accept(1)
      relay.accept(2)
      relay.accept(3)
      DispatchQueue.global().async { scheduler.run() }
    }
    #expect(received.current == [1, 2, 3])
    #expect(onMain.current)
  }
}
