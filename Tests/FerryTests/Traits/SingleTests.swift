import Ferry
import FerryTesting
import Foundation
import Testing

@Suite("Single")
struct SingleTests {
  @Test func justSucceeds() {
    #expect(events(Single.just(1)) == [.next(1), .completed])
  }

  @Test func errorFails() {
    #expect(events(Single<Int>.error(TestError(id: 1))) == [.error(TestError(id: 1))])
  }

  @Test func neverDeliversNothing() {
    #expect(events(Single<Int>.never()).isEmpty)
  }

  @Test func createSuccessThenCompletes() {
    let single = Single<Int>.create { observer in
      observer(.success(7))
      return Disposables.create()
    }
    #expect(events(single) == [.next(7), .completed])
  }

  @Test func createFailure() {
    let single = Single<Int>.create { observer in
      observer(.failure(TestError(id: 2)))
      return Disposables.create()
    }
    #expect(events(single) == [.error(TestError(id: 2))])
  }

  @Test func createDeliversOnlyTheFirstOutcome() {
    let single = Single<Int>.create { observer in
      observer(.success(1))
      observer(.success(2))
      observer(.failure(TestError()))
      return Disposables.create()
    }
    #expect(events(single) == [.next(1), .completed])
  }

  @Test func createDisposesItsResourceAfterSuccessAndOnDisposal() {
    let manual = ManualSingle<Int>()
    let (recorder, subscription) = record(manual.single)
    #expect(manual.disposals.value == 0)
    manual.send(.success(3))
    #expect(recorder.events.current == [.next(3), .completed])
    #expect(manual.disposals.value == 1)
    subscription.dispose()
    #expect(manual.disposals.value == 1)

    let manual2 = ManualSingle<Int>()
    let (recorder2, subscription2) = record(manual2.single)
    subscription2.dispose()
    #expect(manual2.disposals.value == 1)
    manual2.send(.success(4))
    #expect(recorder2.events.current.isEmpty)
  }

  @Test func concurrentOutcomesDeliverExactlyOne() async {
    for _ in 0..<200 {
      let manual = ManualSingle<Int>()
      let (recorder, _) = record(manual.single)
      await withTaskGroup(of: Void.self) { group in
        for value in 0..<4 { group.addTask { manual.send(.success(value)) } }
      }
      #expect(recorder.elements.count == 1)
      #expect(recorder.isCompleted)
    }
  }

  @Test func subscribeHandlers() {
    let success = LockedBox<[Int]>([])
    let disposed = Counter()
    _ = Single.just(5).subscribe(
      onSuccess: { value in success.withLock { $0.append(value) } },
      onFailure: { _ in Issue.record("unexpected failure") },
      onDisposed: { disposed.increment() }
    )
    #expect(success.current == [5])
    #expect(disposed.value == 1)

    let failure = LockedBox<[TestError]>([])
    _ = Single<Int>.error(TestError(id: 9)).subscribe(
      onSuccess: { _ in Issue.record("unexpected success") },
      onFailure: { error in failure.withLock { $0.append(error as! TestError) } }
    )
    #expect(failure.current == [TestError(id: 9)])
  }

  @Test func subscribeEventCallback() {
    let outcomes = LockedBox<[String]>([])
    _ = Single.just(1).subscribe { event in
      outcomes.withLock { $0.append("\(event)") }
    }
    _ = Single<Int>.error(TestError(id: 3)).subscribe { event in
      if case .failure(let error) = event { outcomes.withLock { $0.append("\(error)") } }
    }
    #expect(outcomes.current == ["success(1)", "TestError(3)"])
  }

  @Test func subscribeWithObjectHoldsItWeakly() {
    final class Owner: @unchecked Sendable {
      let received = LockedBox<[Int]>([])
    }
    var owner: Owner? = Owner()
    weak let weakOwner = owner
    let manual = ManualSingle<Int>()
    let subscription = manual.single.subscribe(
      with: owner!,
      onSuccess: { owner, value in owner.received.withLock { $0.append(value) } }
    )
    owner = nil
    #expect(weakOwner == nil)
    manual.send(.success(1))
    subscription.dispose()

    let living = Owner()
    _ = Single.just(2).subscribe(
      with: living,
      onSuccess: { owner, value in owner.received.withLock { $0.append(value) } },
      onFailure: { _, _ in Issue.record("unexpected failure") }
    )
    #expect(living.received.current == [2])
  }

