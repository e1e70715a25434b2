import Ferry
import FerryTesting
import Testing

/// Operators a migrated RxSwift codebase uses, with RxSwift's timelines.
@Suite struct FidelityOperatorTests {
  @Test func catchSequenceMovesToTheNextSourceOnError() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 1))])
    let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    let res = scheduler.start { Observable.catch(sequence: [xs.asObservable(), ys.asObservable()]) }
    #expect(res.events == [.next(210, 1), .next(230, 2), .completed(240)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
    #expect(ys.subscriptions == [Subscription(220, 240)])
  }

  @Test func catchSequenceFailsWithTheLastErrorAndCompletesWhenEmpty() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.error(10, TestError(id: 1), Int.self)])
    let ys = scheduler.createColdObservable([.error(10, TestError(id: 2), Int.self)])
    let res = scheduler.start { Observable.catch(sequence: [xs.asObservable(), ys.asObservable()]) }
    #expect(res.events == [.error(220, TestError(id: 2))])
    let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
      Observable.catch(sequence: [Observable<Int>]())
    }
    #expect(empty.events == [.completed(1200)])
  }

  @Test func takeForCompletesAfterTheDuration() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
    let res = scheduler.start { xs.take(for: .seconds(25), scheduler: scheduler) }
    #expect(res.events == [.next(210, 1), .next(220, 2), .completed(225)])
    #expect(xs.subscriptions == [Subscription(200, 225)])
  }

  @Test func skipForDropsTheElementsOfTheDuration() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
    let res = scheduler.start { xs.skip(.seconds(25), scheduler: scheduler) }
    #expect(res.events == [.next(230, 3), .completed(240)])
    #expect(xs.subscriptions == [Subscription(200, 240)])
  }

  @Test func skipForCompletesWhenTheSourceCompletesWithinTheDuration() throws {
    // Unlike skip(until:), whose result ends silently when the source completes before the trigger fired.
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-1-2-|", of: Int.self)
    let res = scheduler.start { xs.skip(.seconds(100), scheduler: scheduler) }
    expectMarbles(res.events, "^-----|")
    expectSubscriptions(xs.subscriptions, "^-----!")
  }

  @Test func retryWhenHearsTheTriggerOnlyWhileAnErrorWaitsForIt() throws {
    // A trigger that completes while the source runs does not end the result; the source's completion does.
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-1---|", of: Int.self)
    let trigger = try scheduler.createHotObservable("^-|", of: Int.self)
    let res = scheduler.start { xs.retry { (_: Observable<TestError>) in trigger } }
    expectMarbles(res.events, "^-1---|", values: ["1": 1])
    expectSubscriptions(xs.subscriptions, "^-----!")

    // Its completion ends the result at the source's next error; its elements while the source runs are ignored.
    let failing = TestScheduler(initialClock: 0)
    let ys = try failing.createHotObservable("^-1---#", of: Int.self, error: TestError())
    let stopping = try failing.createHotObservable("^-0-|", of: Int.self)
    let failed = failing.start { ys.retry { (_: Observable<TestError>) in stopping } }
    expectMarbles(failed.events, "^-1---|", values: ["1": 1])
    expectSubscriptions(ys.subscriptions, "^-----!")
  }

  @Test func retryWhenResubscribesWhenTheTriggerEmits() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
    let res = scheduler.start(disposed: 290) {
      xs.retry { (errors: Observable<TestError>) in errors.delay(.seconds(5), scheduler: scheduler) }
    }
    #expect(res.events == [.next(210, 1), .next(235, 1), .next(260, 1), .next(285, 1)])
    #expect(
      xs.subscriptions == [
        Subscription(200, 220), Subscription(225, 245), Subscription(250, 270), Subscription(275, 290),
      ])
  }

  @Test func retryWhenEndsWithTheTrigger() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
    let completing = scheduler.start {
      xs.retry { (errors: Observable<any Error>) in errors.take(1) }
    }
    // The first error resubscribes; the trigger then completes while the source runs again, which completes the
    // result at the source's next error (RxSwift hears the trigger only while an error waits for it).
    #expect(completing.events == [.next(210, 1), .next(230, 1), .completed(240)])
    let failing = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
      xs.retry { (errors: Observable<any Error>) in
        errors.flatMap { _ in Observable<Int>.error(TestError(id: 9)) }
      }
    }
    #expect(failing.events == [.next(1210, 1), .error(1220, TestError(id: 9))])
  }

  @Test func retryWhenForwardsErrorsOfAnotherType() {
    struct Retryable: Error {}
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
    let res = scheduler.start {
      xs.retry { (errors: Observable<Retryable>) in errors }
    }
    #expect(res.events == [.next(210, 1), .error(220, TestError())])
  }

  @Test func usingDisposesTheResourceWhenTheSubscriptionEnds() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let resource = BooleanDisposable()
    let res = scheduler.start {
      Observable.using({ resource }, observableFactory: { _ in xs.asObservable() })
    }
    #expect(res.events == [.next(210, 1), .completed(220)])
    #expect(resource.isDisposed)
    let failed = BooleanDisposable()
    let failing = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
      Observable<Int>.using({ failed }, observableFactory: { _ in throw TestError() })
    }
    #expect(failing.events == [.error(1200, TestError())])
    #expect(failed.isDisposed)
  }

  @Test func justOnASchedulerCompletesOneTickAfterTheElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable.just(1, scheduler: scheduler) }
    #expect(res.events == [.next(201, 1), .completed(202)])
  }

  @Test func traitJustAndTimerOnAScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let single = scheduler.start { Single.just("s", scheduler: scheduler) }
    #expect(single.events == [.next(201, "s"), .completed(202)])
    let maybe = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
      Maybe.just("m", scheduler: scheduler)
    }
    #expect(maybe.events == [.next(1201, "m"), .completed(1202)])
    let singleTimer = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
      Single<Int>.timer(.seconds(10), scheduler: scheduler)
    }
    #expect(singleTimer.events == [.next(2210, 0), .completed(2210)])
    let maybeTimer = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
      Maybe<Int>.timer(.seconds(10), scheduler: scheduler)
    }
    #expect(maybeTimer.events == [.next(3210, 0), .completed(3210)])
  }

  @Test func traitRetryWhenUsingAndDebugDelegate() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.error(10, TestError(), Int.self)])
    let ys = scheduler.createColdObservable([.next(10, 5), .completed(10)])
    let retried = scheduler.start {
      xs.asSingle().retry { (errors: Observable<TestError>) in errors.take(1) }
    }
    #expect(retried.events == [.completed(220)])
    let resource = BooleanDisposable()
    var used: TestableObserver<Int>?
    let lines = DebugLines.capture(prefix: "dbg-trait") {
      used = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Single.using({ resource }, primitiveSequenceFactory: { _ in ys.asSingle() }).debug("dbg-trait")
      }
    }
    #expect(used?.events == [.next(1210, 5), .completed(1210)])
    #expect(lines.first == "dbg-trait -> subscribed")
    #expect(resource.isDisposed)
  }

  @Test func maybeZipCombinesOrCompletesEmpty() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
    let b = scheduler.createColdObservable([.next(20, 2), .completed(20)])
    let empty = scheduler.createColdObservable([.completed(5, Int.self)])
    let both = scheduler.start { Maybe.zip(a.asMaybe(), b.asMaybe()) { $0 + $1 } }
    #expect(both.events == [.next(220, 3), .completed(220)])
    let none = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
      Maybe.zip(a.asMaybe(), empty.asMaybe()).map { $0 + $1 }
    }
    // As RxSwift's zip: the empty side's completion is noticed at the other side's next element (1210).
    #expect(none.events == [.completed(1210)])
    let collection = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
      Maybe.zip([a.asMaybe(), b.asMaybe()])
    }
    #expect(collection.events == [.next(2220, [1, 2]), .completed(2220)])
  }
}
