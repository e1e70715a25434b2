import Ferry
import FerryTesting
import Testing

@Suite struct ConnectableTests {
  @Test func publishSharesOneSubscriptionFromConnect() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
    let published = xs.publish()
    let early = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    var connection: (any Disposable)?
    scheduler.scheduleAt(200) { _ = published.subscribe(early) }
    scheduler.scheduleAt(220) { connection = published.connect() }
    scheduler.scheduleAt(240) { _ = published.subscribe(late) }
    scheduler.scheduleAt(260) { connection?.dispose() }
    scheduler.start()
    #expect(early.events == [.next(230, 2), .next(250, 3)])
    #expect(late.events == [.next(250, 3)])
    #expect(xs.subscriptions == [Subscription(220, 260)])
  }

  @Test func replayReplaysToLateSubscribers() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let replayed = xs.replay(1)
    let late = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(200) { _ = replayed.connect() }
    scheduler.scheduleAt(225) { _ = replayed.subscribe(late) }
    scheduler.start()
    #expect(late.events == [.next(225, 2), .completed(230)])
    let all = xs.replayAll()
    let observer = scheduler.createObserver(Int.self)
    _ = all.subscribe(observer)
    #expect(observer.events.isEmpty)
  }

  @Test func connectTwiceReturnsTheSameConnection() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1)])
    let published = xs.publish()
    scheduler.scheduleAt(200) {
      _ = published.connect()
      _ = published.connect()
    }
    scheduler.start()
    #expect(xs.subscriptions == [Subscription(200)])
  }

  @Test func refCountConnectsForTheFirstAndDisconnectsAfterTheLast() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4)])
    let shared = xs.publish().refCount()
    let first = scheduler.createObserver(Int.self)
    let second = scheduler.createObserver(Int.self)
    var subscriptions: [any Disposable] = []
    scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(first)) }
    scheduler.scheduleAt(220) { subscriptions.append(shared.subscribe(second)) }
    scheduler.scheduleAt(240) { subscriptions[0].dispose() }
    scheduler.scheduleAt(260) { subscriptions[1].dispose() }
    scheduler.scheduleAt(265) { subscriptions.append(shared.subscribe(first)) }
    scheduler.start()
    #expect(first.events == [.next(210, 1), .next(230, 2), .next(270, 4)])
    #expect(second.events == [.next(230, 2), .next(250, 3)])
    #expect(xs.subscriptions == [Subscription(200, 260), Subscription(265)])
  }

  @Test func refCountReconnectsAfterTheSourceTerminates() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let shared = xs.multicast(makeSubject: { PublishSubject<Int>() }).refCount()
    let res = scheduler.start { shared }
    #expect(res.events == [.next(210, 1), .completed(220)])
    let again = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(1100) { _ = shared.subscribe(again) }
    scheduler.start()
    #expect(again.events == [.next(1110, 1), .completed(1120)])
    #expect(xs.subscriptions == [Subscription(200, 220), Subscription(1100, 1120)])
  }

  @Test func multicastWithASelectorConnectsPerSubscription() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
    let res = scheduler.start {
      xs.multicast(
        { PublishSubject<Int>() }, selector: { shared in Observable.zip(shared, shared.skip(1)) { $0 + $1 } })
    }
    #expect(res.events == [.next(220, 3), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }
}