  @Test func disposalReleasesCapturedObjects() {
    weak var weakTracked: Tracked?
    let subscription: any Disposable
    do {
      let tracked = Tracked(1)
      weakTracked = tracked
      subscription = Single<Int>.never().map { $0 + tracked.id }.subscribe(onSuccess: { _ in _ = tracked })
    }
    #expect(weakTracked != nil)
    subscription.dispose()
    #expect(weakTracked == nil)
  }

  @Test func disposeFromInsideOnSuccessStopsDelivery() {
    let box = LockedBox<(any Disposable)?>(nil)
    let after = Counter()
    let manual = ManualSingle<Int>()
    let subscription = manual.single.asObservable().subscribe(
      onNext: { _ in box.current?.dispose() },
      onCompleted: { after.increment() }
    )
    box.withLock { $0 = subscription }
    manual.send(.success(1))
    #expect(after.value == 0)
    #expect(manual.disposals.value == 1)
  }

  @Test func mapTransformsAndThrowsFail() {
    #expect(events(Single.just(2).map { $0 * 10 }) == [.next(20), .completed])
    #expect(events(Single.just(2).map { _ -> Int in throw TestError(id: 4) }) == [.error(TestError(id: 4))])
  }

  @Test func compactMapMakesAMaybe() {
    #expect(events(Single.just(2).compactMap { $0 > 1 ? "x" : nil }) == [.next("x"), .completed])
    #expect(events(Single.just(0).compactMap { $0 > 1 ? "x" : nil }) == [.completed])
  }

  @Test func flatMapChains() {
    let chained = Single.just(2).flatMap { value in Single.just("\(value)!") }
    #expect(events(chained) == [.next("2!"), .completed])
    let failing = Single.just(2).flatMap { _ in Single<String>.error(TestError(id: 5)) }
    #expect(events(failing) == [.error(TestError(id: 5))])
    let throwing = Single.just(2).flatMap { _ -> Single<String> in throw TestError(id: 6) }
    #expect(events(throwing) == [.error(TestError(id: 6))])
    let upstreamError = Single<Int>.error(TestError(id: 7)).flatMap { Single.just($0) }
    #expect(events(upstreamError) == [.error(TestError(id: 7))])
  }

  @Test func flatMapDisposesTheInnerSubscription() {
    let inner = ManualSingle<Int>()
    let (recorder, subscription) = record(Single.just(1).flatMap { _ in inner.single })
    #expect(inner.subscriptions.value == 1)
    subscription.dispose()
    #expect(inner.disposals.value == 1)
    inner.send(.success(1))
    #expect(recorder.events.current.isEmpty)
  }

