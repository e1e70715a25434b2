import Dispatch
import Ferry
import FerryTesting
import Foundation
import Testing

/// Builds a Driver chain inside a `@MainActor` function, as a view controller would.
@MainActor
private func bindLabel(
  to relay: BehaviorRelay<Int>,
  log: LockedBox<[String]>,
  onMainQueue: LockedBox<Bool>,
  done: @escaping @Sendable () -> Void
) -> any Disposable {
  relay.asDriver()
    .map { "value \($0)" }
    .filter { !$0.isEmpty }
    .drive(onNext: { text in
      if !MainScheduler.isOnMainQueue { onMainQueue.withLock { $0 = false } }
      log.withLock { $0.append(text) }
      if text == "value 2" { done() }
    })
}

@MainActor
private final class ScreenStub {
  var rendered: [Int] = []
  func render(_ value: Int) { rendered.append(value) }
}

@Suite("Driver", .timeLimit(.minutes(1)))
@MainActor
struct DriverTests {
  @Test func replaysTheLatestElementAndSharesOneSubscription() {
    let source = SharedCountingSource<Int>()
    let driver = source.observable.asDriver(onErrorJustReturn: -1)
    let first = LockedBox<[Int]>([])
    let late = LockedBox<[Int]>([])
    let one = driver.drive(onNext: { value in first.withLock { $0.append(value) } })
    source.subject.onNext(1)
    source.subject.onNext(2)
    let two = driver.drive(onNext: { value in late.withLock { $0.append(value) } })
    source.subject.onNext(3)
    #expect(first.current == [1, 2, 3])
    #expect(late.current == [2, 3])
    #expect(source.subscriptions.current == 1)
    one.dispose()
    two.dispose()
    #expect(source.disposals.current == 1)
  }

  @Test func deliversSynchronouslyWhenFedOnTheMainQueue() {
    let relay = BehaviorRelay(value: 0)
    let received = LockedBox<[Int]>([])
    let subscription = relay.asDriver().drive(onNext: { value in received.withLock { $0.append(value) } })
    #expect(received.current == [0])
    relay.accept(1)
    #expect(received.current == [0, 1])
    subscription.dispose()
    relay.accept(2)
    #expect(received.current == [0, 1])
  }

  @Test func deliversOnTheMainQueueWhenFedFromABackgroundThread() async {
    let relay = PublishRelay<Int>()
    let received = LockedBox<[Int]>([])
    let onMain = LockedBox(true)
    let bag = DisposeBag()
    await awaitSignal { done in
      relay.asDriver().drive(onNext: { value in
        if !MainScheduler.isOnMainQueue { onMain.withLock { $0 = false } }
        received.withLock { $0.append(value) }
        if value == 49 { done() }
      }).disposed(by: bag)
      DispatchQueue.global().async {
        for value in 0..<50 { relay.accept(value) }
      }
    }
    #expect(received.current == Array(0..<50))
    #expect(onMain.current)
  }

  @Test func chainBuiltOnTheMainActorAndFedFromABackgroundThreadDoesNotTrap() async {
    let relay = BehaviorRelay(value: 0)
    let log = LockedBox<[String]>([])
    let onMain = LockedBox(true)
    let holder = LockedBox<(any Disposable)?>(nil)
    await awaitSignal { done in
      holder.withLock { $0 = bindLabel(to: relay, log: log, onMainQueue: onMain, done: done) }
      DispatchQueue.global().async {
        relay.accept(1)
        relay.accept(2)
      }
    }
    holder.current?.dispose()
    #expect(log.current == ["value 0", "value 1", "value 2"])
    #expect(onMain.current)
  }

  @Test func onErrorJustReturnEmitsTheFallbackAndCompletes() async {
    let received = LockedBox<[Int]>([])
    let bag = DisposeBag()
    await awaitSignal { done in
      Observable<Int>.error(TestError()).startWith(1).asDriver(onErrorJustReturn: 42)
        .drive(onNext: { value in received.withLock { $0.append(value) } }, onCompleted: { done() })
        .disposed(by: bag)
    }
    #expect(received.current == [1, 42])
  }

  @Test func onErrorDriveWithContinuesWithTheFallbackDriver() async {
    let received = LockedBox<[Int]>([])
    let bag = DisposeBag()
    await awaitSignal { done in
      Observable<Int>.error(TestError()).asDriver(onErrorDriveWith: Driver.of(7, 8))
        .drive(onNext: { value in received.withLock { $0.append(value) } }, onCompleted: { done() })
        .disposed(by: bag)
    }
    #expect(received.current == [7, 8])
  }

