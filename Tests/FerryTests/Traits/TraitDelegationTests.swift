import Ferry
import FerryTesting
import Testing

/// The trait operators are thin wrappers over the Observable operators, as in RxSwift: their timelines and
/// subscriptions are the Observable ones.
@Suite struct TraitDelegationTests {
  @Test func retryZeroCompletesAtOnceWithoutSubscribingOnEveryTrait() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
    let observable = scheduler.start { xs.asObservable().retry(0) }
    let single = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { xs.asSingle().retry(0) }
    let maybe = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) { xs.asMaybe().retry(0) }
    let completable = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
      xs.asObservable().ignoreElements().retry(0)
    }
    #expect(observable.events == [.completed(200)])
    #expect(single.events == [.completed(1200)])
    #expect(maybe.events == [.completed(2200)])
    #expect(completable.events == [.completed(3200)])
    #expect(xs.subscriptions.isEmpty)
  }

  @Test func singleRetryResubscribesLikeObservableRetry() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
    let ys = scheduler.createColdObservable([.error(10, TestError(), Int.self)])
    let maybe = scheduler.start { ys.asMaybe().retry(2) }
    #expect(maybe.events == [.error(220, TestError())])
    #expect(ys.subscriptions == [Subscription(200, 210), Subscription(210, 220)])
    let single = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
      xs.asObservable().take(1).asSingle().retry(2)
    }
    #expect(single.events == [.next(1210, 1), .completed(1210)])
  }

  @Test func singleFlatMapIsObservableFlatMap() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
    let ys = scheduler.createColdObservable([.next(20, "a"), .completed(20)])
    let res = scheduler.start { xs.asSingle().flatMap { _ in ys.asSingle() } }
    #expect(res.events == [.next(230, "a"), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 210)])
    #expect(ys.subscriptions == [Subscription(210, 230)])
  }

  @Test func compactMapAndFilterTurnASingleIntoAMaybe() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 3), .completed(10)])
    let kept = scheduler.start { xs.asSingle().compactMap { $0 > 2 ? "\($0)" : nil } }
    let dropped = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
      xs.asSingle().filter { $0 > 3 }
    }
    #expect(kept.events == [.next(210, "3"), .completed(210)])
    #expect(dropped.events == [.completed(1210)])
  }

  @Test func maybeIfEmptyIsObservableIfEmpty() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createColdObservable([.completed(10, Int.self)])
    let fallback = scheduler.createColdObservable([.next(5, 7), .completed(5)])
    let res = scheduler.start { empty.asMaybe().ifEmpty(switchTo: fallback.asSingle()) }
    #expect(res.events == [.next(215, 7), .completed(215)])
    #expect(empty.subscriptions == [Subscription(200, 210)])
    #expect(fallback.subscriptions == [Subscription(210, 215)])
    let defaulted = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
      empty.asObservable().ifEmpty(default: 42)
    }
    #expect(defaulted.events == [.next(1210, 42), .completed(1210)])
  }

  @Test func completableZipSubscribesAllAtOnceAndCompletesWithTheLast() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.completed(30, Never.self)])
    let b = scheduler.createColdObservable([.completed(10, Never.self)])
    let res = scheduler.start { Completable.zip(a.asCompletable(), b.asCompletable()) }
    #expect(res.events == [.completed(230)])
    #expect(a.subscriptions == [Subscription(200, 230)])
    #expect(b.subscriptions == [Subscription(200, 210)])
  }

  @Test func completableZipFailsWithTheFirstErrorAndDisposesTheRest() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.completed(30, Never.self)])
    let b = scheduler.createColdObservable([.error(10, TestError(), Never.self)])
    let res = scheduler.start { Completable.zip([a.asCompletable(), b.asCompletable()]) }
    #expect(res.events == [.error(210, TestError())])
    #expect(a.subscriptions == [Subscription(200, 210)])
  }

  @Test func completableConcatSubscribesOneAfterAnother() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.completed(10, Never.self)])
    let b = scheduler.createColdObservable([.completed(20, Never.self)])
    let c = scheduler.createColdObservable([.completed(5, Never.self)])
    let instance = scheduler.start { a.asCompletable().concat(b.asCompletable()) }
    #expect(instance.events == [.completed(230)])
    #expect(b.subscriptions == [Subscription(210, 230)])
    let sequence = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
      Completable.concat(AnySequence([a.asCompletable(), b.asCompletable(), c.asCompletable()]))
    }
    #expect(sequence.events == [.completed(1235)])
    #expect(c.subscriptions == [Subscription(1230, 1235)])
    let variadic = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
      Completable.concat(c.asCompletable(), a.asCompletable())
    }
    #expect(variadic.events == [.completed(2215)])
  }

  @Test func andThenSubscribesTheSecondAfterTheFirstCompletes() {
    let scheduler = TestScheduler(initialClock: 0)
    let first = scheduler.createColdObservable([.completed(10, Never.self)])
    let second = scheduler.createColdObservable([.next(5, "x"), .completed(5)])
    let res = scheduler.start { first.asCompletable().andThen(second.asSingle()) }
    #expect(res.events == [.next(215, "x"), .completed(215)])
    #expect(second.subscriptions == [Subscription(210, 215)])
  }

  @Test func singleZipOfACollectionIsObservableZip() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
    let b = scheduler.createColdObservable([.next(20, 2), .completed(20)])
    let res = scheduler.start { Single.zip([a.asSingle(), b.asSingle()]) }
    #expect(res.events == [.next(220, [1, 2]), .completed(220)])
    let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { Single<Int>.zip([Single<Int>]()) }
    #expect(empty.events == [.next(1200, []), .completed(1200)])
  }
}
