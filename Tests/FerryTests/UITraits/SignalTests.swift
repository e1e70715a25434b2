import Dispatch
import Ferry
import FerryTesting
import Foundation
import Testing

/// A view controller in the style of the seeds: it receives one-shot effects from a view store.
@MainActor
private final class LoginScreenStub {
  var alerts: [String] = []
  let bag = DisposeBag()

  func bind(effect: Signal<String>) {
    effect.emit(with: self, onNext: { $0.handleEffect($1) }).disposed(by: bag)
  }

  func handleEffect(_ effect: String) { alerts.append(effect) }
}

/// A mock view store whose effect stream is empty, as in the seeds.
private struct MockViewStore {
  var effect: Signal<String> { .empty() }
}

@Suite("Signal", .timeLimit(.minutes(1)))
@MainActor
struct SignalTests {
  @Test func doesNotReplayToALateSubscriberButSharesOneSubscription() {
    let source = SharedCountingSource<Int>()
    let signal = source.observable.asSignal(onErrorJustReturn: -1)
    let first = LockedBox<[Int]>([])
    let late = LockedBox<[Int]>([])
    let one = signal.emit(onNext: { value in first.withLock { $0.append(value) } })
    source.subject.onNext(1)
    let two = signal.emit(onNext: { value in late.withLock { $0.append(value) } })
    source.subject.onNext(2)
    #expect(first.current == [1, 2])
    #expect(late.current == [2])
    #expect(source.subscriptions.current == 1)
    one.dispose()
    two.dispose()
    #expect(source.disposals.current == 1)
  }

  @Test func publishRelayAsSignalDeliversOnMainFromABackgroundThread() async {
    let relay = PublishRelay<String>()
    let onMain = LockedBox(false)
    let bag = DisposeBag()
    await awaitSignal { done in
      relay.asSignal().emit(onNext: { _ in
        onMain.withLock { $0 = MainScheduler.isOnMainQueue }
        done()
      }).disposed(by: bag)
      DispatchQueue.global().async { relay.accept("alert") }
    }
    #expect(onMain.current)
  }

  @Test func emitWithCallsTheObjectsMethodSynchronouslyOnMain() {
    let relay = PublishRelay<String>()
    let screen = LoginScreenStub()
    screen.bind(effect: relay.asSignal())
    relay.accept("invalid password")
    #expect(screen.alerts == ["invalid password"])
  }

  @Test func emptySignalFromAMockViewStoreCompletes() {
    let completed = LockedBox(false)
    let screen = LoginScreenStub()
    screen.bind(effect: MockViewStore().effect)
    _ = MockViewStore().effect.emit(onCompleted: { completed.withLock { $0 = true } })
    #expect(completed.current)
    #expect(screen.alerts.isEmpty)
  }

  @Test func errorPolicies() async {
    let received = LockedBox<[Int]>([])
    let bag = DisposeBag()
    await awaitSignal { done in
      Observable<Int>.error(TestError()).asSignal(onErrorJustReturn: 1)
        .emit(onNext: { value in received.withLock { $0.append(value) } }, onCompleted: { done() })
        .disposed(by: bag)
    }
    await awaitSignal { done in
      Observable<Int>.error(TestError()).asSignal(onErrorSignalWith: Signal.of(2, 3))
        .emit(onNext: { value in received.withLock { $0.append(value) } }, onCompleted: { done() })
        .disposed(by: bag)
    }
    await awaitSignal { done in
      Observable<Int>.error(TestError(id: 4))
        .asSignal(onErrorRecover: { error in .just((error as? TestError)?.id ?? -1) })
        .emit(onNext: { value in received.withLock { $0.append(value) } }, onCompleted: { done() })
        .disposed(by: bag)
    }
    #expect(received.current == [1, 2, 3, 4])
  }

  @Test func emitToRelaysAndObservers() {
    let source = PublishRelay<Int>()
    let behavior = BehaviorRelay(value: 0)
    let optionalBehavior = BehaviorRelay<Int?>(value: nil)
    let publish = PublishRelay<Int?>()
    let published = LockedBox<[Int?]>([])
    let observed = EventRecorder<Int>()
    let bag = DisposeBag()
    publish.subscribe(onNext: { value in published.withLock { $0.append(value) } }).disposed(by: bag)
    bag.insert {
      source.asSignal().emit(to: behavior)
      source.asSignal().emit(to: optionalBehavior)
      source.asSignal().emit(to: publish)
      source.asSignal().emit(to: observed)
    }
    source.accept(5)
    #expect(behavior.value == 5)
    #expect(optionalBehavior.value == 5)
    #expect(published.current == [5])
    #expect(observed.elements == [5])
  }

  @Test func behaviorRelayAsSignalStartsWithTheCurrentValueForTheFirstSubscriberOnly() {
    let relay = BehaviorRelay(value: 1)
    let signal = relay.asSignal()
    let first = LockedBox<[Int]>([])
    let late = LockedBox<[Int]>([])
    let one = signal.emit(onNext: { value in first.withLock { $0.append(value) } })
    let two = signal.emit(onNext: { value in late.withLock { $0.append(value) } })
    relay.accept(2)
    #expect(first.current == [1, 2])
    #expect(late.current == [2])
    one.dispose()
    two.dispose()
  }

  @Test func emitWithHoldsTheObjectWeaklyAndStopsCallingOnceItIsGone() {
    let relay = PublishRelay<String>()
    var screen: LoginScreenStub? = LoginScreenStub()
    weak let weakScreen = screen
    let completions = LockedBox(0)
    let subscription = relay.asSignal().emit(
      with: screen!,
      onNext: { screen, effect in screen.handleEffect(effect) },
      onCompleted: { _ in completions.withLock { $0 += 1 } })
    relay.accept("first")
    #expect(screen?.alerts == ["first"])
    screen = nil
    #expect(weakScreen == nil)
    relay.accept("second")
    subscription.dispose()
    #expect(completions.current == 0)
  }

  @Test func releasesHandlersAfterDisposal() {
    let relay = PublishRelay<Int>()
    weak var weakTracked: Tracked?
    let subscription: any Disposable
    do {
      let tracked = Tracked()
      weakTracked = tracked
      subscription = relay.asSignal().emit(onNext: { _ in _ = tracked })
    }
    subscription.dispose()
    #expect(weakTracked == nil)
  }
}