  @Test func onErrorDriveWithEmptyJustCompletes() async {
    let received = LockedBox<[Int]>([])
    let bag = DisposeBag()
    await awaitSignal { done in
      Observable<Int>.error(TestError()).asDriver(onErrorDriveWith: .empty())
        .drive(onNext: { value in received.withLock { $0.append(value) } }, onCompleted: { done() })
        .disposed(by: bag)
    }
    #expect(received.current.isEmpty)
  }

  @Test func onErrorRecoverReceivesTheError() async {
    let received = LockedBox<[Int]>([])
    let bag = DisposeBag()
    await awaitSignal { done in
      Observable<Int>.error(TestError(id: 5))
        .asDriver(onErrorRecover: { error in Driver.just((error as? TestError)?.id ?? -1) })
        .drive(onNext: { value in received.withLock { $0.append(value) } }, onCompleted: { done() })
        .disposed(by: bag)
    }
    #expect(received.current == [5])
  }

  @Test func factoryMethodsDeliverSynchronouslyOnMain() async {
    let received = LockedBox<[String]>([])
    await awaitSignal { done in
      _ = Driver.just(1).drive(
        onNext: { value in received.withLock { $0.append("just \(value)") } },
        onCompleted: { received.withLock { $0.append("just completed") } }
      )
      // As in RxCocoa, `of` / `from` schedule each element (and the completion) on the main scheduler: the first
      // action runs inline on the main queue, the next ones are scheduled from inside it and so come later.
      _ = Driver.of(1, 2).drive(
        onNext: { value in received.withLock { $0.append("of \(value)") } },
        onCompleted: { done() }
      )
      _ = Driver.from([3]).drive(onNext: { value in received.withLock { $0.append("from \(value)") } })
      _ = Driver<Int>.empty().drive(onCompleted: { received.withLock { $0.append("empty completed") } })
      let never = Driver<Int>.never().drive(onNext: { _ in received.withLock { $0.append("never") } })
      never.dispose()
      #expect(received.current == ["just 1", "just completed", "of 1", "from 3", "empty completed"])
    }
    #expect(received.current == ["just 1", "just completed", "of 1", "from 3", "empty completed", "of 2"])
  }

  @Test func driveWithHoldsTheObjectWeakly() {
    let relay = BehaviorRelay(value: 1)
    var screen: ScreenStub? = ScreenStub()
    weak let weakScreen = screen
    let subscription = relay.asDriver().drive(with: screen!, onNext: { screen, value in screen.render(value) })
    relay.accept(2)
    #expect(screen?.rendered == [1, 2])
    screen = nil
    #expect(weakScreen == nil)
    relay.accept(3)
    subscription.dispose()
  }

  @Test func driveIntoRelaysAndObservers() {
    let source = BehaviorRelay(value: 1)
    let target = BehaviorRelay(value: 0)
    let optionalTarget = BehaviorRelay<Int?>(value: nil)
    let publish = PublishRelay<Int>()
    let published = LockedBox<[Int]>([])
    let observed = EventRecorder<Int>()
    let optionalObserved = EventRecorder<Int?>()
    let bag = DisposeBag()
    publish.subscribe(onNext: { value in published.withLock { $0.append(value) } }).disposed(by: bag)
    bag.insert {
      source.asDriver().drive(target)
      source.asDriver().drive(optionalTarget)
      source.asDriver().drive(publish)
      source.asDriver().drive(observed)
      source.asDriver().drive(optionalObserved)
    }
    source.accept(2)
    #expect(target.value == 2)
    #expect(optionalTarget.value == 2)
    #expect(published.current == [1, 2])
    #expect(observed.elements == [1, 2])
    #expect(optionalObserved.elements == [1, 2])
  }

