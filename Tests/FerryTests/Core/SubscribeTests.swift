import Ferry
import FerryTesting
import Testing

@Suite("subscribe(onNext:…)")
struct SubscribeTests {
  @Test func handlersRunInOrderAndOnDisposedOnce() {
    let log = LockedBox<[String]>([])
    _ = Observable.of(1, 2).subscribe(
      onNext: { value in log.withLock { $0.append("next \(value)") } },
      onError: { _ in log.withLock { $0.append("error") } },
      onCompleted: { log.withLock { $0.append("completed") } },
      onDisposed: { log.withLock { $0.append("disposed") } }
    )
    #expect(log.current == ["next 1", "next 2", "completed", "disposed"])
  }

  @Test func errorThenDisposed() {
    let log = LockedBox<[String]>([])
    let subscription = Observable<Int>.error(TestError()).subscribe(
      onError: { error in log.withLock { $0.append("error \(error)") } },
      onDisposed: { log.withLock { $0.append("disposed") } }
    )
    subscription.dispose()
    #expect(log.current == ["error TestError(0)", "disposed"])
  }

  @Test func explicitDisposeRunsOnDisposedOnceAndStopsDelivery() {
    let subject = PublishSubject<Int>()
    let log = LockedBox<[String]>([])
    let subscription = subject.subscribe(
      onNext: { value in log.withLock { $0.append("next \(value)") } },
      onDisposed: { log.withLock { $0.append("disposed") } }
    )
    subject.onNext(1)
    subscription.dispose()
    subscription.dispose()
    subject.onNext(2)
    subject.onCompleted()
    #expect(log.current == ["next 1", "disposed"])
    #expect(!subject.hasObservers)
  }

  @Test func handlersAreReleasedAfterDispose() {
    let subject = PublishSubject<Int>()
    weak var weakTracked: Tracked?
    var subscription: (any Disposable)?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      subscription = subject.map { $0 + 1 }.filter { $0 > 0 }.subscribe(onNext: { _ in _ = tracked })
    }
    #expect(weakTracked != nil)
    subscription?.dispose()
    // The handle is still referenced, but it no longer keeps the chain or the handlers alive.
    #expect(weakTracked == nil)
    _ = subscription
  }

  @Test func handlersAreReleasedAfterCompletion() {
    weak var weakTracked: Tracked?
    var subscription: (any Disposable)?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      subscription = Observable.just(1).map { $0 }.subscribe(onNext: { _ in _ = tracked })
    }
    #expect(weakTracked == nil)
    _ = subscription
  }

  @Test func subscribeWithObjectPassesObjectAndStopsWhenItIsGone() {
    let subject = PublishSubject<Int>()
    let log = LockedBox<[String]>([])
    var owner: Tracked? = Tracked(9)
    let subscription = subject.subscribe(
      with: owner!,
      onNext: { owner, value in log.withLock { $0.append("\(owner.id):\(value)") } },
      onCompleted: { owner in log.withLock { $0.append("\(owner.id):completed") } }
    )
    subject.onNext(1)
    owner = nil
    subject.onNext(2)
    subject.onCompleted()
    #expect(log.current == ["9:1"])
    subscription.dispose()
  }

  @Test(.swapsHooks) func unhandledErrorGoesToHookWithRxSwiftsShape() {
    let seen = LockedBox<[String]>([])
    Hooks.defaultErrorHandler = { callStack, error in
      guard error is HookProbeError else { return }  // another test's unhandled error
      seen.withLock { $0.append("\(error) \(callStack)") }
    }
    _ = Observable<Int>.error(HookProbeError(id: 5)).subscribe(onNext: { _ in })
    #expect(seen.current == ["HookProbeError(5) []"])
    // With `recordCallStackOnError`, the handler gets the captured call stack.
    Hooks.customCaptureSubscriptionCallstack = { ["frame 0", "frame 1"] }
    Hooks.recordCallStackOnError = true
    _ = Observable<Int>.error(HookProbeError(id: 6)).subscribe(onNext: { _ in })
    #expect(seen.current == ["HookProbeError(5) []", "HookProbeError(6) [\"frame 0\", \"frame 1\"]"])
  }
}
