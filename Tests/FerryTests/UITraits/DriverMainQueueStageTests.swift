import Dispatch
import Ferry
import Foundation
import Testing

/// The main-queue stage of `Driver` and `Signal`: an element sent on the main queue reaches a
/// main-thread subscriber inline; one sent on another thread is hopped to the main queue in order, and anything
/// sent on the main queue meanwhile waits behind it.
///
/// Allocation-free inline delivery is measured by the benchmark suite (`Core.Driver.drive`, malloc threshold in
/// `Benchmarks/Thresholds/`), not here.
@Suite("Driver and Signal main-queue stage", .timeLimit(.minutes(1)))
@MainActor
struct DriverMainQueueStageTests {
  @Test func aMainThreadProducerIsDeliveredInline() {
    let relay = BehaviorRelay(value: 0)
    let received = LockedBox<[Int]>([])
    let subscription = relay.asDriver().drive(onNext: { value in received.withLock { $0.append(value) } })
    for value in 1...3 {
      relay.accept(value)
      // Delivered before `accept` returns: no main-queue block in between.
      #expect(received.current == Array(0...value))
    }
    subscription.dispose()
  }

  @Test func aMainThreadProducerIsDeliveredInlineToASignal() {
    let relay = PublishRelay<Int>()
    let received = LockedBox<[Int]>([])
    let subscription = relay.asSignal().emit(onNext: { value in received.withLock { $0.append(value) } })
    relay.accept(1)
    #expect(received.current == [1])
    relay.accept(2)
    #expect(received.current == [1, 2])
    subscription.dispose()
  }

  @Test func aBackgroundProducerIsDeliveredOnMainInOrder() async {
    let relay = PublishRelay<Int>()
    let driver = relay.asDriver(onErrorJustReturn: -1)
    let received = LockedBox<[Int]>([])
    let onMain = LockedBox(true)
    let count = 1_000
    let bag = DisposeBag()
    await awaitSignal { done in
      driver.drive(onNext: { value in
        if !MainScheduler.isOnMainQueue { onMain.withLock { $0 = false } }
        received.withLock { $0.append(value) }
        if value == count - 1 { done() }
      }).disposed(by: bag)
      DispatchQueue.global().async {
        for value in 0..<count { relay.accept(value) }
      }
    }
    #expect(received.current == Array(0..<count))
    #expect(onMain.current)
  }

  @Test func aMainThreadElementWaitsBehindElementsQueuedFromAnotherThread() async {
    let relay = PublishRelay<Int>()
    let received = LockedBox<[Int]>([])
    let bag = DisposeBag()
    await awaitSignal { done in
      relay.asDriver().drive(onNext: { value in
        received.withLock { $0.append(value) }
        if value == 4 { done() }
      }).disposed(by: bag)
      // Queued for a main-queue block that cannot run before this one returns.
      DispatchQueue.global().sync {
        for value in 1...3 { relay.accept(value) }
      }
      relay.accept(4)
      // Not inline: it would overtake 1, 2 and 3.
      #expect(received.current.isEmpty)
    }
    #expect(received.current == [1, 2, 3, 4])
  }

  @Test func aReentrantSendIsDeferredToALaterMainQueueBlock() async {
    // The re-entrant send is made through `Observable.create`, whose debug-build checker prints RxSwift's
    // "reentrancy anomaly" warning to standard error: the scenario runs in a child process, so the warning is
    // asserted here instead of being printed by a passing run.
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      await Self.reentrantSendThroughTheStage()
    }
    #if DEBUG
    expectStandardError(of: result, contains: "Ferry: warning: reentrancy anomaly in Observable.create")
    #endif
  }

  static func reentrantSendThroughTheStage() async {
    // `Observable.create` does not serialise, so the stage itself sees the re-entrant send (a subject would queue
    // it first). As RxSwift's `MainScheduler`, the stage defers it instead of recursing.
    let observerBox = LockedBox<AnyObserver<Int>?>(nil)
    let driver = Observable<Int>.create { observer in
      observerBox.withLock { $0 = observer }
      return Disposables.create()
    }.asDriver(onErrorJustReturn: -1)
    let log = LockedBox<[String]>([])
    let bag = DisposeBag()
    await awaitSignal { done in
      driver.drive(onNext: { value in
        log.withLock { $0.append("start \(value)") }
        if value == 1 { observerBox.current?.onNext(2) }
        log.withLock { $0.append("end \(value)") }
        if value == 2 { done() }
      }).disposed(by: bag)
      observerBox.current?.onNext(1)
      #expect(log.current == ["start 1", "end 1"])
      precondition(log.current == ["start 1", "end 1"], "\(log.current)")
    }
    #expect(log.current == ["start 1", "end 1", "start 2", "end 2"])
    precondition(log.current == ["start 1", "end 1", "start 2", "end 2"], "\(log.current)")
  }

  @Test func disposalStopsDeliveryOfQueuedElements() async {
    let relay = PublishRelay<Int>()
    let received = LockedBox<[Int]>([])
    let subscription = relay.asDriver().drive(onNext: { value in received.withLock { $0.append(value) } })
    DispatchQueue.global().sync {
      for value in 1...3 { relay.accept(value) }
    }
    subscription.dispose()
    // The stage's main-queue block was enqueued before this one, so it has run (and found the stage disposed).
    await awaitSignal { done in DispatchQueue.main.async { done() } }
    #expect(received.current.isEmpty)
  }

  @Test func disposalReleasesTheStageTheHandlersAndQueuedElements() async {
    let relay = PublishRelay<Tracked>()
    weak var weakCaptured: Tracked?
    weak var weakQueued: Tracked?
    var subscription: (any Disposable)?
    do {
      let captured = Tracked(1)
      weakCaptured = captured
      subscription = relay.asDriver().drive(onNext: { _ in _ = captured })
      let queued = Tracked(2)
      weakQueued = queued
      DispatchQueue.global().sync { relay.accept(queued) }
    }
    #expect(weakQueued != nil)
    subscription?.dispose()
    subscription = nil
    // The pending main-queue block holds the stage until it runs; let it run.
    await awaitSignal { done in DispatchQueue.main.async { done() } }
    #expect(weakCaptured == nil)
    #expect(weakQueued == nil)
  }
}