  @Test func disposeFromInsideOnNextStopsDelivery() {
    let relay = BehaviorRelay(value: 0)
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = relay.asDriver().drive(onNext: { value in
        received.withLock { $0.append(value) }
        if value == 1 { holder.current?.dispose() }
      })
    }
    relay.accept(1)
    relay.accept(2)
    #expect(received.current == [0, 1])
  }

  @Test func plainDriveAndEmitSubscribe() {
    let source = SharedCountingSource<Int>()
    let driving = source.observable.asDriver(onErrorDriveWith: .empty()).drive()
    let emitting = source.observable.asSignal(onErrorSignalWith: .empty()).emit()
    #expect(source.subscriptions.current == 2)
    driving.dispose()
    emitting.dispose()
    #expect(source.disposals.current == 2)
  }

  @Test func deferredCreatesASequencePerSubscription() {
    let made = LockedBox(0)
    let driver = Driver<Int>.deferred {
      made.withLock { $0 += 1 }
      return Driver.just(made.current)
    }
    let received = LockedBox<[Int]>([])
    driver.drive(onNext: { value in received.withLock { $0.append(value) } }).dispose()
    driver.drive(onNext: { value in received.withLock { $0.append(value) } }).dispose()
    #expect(received.current == [1, 2])
  }

  @Test func onDisposedRunsOnDisposal() {
    let disposed = LockedBox(false)
    let subscription = Driver<Int>.never().drive(onDisposed: { disposed.withLock { $0 = true } })
    #expect(!disposed.current)
    subscription.dispose()
    #expect(disposed.current)
  }

  @Test func releasesHandlersAfterDisposal() {
    let relay = BehaviorRelay(value: 0)
    weak var weakTracked: Tracked?
    let subscription: any Disposable
    do {
      let tracked = Tracked()
      weakTracked = tracked
      subscription = relay.asDriver().drive(onNext: { _ in _ = tracked })
    }
    #expect(weakTracked != nil)
    subscription.dispose()
    #expect(weakTracked == nil)
  }

  /// One Driver delivering into another on the main thread: the inner one is delivered inline, as in RxSwift (each
  /// Driver has its own main scheduler, whose re-entrancy check is its own).
  @Test func nestedDriverDeliveryOnTheMainThreadRunsInline() {
    let outer = BehaviorRelay(value: 0)
    let inner = BehaviorRelay(value: 0)
    let log = LockedBox<[String]>([])
    let bag = DisposeBag()
    inner.asDriver().skipFirstForTest().drive(onNext: { value in
      log.withLock { $0.append("inner \(value)") }
    }).disposed(by: bag)
    outer.asDriver().drive(onNext: { value in
      guard value == 1 else { return }
      inner.accept(value)
      log.withLock { $0.append("outer \(value)") }
    }).disposed(by: bag)
    outer.accept(1)
    #expect(log.current == ["inner 1", "outer 1"])
  }

  /// On the main thread `BehaviorRelay("initial").asDriver().drive(observer)`, then a second Driver that emits
  /// synchronously driven into that relay: every value is recorded synchronously.
  @Test func driverDrivenIntoARelayObservedByAnotherDriverIsRecordedSynchronously() {
    let relay = BehaviorRelay(value: "initial")
    let recorded = LockedBox<[String]>([])
    let bag = DisposeBag()
    relay.asDriver().drive(onNext: { value in recorded.withLock { $0.append(value) } }).disposed(by: bag)
    let second = BehaviorRelay(value: "a")
    second.asDriver().drive(relay).disposed(by: bag)
    second.accept("b")
    Driver.just("c").drive(relay).disposed(by: bag)
    #expect(recorded.current == ["initial", "a", "b", "c"])
  }

  /// The same through `flatMapLatest` chains of Drivers.
  @Test func flatMapLatestChainOfDriversIsDeliveredSynchronously() {
    let trigger = BehaviorRelay(value: 0)
    let values = BehaviorRelay(value: "x")
    let recorded = LockedBox<[String]>([])
    let bag = DisposeBag()
    trigger.asDriver()
      .flatMapLatest { number in values.asDriver().map { "\(number)\($0)" } }
      .drive(onNext: { value in recorded.withLock { $0.append(value) } })
      .disposed(by: bag)
    values.accept("y")
    trigger.accept(1)
    #expect(recorded.current == ["0x", "0y", "1y"])
  }

  /// A Driver that re-enters itself is still deferred rather than recursing.
  @Test func driverReenteringItselfIsDeferred() async {
    let relay = BehaviorRelay(value: 0)
    let log = LockedBox<[String]>([])
    let bag = DisposeBag()
    await awaitSignal { done in
      relay.asDriver().drive(onNext: { value in
        log.withLock { $0.append("start \(value)") }
        if value == 1 { relay.accept(2) }
        log.withLock { $0.append("end \(value)") }
        if value == 2 { done() }
      }).disposed(by: bag)
      relay.accept(1)
    }
    #expect(log.current == ["start 0", "end 0", "start 1", "end 1", "start 2", "end 2"])
  }
}

extension SharedSequenceConvertibleType {
  /// Drops the replayed first element (test helper).
  fileprivate func skipFirstForTest() -> SharedSequence<SharingStrategy, Element> {
    let seen = LockedBox(false)
    return filter { _ in
      seen.withLock { seen in
        defer { seen = true }
        return seen
      }
    }
  }
}
