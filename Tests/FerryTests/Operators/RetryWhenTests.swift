import Ferry
import FerryTesting
import Testing

/// `retry(when:)` beyond RxSwift's timelines (`FidelityOperatorTests`): synchronous retries, subscriptions made
/// and disposed, disposal and leaks, threads.
@Suite("retry(when:)")
struct RetryWhenTests {
  @Test func aHundredThousandSynchronousRetriesDoNotGrowTheStack() {
    // Every attempt fails inside `subscribe` and the trigger answers inside the error's delivery.
    let attempts = LockedBox(0)
    let source = Observable<Int>.create { observer in
      let attempt = attempts.withLock { count in
        count += 1
        return count
      }
      if attempt < 100_000 {
        observer.onError(TestError(id: attempt))
      } else {
        observer.onNext(attempt)
        observer.onCompleted()
      }
      return Disposables.create()
    }
    let retried = source.retry { (errors: Observable<TestError>) in errors }
    #expect(Harness.events(retried) == [.next(100_000), .completed])
    #expect(attempts.current == 100_000)
  }

  @Test func failedSubscriptionsAreDisposedBeforeTheNextAndTheRunningOneWithTheResult() {
    let disposedBeforeNext = LockedBox<[Bool]>([])
    let source = CountingSource<Int> { observer, attempt in
      if attempt < 3 { observer.onError(TestError(id: attempt)) } else { observer.onNext(attempt) }
    }
    let tracked = Observable<Int>.deferred { [source] in
      disposedBeforeNext.withLock { $0.append(source.disposals.current == source.subscriptions.current) }
      return source.observable
    }
    let (recorder, subscription) = Harness.record(tracked.retry { (errors: Observable<TestError>) in errors })
    #expect(recorder.events.current == [.next(3)])
    #expect(disposedBeforeNext.current == [true, true, true])
    #expect(source.subscriptions.current == 3)
    #expect(source.disposals.current == 2, "the running subscription is kept")
    subscription.dispose()
    #expect(source.disposals.current == 3)
  }

  @Test func theTriggerResubscribesOncePerErrorAndLaterElementsAreIgnored() {
    let source = CountingSource<Int> { observer, attempt in
      if attempt == 1 { observer.onError(TestError()) }
    }
    let trigger = PublishSubject<Void>()
    let (recorder, subscription) = Harness.record(source.observable.retry { (_: Observable<TestError>) in trigger })
    trigger.onNext(())
    trigger.onNext(())
    #expect(source.subscriptions.current == 2)
    source.observers.current[1].onNext(7)
    source.observers.current[1].onCompleted()
    #expect(recorder.events.current == [.next(7), .completed])
    #expect(!trigger.hasObservers, "the trigger is disposed when the result stops")
    subscription.dispose()
  }

  @Test func anErrorThatTheTriggerDoesNotTakeEndsTheResultEvenAfterTheTriggerStopped() {
    struct Other: Error, Equatable {}
    let source = PublishSubject<Int>()
    let trigger = PublishSubject<Void>()
    let (recorder, subscription) = Harness.record(source.retry { (_: Observable<TestError>) in trigger })
    trigger.onCompleted()
    source.onNext(1)
    source.onError(Other())
    #expect(recorder.events.current.count == 2)
    #expect(recorder.elements == [1])
    #expect(recorder.error is Other)
    subscription.dispose()
  }

  @Test func anOperatorBelowThatStopsInsideSubscribeEndsASynchronousRetryLoop() {
    // Every attempt emits and fails inside `subscribe`, and the trigger answers at once: `take(1)` stops at the first
    // element, before its disposal can reach the retry loop, which must notice rather than resubscribe forever.
    let source = CountingSource<Int> { observer, attempt in
      observer.onNext(attempt)
      observer.onError(TestError(id: attempt))
    }
    let retried = source.observable.retry { (errors: Observable<TestError>) in errors }.take(1)
    #expect(Harness.events(retried) == [.next(1), .completed])
    #expect(source.subscriptions.current <= 2, "at most the attempt decided as take(1) stopped")
    #expect(source.disposals.current == source.subscriptions.current)
  }

  @Test func disposalWhileAnErrorWaitsDisposesTheTriggerAndTheFailedSubscription() {
    let source = CountingSource<Int> { observer, _ in observer.onError(TestError()) }
    let trigger = PublishSubject<Void>()
    let (recorder, subscription) = Harness.record(source.observable.retry { (_: Observable<TestError>) in trigger })
    #expect(trigger.hasObservers)
    subscription.dispose()
    #expect(!trigger.hasObservers)
    #expect(source.disposals.current == 1)
    trigger.onNext(())
    #expect(source.subscriptions.current == 1, "no resubscription after disposal")
    #expect(recorder.events.current.isEmpty)
  }

  @Test func disposalAndLeaks() {
    Harness.expectReleasedAfterDispose { $0.retry { (errors: Observable<TestError>) in errors } }
    Harness.expectReleasedAfterDispose { $0.retry { (errors: Observable<any Error>) in errors.take(1) } }
    Harness.expectDisposeInsideOnNextStops(
      { $0.retry { (errors: Observable<TestError>) in errors } }, send: { s in (1...3).forEach(s.onNext) })

    // What a subscription makes — the sequence of errors, the trigger's subscription — goes with it, whether it
    // is disposed while the source runs or while an error waits for the trigger.
    for failsFirst in [false, true] {
      let source = PublishSubject<Int>()
      let trigger = PublishSubject<Int>()
      weak var weakErrors: Observable<TestError>?
      var subscription: (any Disposable)?
      do {
        let errorsBox = LockedBox<Observable<TestError>?>(nil)
        subscription = source.retry { (errors: Observable<TestError>) in
          errorsBox.withLock { $0 = errors }
          return trigger
        }.subscribe(onNext: { _ in })
        weakErrors = errorsBox.current
      }
      #expect(weakErrors != nil)
      if failsFirst { source.onError(TestError()) }
      subscription?.dispose()
      subscription = nil
      #expect(weakErrors == nil, "the sequence of errors is released on dispose")
      #expect(!source.hasObservers)
      #expect(!trigger.hasObservers)
    }
  }

  @Test func aTriggerOnAnotherThreadResubscribesThere() {
    let source = CountingSource<Int> { observer, attempt in
      if attempt == 1 { observer.onError(TestError()) }
    }
    let trigger = PublishSubject<Void>()
    let (recorder, subscription) = Harness.record(source.observable.retry { (_: Observable<TestError>) in trigger })
    #expect(runOnThreads(1) { _ in trigger.onNext(()) })
    #expect(source.subscriptions.current == 2)
    source.observers.current[1].onNext(5)
    subscription.dispose()
    #expect(recorder.events.current == [.next(5)])
    #expect(source.disposals.current == 2)
  }

  @Test func disposalRacingAResubscriptionLeavesNoSubscriptionBehind() {
    for _ in 0..<200 {
      let source = CountingSource<Int> { observer, attempt in
        if attempt == 1 { observer.onError(TestError()) }
      }
      let trigger = PublishSubject<Void>()
      let subscription = source.observable.retry { (_: Observable<TestError>) in trigger }.subscribe(onNext: { _ in })
      let finished = runOnThreads(2) { index in
        if index == 0 { trigger.onNext(()) } else { subscription.dispose() }
      }
      #expect(finished)
      #expect(source.disposals.current == source.subscriptions.current)
      #expect(!trigger.hasObservers)
    }
  }
}
