import Dispatch
import Ferry
import FerryTesting
import Testing

@Suite("retry")
struct RetryTests {
  @Test func retryCountSubscribesAtMostMaxAttemptsTimes() {
    let source = CountingSource<Int> { observer, attempt in
      observer.onNext(attempt)
      observer.onError(TestError(id: attempt))
    }
    let events = Harness.events(source.observable.retry(3))
    #expect(events == [.next(1), .next(2), .next(3), .error(TestError(id: 3))])
    #expect(source.subscriptions.current == 3)
    #expect(source.disposals.current == 3)
  }

  @Test func retryStopsRetryingOnSuccess() {
    let source = CountingSource<Int> { observer, attempt in
      if attempt < 3 {
        observer.onError(TestError(id: attempt))
      } else {
        observer.onNext(attempt)
        observer.onCompleted()
      }
    }
    #expect(Harness.events(source.observable.retry()) == [.next(3), .completed])
    #expect(source.subscriptions.current == 3)
  }

  @Test func retryOneAndZero() {
    let source = CountingSource<Int> { observer, _ in observer.onError(TestError()) }
    #expect(Harness.events(source.observable.retry(1)) == [.error(TestError())])
    #expect(source.subscriptions.current == 1)
    #expect(Harness.events(source.observable.retry(0)) == [.completed])
    #expect(source.subscriptions.current == 1)
  }

  @Test func manySynchronousFailuresDoNotGrowTheStack() {
    let source = CountingSource<Int> { observer, attempt in
      if attempt < 10_000 { observer.onError(TestError()) } else { observer.onCompleted() }
    }
    #expect(Harness.events(source.observable.retry()) == [.completed])
    #expect(source.subscriptions.current == 10_000)
  }

  @Test func asynchronousFailuresResubscribe() {
    let source = CountingSource<Int>()
    let (recorder, subscription) = Harness.record(source.observable.retry(3))
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      source.observers.current[0].onError(TestError(id: 1))
      source.observers.current[1].onNext(5)
      source.observers.current[1].onError(TestError(id: 2))
      finished.signal()
    }
    Harness.wait(finished)
    #expect(source.subscriptions.current == 3)
    source.observers.current[2].onNext(6)
    subscription.dispose()
    source.observers.current[2].onNext(7)
    #expect(recorder.events.current == [.next(5), .next(6)])
    #expect(source.disposals.current == 3)
  }

  @Test func disposeFromInsideOnNextStopsRetrying() {
    // Note: disposal cannot reach a retry loop still running inside `subscribe` (the downstream has no
    // disposable yet), exactly as with any synchronous infinite source; so the elements come after `subscribe`.
    let source = CountingSource<Int> { observer, attempt in
      if attempt == 1 { observer.onError(TestError()) }
    }
    let holder = LockedBox<(any Disposable)?>(nil)
    let received = LockedBox<[Int]>([])
    let subscription = source.observable.retry().subscribe(onNext: { value in
      received.withLock { $0.append(value) }
      holder.current?.dispose()
    })
    holder.withLock { $0 = subscription }
    #expect(source.subscriptions.current == 2)
    let observer = source.observers.current[1]
    observer.onNext(5)
    observer.onNext(6)
    observer.onError(TestError())
    #expect(received.current == [5])
    #expect(source.subscriptions.current == 2)
    #expect(source.disposals.current == 2)
  }

  @Test func disposalAndLeaks() {
    Harness.expectReleasedAfterDispose { $0.retry() }
    Harness.expectReleasedAfterDispose { $0.retry(2) }
    Harness.expectDisposeInsideOnNextStops({ $0.retry() }, send: { s in (1...3).forEach(s.onNext) })
  }

  @Test func aHundredThousandSynchronousRetriesDoNotGrowTheStack() {
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
    #expect(Harness.events(source.retry(100_000)) == [.next(100_000), .completed])
    #expect(attempts.current == 100_000)
  }

  @Test func anOperatorBelowThatStopsInsideSubscribeEndsASynchronousRetryLoop() {
    // Every attempt emits and fails inside `subscribe`: `take(1)` stops at the first element, before its disposal can
    // reach the retry loop, which must notice rather than resubscribe forever.
    let source = CountingSource<Int> { observer, attempt in
      observer.onNext(attempt)
      observer.onError(TestError(id: attempt))
    }
    #expect(Harness.events(source.observable.retry().take(1)) == [.next(1), .completed])
    #expect(source.subscriptions.current <= 2, "at most the attempt decided as take(1) stopped")
    #expect(source.disposals.current == source.subscriptions.current)
  }
}
