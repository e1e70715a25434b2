import Ferry
import FerryTesting
import Testing

@Suite struct AmbTests {
  @Test func theFirstSourceToEmitWinsAndTheOthersAreDisposed() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let a = try scheduler.createHotObservable("^----a--b-|", of: Int.self, values: ["a": 1, "b": 2])
    let b = try scheduler.createHotObservable("^--c----d-|", of: Int.self, values: ["c": 3, "d": 4])
    let c = try scheduler.createHotObservable("^---e-|", of: Int.self, values: ["e": 5])
    let res = scheduler.start { Observable.amb([a.asObservable(), b.asObservable(), c.asObservable()]) }
    expectMarbles(res.events, "^--c----d-|", values: ["c": 3, "d": 4])
    expectSubscriptions(a.subscriptions, "^--!")
    expectSubscriptions(b.subscriptions, "^---------!")
    expectSubscriptions(c.subscriptions, "^--!")
  }

  @Test func aTerminalEventWinsTheRaceToo() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let left = try scheduler.createHotObservable("^----a-|", of: Int.self, values: ["a": 1])
    let right = try scheduler.createHotObservable("^--#", of: Int.self, error: TestError())
    let res = scheduler.start { left.amb(right) }
    expectMarbles(res.events, "^--#", error: TestError())
    expectSubscriptions(left.subscriptions, "^--!")
    expectSubscriptions(right.subscriptions, "^--!")
  }

  @Test func ambOfNothingNeverEmitsAndDisposalReachesEverySource() throws {
    let none = TestScheduler(initialClock: 0).start { Observable<Int>.amb([Observable<Int>]()) }
    #expect(none.events == [])
    let scheduler = TestScheduler(initialClock: 0)
    let a = try scheduler.createHotObservable("^-----", of: Int.self)
    let b = try scheduler.createHotObservable("^-----", of: Int.self)
    let res = scheduler.start(disposed: 250) { a.amb(b) }
    #expect(res.events == [])
    #expect(a.subscriptions == [Subscription(200, 250)])
    #expect(b.subscriptions == [Subscription(200, 250)])
  }

  @Test func aSynchronousWinnerEndsTheRaceBeforeTheOthersAreSubscribed() {
    let subscribed = LockedBox(false)
    let later = Observable<Int>.create { _ in
      subscribed.withLock { $0 = true }
      return Disposables.create()
    }
    let recorder = EventRecorder<Int>()
    _ = Observable.amb([Observable.of(1, 2), later]).subscribe(recorder)
    #expect(recorder.events.current == [.next(1), .next(2), .completed])
    #expect(!subscribed.current)
  }
}

@Suite struct GroupByTests {
  @Test func emitsAGroupPerKeyAndSendsEachElementToItsGroup() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable(
      "^-a-b-c-d-|", of: Int.self, values: ["a": 1, "b": 2, "c": 3, "d": 5])
    let keys = scheduler.createObserver(String.self)
    let odd = scheduler.createObserver(Int.self)
    let even = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(200) {
      _ = xs.groupBy { $0 % 2 == 0 ? "even" : "odd" }.subscribe(
        onNext: { group in
          keys.onNext(group.key)
          _ = group.subscribe(group.key == "odd" ? odd : even)
        },
        onCompleted: { keys.onCompleted() })
    }
    scheduler.start()
    expectMarbles(keys.events, "^-o-e-----|", values: ["o": "odd", "e": "even"])
    expectMarbles(odd.events, "^-a---c-d-|", values: ["a": 1, "c": 3, "d": 5])
    expectMarbles(even.events, "^---b-----|", values: ["b": 2])
  }

  @Test func aKeySelectorErrorGoesToEveryGroupThenDownstream() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-a-b-c-|", of: Int.self, values: ["a": 1, "b": 2, "c": 3])
    let outer = scheduler.createObserver(Int.self)
    let group = scheduler.createObserver(Int.self)
    let order = LockedBox<[String]>([])
    scheduler.scheduleAt(200) {
      _ = xs.groupBy { element -> Int in
        if element == 3 { throw TestError(id: 3) }
        return element
      }.subscribe(
        onNext: { grouped in
          outer.onNext(grouped.key)
          _ = grouped.do(onError: { _ in order.withLock { $0.append("group") } }).subscribe(group)
        },
        onError: { error in
          order.withLock { $0.append("outer") }
          outer.onError(error)
        })
    }
    scheduler.start()
    expectMarbles(outer.events, "^-a-b-#", values: ["a": 1, "b": 2], error: TestError(id: 3))
    #expect(
      group.events == [.next(220, 1), .next(240, 2), .error(260, TestError(id: 3)), .error(260, TestError(id: 3))])
    #expect(order.current == ["group", "group", "outer"])
    #expect(xs.subscriptions == [Subscription(200, 260)])
  }

  @Test func theSourceStaysSubscribedWhileAGroupIsAfterTheOuterSubscriptionIsDisposed() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable(
      "^-a-b-c-d-e-|", of: Int.self, values: ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5])
    let keys = scheduler.createObserver(Int.self)
    let odd = scheduler.createObserver(Int.self)
    var outerSubscription: (any Disposable)?
    let groupSubscription = LockedBox<(any Disposable)?>(nil)
    scheduler.scheduleAt(200) {
      outerSubscription = xs.groupBy { $0 % 2 }.subscribe(onNext: { group in
        keys.onNext(group.key)
        if group.key == 1 {
          let subscription = group.subscribe(odd)
          groupSubscription.withLock { $0 = subscription }
        }
      })
    }
    scheduler.scheduleAt(230) { outerSubscription?.dispose() }
    scheduler.scheduleAt(270) { groupSubscription.current?.dispose() }
    scheduler.start()
    expectMarbles(keys.events, "^-o", values: ["o": 1])
    expectMarbles(odd.events, "^-a---c", values: ["a": 1, "c": 3])
    expectSubscriptions(xs.subscriptions, "^------!")
  }

  @Test func disposingEverySubscriptionReleasesTheSource() {
    weak var weakTracked: Tracked?
    let subject = PublishSubject<Int>()
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let groups = LockedBox<[any Disposable]>([])
      let outer = subject.groupBy { _ in tracked.id }.subscribe(onNext: { group in
        let subscription = group.subscribe()
        groups.withLock { $0.append(subscription) }
      })
      subject.onNext(1)
      outer.dispose()
      #expect(subject.hasObservers, "a group is still subscribed")
      groups.current.forEach { $0.dispose() }
    }
    #expect(weakTracked == nil)
    #expect(!subject.hasObservers)
  }
}
