import Dispatch
import Foundation
import Testing

@testable import Ferry

/// The cheap main-queue check of the main-queue fast paths (`MainScheduler.isOnMainQueueFast`) and what `drive`
/// does when its check fails: the Driver's own `observe(on:)` stage is the only main-queue stage on the common
/// path; `drive` only verifies (a queue check and a load) and hops, in order, whatever still arrives off the main
/// queue.
@Suite("Main-queue check of drive and observe(on:)", .timeLimit(.minutes(1)))
@MainActor
struct MainQueueCheckTests {
  @Test func theFastCheckIsTrueOnlyOnTheMainQueue() async {
    #expect(MainScheduler.isOnMainQueueFast)
    #expect(MainScheduler.isOnMainQueue)
    let onGlobal = DispatchQueue.global().sync { (MainScheduler.isOnMainQueueFast, MainScheduler.isOnMainQueue) }
    #expect(onGlobal == (false, false))
    let inTask = await Task.detached { (MainScheduler.isOnMainQueueFast, MainScheduler.isOnMainQueue) }.value
    #expect(inTask == (false, false))
    let inBlock = LockedBox<(Bool, Bool)?>(nil)
    await awaitSignal { done in
      DispatchQueue.main.async {
        inBlock.withLock { $0 = (MainScheduler.isOnMainQueueFast, MainScheduler.isOnMainQueue) }
        done()
      }
    }
    #expect(inBlock.current.map { $0 == (true, true) } == true)
  }

  @Test func aQueueTargetingMainIsNotTheMainQueueForTheFastCheck() async {
    // Documented: the fast check answers `false` on a queue that only targets the main queue (callers then hop,
    // which is always correct); the precise check walks the target hierarchy.
    let queue = DispatchQueue(label: "targets-main", target: .main)
    let answers = LockedBox<(Bool, Bool)?>(nil)
    await awaitSignal { done in
      queue.async {
        answers.withLock { $0 = (MainScheduler.isOnMainQueueFast, MainScheduler.isOnMainQueue) }
        done()
      }
    }
    #expect(answers.current.map { $0 == (false, true) } == true)
  }

  @Test func elementsSentFromAQueueTargetingMainAreHoppedInOrder() async {
    let relay = PublishRelay<Int>()
    let received = LockedBox<[Int]>([])
    let onMain = LockedBox(true)
    let queue = DispatchQueue(label: "targets-main", target: .main)
    let bag = DisposeBag()
    await awaitSignal { done in
      relay.asDriver().drive(onNext: { value in
        if !MainScheduler.isOnMainQueue { onMain.withLock { $0 = false } }
        received.withLock { $0.append(value) }
        if value == 3 { done() }
      }).disposed(by: bag)
      queue.async {
        relay.accept(1)
        relay.accept(2)
      }
      queue.async { relay.accept(3) }
    }
    #expect(received.current == [1, 2, 3])
    #expect(onMain.current)
  }

  @Test func aReentrantSendIntoTheDriveCheckIsDeferred() async {
    // The re-entrant send is made through `Observable.create`, whose debug-build checker prints RxSwift's
    // "reentrancy anomaly" warning to standard error: the scenario runs in a child process, so the warning is
    // asserted here instead of being printed by a passing run.
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      await Self.reentrantSendThroughTheCheck()
    }
    #if DEBUG
    expectStandardError(of: result, contains: "Ferry: warning: reentrancy anomaly in Observable.create")
    #endif
  }

  static func reentrantSendThroughTheCheck() async {
    // `Observable.create` does not serialise, so the check itself sees the re-entrant send; it queues it for a
    // later main-queue block instead of recursing into the handler.
    let observerBox = LockedBox<AnyObserver<Int>?>(nil)
    let source = Observable<Int>.create { observer in
      observerBox.withLock { $0 = observer }
      return Disposables.create()
    }
    let log = LockedBox<[String]>([])
    let bag = DisposeBag()
    await awaitSignal { done in
      source.subscribeOnMainActor(
        onNext: { value in
          log.withLock { $0.append("start \(value)") }
          if value == 1 { observerBox.current?.onNext(2) }
          log.withLock { $0.append("end \(value)") }
          if value == 2 { done() }
        },
        onCompleted: nil,
        onDisposed: nil
      ).disposed(by: bag)
      observerBox.current?.onNext(1)
      #expect(log.current == ["start 1", "end 1"])
      precondition(log.current == ["start 1", "end 1"], "\(log.current)")
    }
    #expect(log.current == ["start 1", "end 1", "start 2", "end 2"])
    precondition(log.current == ["start 1", "end 1", "start 2", "end 2"], "\(log.current)")
  }

  @Test func anElementDeliveredByABackgroundReplayStillReachesDriveOnMain() async {
    // A background subscriber's replay holds the Driver's shared subject; an element accepted on the main thread
    // meanwhile is queued (the main thread never waits) and delivered by that background thread. `drive`'s check
    // sees it off the main queue and hops it, so the `@MainActor` handler still runs on the main queue, in order.
    let relay = BehaviorRelay(value: 0)
    let driver = relay.asDriver()
    let received = LockedBox<[Int]>([])
    let onMain = LockedBox(true)
    let onOne = LockedBox<(@Sendable () -> Void)?>(nil)
    let subscription = driver.drive(onNext: { value in
      if !MainScheduler.isOnMainQueue { onMain.withLock { $0 = false } }
      received.withLock { $0.append(value) }
      if value == 1 { onOne.current?() }
    })
    #expect(received.current == [0])
    let release = DispatchSemaphore(value: 0)
    let background = LockedBox<(any Disposable)?>(nil)
    let backgroundReceived = LockedBox<[Int]>([])
    await awaitSignal { entered in
      DispatchQueue.global().async {
        let subscription = driver.asObservable().subscribe(onNext: { value in
          backgroundReceived.withLock { $0.append(value) }
          if value == 0 {
            entered()
            release.wait()
          }
        })
        background.withLock { $0 = subscription }
      }
    }
    relay.accept(1)
    // Queued behind the background replay, not delivered inline.
    #expect(received.current == [0])
    await awaitSignal { done in
      onOne.withLock { $0 = done }
      release.signal()
    }
    #expect(received.current == [0, 1])
    #expect(onMain.current)
    subscription.dispose()
    background.current?.dispose()
    #expect(backgroundReceived.current == [0, 1])
  }
}