  @Test func flatMapMaybeAndCompletable() {
    #expect(events(Single.just(1).flatMapMaybe { _ in Maybe<Int>.empty() }) == [.completed])
    #expect(events(Single.just(1).flatMapMaybe { Maybe.just($0 + 1) }) == [.next(2), .completed])
    #expect(events(Single.just(1).flatMapCompletable { _ in Completable.empty() }) == [.completed])
    #expect(
      events(Single.just(1).flatMapCompletable { _ in Completable.error(TestError(id: 1)) })
        == [.error(TestError(id: 1))])
  }

  @Test func catchAndCatchAndReturn() {
    let failing = Single<Int>.error(TestError())
    #expect(events(failing.catchAndReturn(9)) == [.next(9), .completed])
    #expect(events(failing.catch { _ in .just(8) }) == [.next(8), .completed])
    #expect(events(failing.catch { _ in throw TestError(id: 2) }) == [.error(TestError(id: 2))])
    #expect(events(Single.just(1).catchAndReturn(9)) == [.next(1), .completed])
  }

  @Test func retryResubscribesUpToTheCount() {
    let attempts = Counter()
    let flaky = Single<Int>.create { observer in
      let attempt = attempts.increment()
      observer(attempt < 3 ? .failure(TestError(id: attempt)) : .success(attempt))
      return Disposables.create()
    }
    #expect(events(flaky.retry(3)) == [.next(3), .completed])

    let always = Counter()
    let failing = Single<Int>.create { observer in
      observer(.failure(TestError(id: always.increment())))
      return Disposables.create()
    }
    #expect(events(failing.retry(4)) == [.error(TestError(id: 4))])
    #expect(always.value == 4)
  }

  @Test func unboundedRetryIsIterative() {
    let attempts = Counter()
    let flaky = Single<Int>.create { observer in
      let attempt = attempts.increment()
      observer(attempt < 100_000 ? .failure(TestError()) : .success(attempt))
      return Disposables.create()
    }
    #expect(events(flaky.retry()) == [.next(100_000), .completed])
  }

  @Test func retryDisposalStopsResubscribing() {
    let manual = ManualSingle<Int>()
    let (recorder, subscription) = record(manual.single.retry())
    manual.send(.failure(TestError()))
    #expect(manual.subscriptions.value == 2)
    subscription.dispose()
    #expect(manual.disposals.value == 2)
    #expect(recorder.events.current.isEmpty)
  }

  @Test func doCallsHandlersInOrder() {
    let log = LockedBox<[String]>([])
    let single = Single.just(1).do(
      onSuccess: { value in log.withLock { $0.append("onSuccess \(value)") } },
      afterSuccess: { value in log.withLock { $0.append("afterSuccess \(value)") } },
      onSubscribe: { log.withLock { $0.append("onSubscribe") } },
      onSubscribed: { log.withLock { $0.append("onSubscribed") } },
      onDispose: { log.withLock { $0.append("onDispose") } }
    )
    _ = single.subscribe(onSuccess: { value in log.withLock { $0.append("success \(value)") } })
    #expect(
      log.current == [
        "onSubscribe", "onSuccess 1", "success 1", "afterSuccess 1", "onSubscribed", "onDispose",
      ])
  }

  @Test func doErrorHandlersAndThrowing() {
    let log = LockedBox<[String]>([])
    let failing = Single<Int>.error(TestError(id: 1)).do(
      onError: { error in log.withLock { $0.append("onError \(error)") } },
      afterError: { error in log.withLock { $0.append("afterError \(error)") } }
    )
    #expect(events(failing) == [.error(TestError(id: 1))])
    #expect(log.current == ["onError TestError(1)", "afterError TestError(1)"])
    #expect(events(Single.just(1).do(onSuccess: { _ in throw TestError(id: 2) })) == [.error(TestError(id: 2))])
  }

  @Test func doWithObject() {
    final class Store: @unchecked Sendable {
      let log = LockedBox<[String]>([])
    }
    let store = Store()
    let manual = ManualSingle<Int>()
    let subscription = manual.single
      .do(
        with: store,
        onSubscribe: { $0.log.withLock { $0.append("showProgress") } },
        onDispose: { $0.log.withLock { $0.append("dismissProgress") } }
      )
      .map { $0 * 2 }
      .subscribe(with: store, onSuccess: { store, value in store.log.withLock { $0.append("complete \(value)") } })
    #expect(store.log.current == ["showProgress"])
    manual.send(.success(21))
    #expect(store.log.current == ["showProgress", "complete 42", "dismissProgress"])
    subscription.dispose()
    #expect(store.log.current.count == 3)
  }

  @Test func seedStyleLoginChain() {
    struct Tokens: Sendable {
      let access: String
      let refresh: String
    }
    struct User: Sendable {
      let userId: String
    }
    final class Store: @unchecked Sendable {
      let effects = LockedBox<[String]>([])
      let disposeBag = DisposeBag()
    }
    let store = Store()
    func response(_ tokens: Tokens) -> Single<Tokens> {
      Single.create { event in
        event(.success(tokens))
        return Disposables.create {}
      }
    }
    response(Tokens(access: "a", refresh: "r"))
      .map { ($0.access, $0.refresh) }
      .flatMap { access, _ in Single.just(User(userId: "user-\(access)")) }
      .do(
        with: store,
        onSubscribe: { $0.effects.withLock { $0.append("showProgress") } },
        onDispose: { $0.effects.withLock { $0.append("dismissProgress") } }
      )
      .map(\.userId)
      .subscribe(
        with: store,
        onSuccess: { store, userId in store.effects.withLock { $0.append("complete \(userId)") } },
        onFailure: { store, error in store.effects.withLock { $0.append("error \(error)") } }
      )
      .disposed(by: store.disposeBag)
    #expect(store.effects.current == ["showProgress", "complete user-a", "dismissProgress"])
  }

  @Test func zipCombinesAll() {
    let pair = Single.zip(Single.just(1), Single.just("a"))
    let result = LockedBox<[String]>([])
    _ = pair.subscribe(onSuccess: { value in result.withLock { $0.append("\(value.0)\(value.1)") } })
    #expect(result.current == ["1a"])
    let one = Single.just(1)
    let six: Single<Int> = Single.zip(one, one, one, one, one, one) {
      (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) in
      a + b + c + d + e + f
    }
    #expect(events(six) == [.next(6), .completed])
    #expect(events(Single.zip([Single.just(1), Single.just(2)])) == [.next([1, 2]), .completed])
    #expect(events(Single.zip([Single<Int>]())) == [.next([]), .completed])
    #expect(events(Single.zip([Single.just(1), Single.just(2)]) { $0.reduce(0, +) }) == [.next(3), .completed])
  }

  @Test func zipWaitsForAllAndFailsWithTheFirstError() {
    let first = ManualSingle<Int>()
    let second = ManualSingle<Int>()
    let (recorder, _) = record(Single.zip([first.single, second.single]))
    second.send(.success(2))
    #expect(recorder.events.current.isEmpty)
    first.send(.success(1))
    #expect(recorder.events.current == [.next([1, 2]), .completed])

    let third = ManualSingle<Int>()
    let fourth = ManualSingle<Int>()
    let (failing, _) = record(Single.zip(third.single, fourth.single) { $0 + $1 })
    third.send(.failure(TestError(id: 3)))
    #expect(failing.events.current == [.error(TestError(id: 3))])
    #expect(fourth.disposals.value == 1)
  }

  @Test func zipFromSeveralThreadsEmitsOnce() {
    for _ in 0..<300 {
      let sources = (0..<4).map { _ in ManualSingle<Int>() }
      let (recorder, _) = record(Single.zip(sources.map(\.single)))
      DispatchQueue.concurrentPerform(iterations: 4) { index in sources[index].send(.success(index)) }
      #expect(recorder.events.current == [.next([0, 1, 2, 3]), .completed])
    }
  }

  @Test func conversions() {
    #expect(events(Single.just(1).asMaybe()) == [.next(1), .completed])
    #expect(events(Single.just(1).asCompletable()) == [.completed])
    #expect(events(Single<Int>.error(TestError()).asCompletable()) == [.error(TestError())])
    #expect(events(Single.deferred { .just(4) }) == [.next(4), .completed])
    #expect(events(Single<Int>.deferred { throw TestError(id: 8) }) == [.error(TestError(id: 8))])
  }

  @Test func seedStyleCreateCancelsTheRequestOnDisposal() {
    final class Request: @unchecked Sendable {
      let cancelled = Flag()
      func cancel() { cancelled.set() }
    }
    let request = Request()
    let single = Single<String>.create { event in
      _ = event
      return Disposables.create { request.cancel() }
    }
    let bag = LockedBox<DisposeBag?>(DisposeBag())
    single.subscribe(onSuccess: { _ in }, onFailure: { _ in }).disposed(by: bag.current!)
    #expect(!request.cancelled.isSet)
    bag.withLock { $0 = nil }
    #expect(request.cancelled.isSet)
  }
}
