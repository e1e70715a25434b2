import Ferry
import FerryTesting
import Testing

@Suite("catch / catchAndReturn")
struct CatchTests {
  @Test func catchSwitchesToHandlersObservable() {
    let caught = LockedBox<[String]>([])
    let observable = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onError(TestError(id: 9))
      return Disposables.create()
    }
    .catch { error in
      caught.withLock { $0.append("\(error)") }
      return .of(7, 8)
    }
    #expect(Harness.events(observable) == [.next(1), .next(7), .next(8), .completed])
    #expect(caught.current == ["TestError(9)"])
  }

  @Test func catchDoesNotCatchFallbackErrorsOrThrowingHandler() {
    let fallbackFails = Observable<Int>.error(TestError(id: 1)).catch { _ in .error(TestError(id: 2)) }
    #expect(Harness.events(fallbackFails) == [.error(TestError(id: 2))])
    let handlerThrows = Observable<Int>.error(TestError(id: 1)).catch { _ in throw TestError(id: 3) }
    #expect(Harness.events(handlerThrows) == [.error(TestError(id: 3))])
  }

  @Test func completionPassesThroughWithoutCallingHandler() {
    let called = LockedBox(false)
    let observable = Observable.of(1).catch { _ in
      called.withLock { $0 = true }
      return .empty()
    }
    #expect(Harness.events(observable) == [.next(1), .completed])
    #expect(!called.current)
  }

  @Test func catchAndReturn() {
    let observable = Observable<Int>.error(TestError()).catchAndReturn(42)
    #expect(Harness.events(observable) == [.next(42), .completed])
    // Each subscription gets the element.
    #expect(Harness.events(observable) == [.next(42), .completed])
  }

  @Test func disposingDisposesTheFallbackSubscription() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("      ^-#", of: Int.self)
    let fallback = try scheduler.createHotObservable("      ^--5-6", of: Int.self)
    let observer = scheduler.start(disposed: 240) { source.catch { _ in fallback.asObservable() } }
    expectMarbles(observer.events, "      ^--5")
    expectSubscriptions(source.subscriptions, "      ^-!")
    expectSubscriptions(fallback.subscriptions, "<@200>--^-!")
  }

  @Test func fallbackCompletionReleasesEverything() {
    let source = PublishSubject<Int>()
    let fallback = PublishSubject<Int>()
    weak var weakTracked: Tracked?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      _ = source.catch { _ in fallback.asObservable() }.subscribe(onNext: { _ in _ = tracked.id })
    }
    source.onError(TestError())
    fallback.onCompleted()
    #expect(weakTracked == nil)
    #expect(!source.hasObservers && !fallback.hasObservers)
  }

  @Test func disposalAndLeaks() {
    Harness.expectReleasedAfterDispose { $0.catch { _ in .never() } }
    Harness.expectReleasedAfterDispose { $0.catchAndReturn(0) }
    Harness.expectDisposeInsideOnNextStops({ $0.catchAndReturn(0) }, send: { s in (1...3).forEach(s.onNext) })
  }

  @Test func catchSequenceOfManySynchronouslyFailingSourcesDoesNotGrowTheStack() {
    let count = 100_000
    let sources = (0..<count).lazy.map { index in
      index < count - 1 ? Observable<Int>.error(TestError(id: index)) : Observable.just(index)
    }
    #expect(Harness.events(Observable.catch(sequence: sources)) == [.next(count - 1), .completed])
    let failing = (0..<count).lazy.map { Observable<Int>.error(TestError(id: $0)) }
    #expect(Harness.events(Observable.catch(sequence: failing)) == [.error(TestError(id: count - 1))])
  }

  @Test func disposingDuringTheFallbacksSubscriptionDisposesIt() {
    let holder = LockedBox<(any Disposable)?>(nil)
    let fallbackDisposed = LockedBox(false)
    let received = LockedBox<[Int]>([])
    let source = PublishSubject<Int>()
    let fallback = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onNext(2)
      return Disposables.create { fallbackDisposed.withLock { $0 = true } }
    }
    let subscription = source.catch { _ in fallback }.subscribe(onNext: { value in
      received.withLock { $0.append(value) }
      holder.current?.dispose()
    })
    holder.withLock { $0 = subscription }
    source.onError(TestError())
    #expect(received.current == [1], "nothing is delivered after the disposal")
    #expect(fallbackDisposed.current, "the fallback's subscription, returned after the disposal, is disposed")
    #expect(!source.hasObservers)
  }
}
