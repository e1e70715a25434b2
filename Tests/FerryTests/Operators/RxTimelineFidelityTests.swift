import Ferry
import FerryTesting
import Testing

/// Timelines on which Ferry must behave as RxSwift 6 does (RxSwift's observable behaviour is the reference; these
/// tests are Ferry's own).
@Suite struct RxTimelineFidelityTests {
  // MARK: multicast / replay reconnect

  @Test func replayMakesAFreshSubjectPerConnection() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .completed(230), .next(260, 3), .next(270, 4),
    ])
    let replayed = xs.replay(1)
    let beforeReconnect = scheduler.createObserver(Int.self)
    let afterReconnect = scheduler.createObserver(Int.self)
    var connection: (any Disposable)?
    scheduler.scheduleAt(200) { _ = replayed.subscribe(beforeReconnect) }
    scheduler.scheduleAt(205) { connection = replayed.connect() }
    scheduler.scheduleAt(250) { connection = replayed.connect() }
    scheduler.scheduleAt(255) { _ = replayed.subscribe(afterReconnect) }
    scheduler.scheduleAt(275) { connection?.dispose() }
    scheduler.start()
    #expect(beforeReconnect.events == [.next(210, 1), .next(220, 2), .completed(230)])
    #expect(afterReconnect.events == [.next(260, 3), .next(270, 4)])
    #expect(xs.subscriptions == [Subscription(205, 230), Subscription(250, 275)])
  }

  @Test func replayAllAndPublishForgetTheSubjectWhenDisconnected() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
    let replayed = xs.replayAll()
    let published = xs.publish()
    let early = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    let earlyPublished = scheduler.createObserver(Int.self)
    var connections: [any Disposable] = []
    scheduler.scheduleAt(200) {
      _ = replayed.subscribe(early)
      _ = published.subscribe(earlyPublished)
      connections = [replayed.connect(), published.connect()]
    }
    scheduler.scheduleAt(220) { connections.forEach { $0.dispose() } }
    scheduler.scheduleAt(225) {
      _ = replayed.subscribe(late)
      connections = [replayed.connect(), published.connect()]
    }
    scheduler.start()
    #expect(early.events == [.next(210, 1)])
    #expect(late.events == [.next(230, 2)])
    #expect(earlyPublished.events == [.next(210, 1)])
  }

  /// A subscriber that, on completion, subscribes again and connects again: with a fresh subject per connection it
  /// joins the next connection, which subscribes to the source again.
  @Test func subscribingAndConnectingFromInsideTheCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(230, 1), .completed(240), .next(250, 2), .next(270, 3),
    ])
    let ys = xs.multicast(makeSubject: { ReplaySubject<Int>.create(bufferSize: 1) })
    let res = scheduler.createObserver(Int.self)
    let connection = LockedBox<(any Disposable)?>(nil)
    scheduler.scheduleAt(200) { connection.withLock { $0 = ys.connect() } }
    scheduler.scheduleAt(210) {
      _ = ys.do(onCompleted: {
        _ = ys.subscribe(res)
        let reconnected = ys.connect()
        connection.withLock { $0 = reconnected }
      }).subscribe(res)
    }
    scheduler.scheduleAt(260) { connection.current?.dispose() }
    scheduler.start()
    #expect(res.events == [.next(230, 1), .completed(240), .next(250, 2)])
    #expect(xs.subscriptions == [Subscription(200, 240), Subscription(240, 260)])
  }

  /// With one subject for every connection, a `connect()` from inside the completion subscribes to the source again.
  @Test func connectingFromInsideTheCompletionOfASharedSubjectSubscribesAgain() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(230, 1), .completed(240), .next(250, 2)])
    let ys = xs.multicast(ReplaySubject<Int>.create(bufferSize: 1))
    let connection = LockedBox<(any Disposable)?>(nil)
    scheduler.scheduleAt(200) { connection.withLock { $0 = ys.connect() } }
    scheduler.scheduleAt(210) {
      _ = ys.do(onCompleted: {
        let reconnected = ys.connect()
        connection.withLock { $0 = reconnected }
      }).subscribe()
    }
    scheduler.scheduleAt(260) { connection.current?.dispose() }
    scheduler.start()
    #expect(xs.subscriptions == [Subscription(200, 240), Subscription(240, 260)])
  }

  /// A subscriber added to a `ReplaySubject` from inside the delivery of its completion gets its replay and the
  /// completion at once, nested, before the completion in progress reaches the rest of the chain (as RxSwift).
  @Test func subscribingFromInsideTheCompletionOfASharedReplaySubjectReplaysAtOnce() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(230, 1), .next(235, 2), .completed(240)])
    let ys = xs.multicast(ReplaySubject<Int>.create(bufferSize: 1))
    let res = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(200) { _ = ys.connect() }
    scheduler.scheduleAt(210) {
      _ = ys.do(onCompleted: { _ = ys.subscribe(res) }).subscribe(res)
    }
    scheduler.start()
    #expect(res.events == [.next(230, 1), .next(235, 2), .next(240, 2), .completed(240), .completed(240)])
  }

  /// The same for each kind of subject subscribed from inside its own completion: the stop event (after the replay)
  /// reaches the new subscriber before the other observers' delivery goes on.
  @Test func subscribingFromInsideASubjectsCompletionDeliversAtOnce() {
    func run<Subject: ObservableType & ObserverType>(_ subject: Subject) -> [String] where Subject.Element == Int {
      let log = LockedBox<[String]>([])
      _ = subject.subscribe(onCompleted: {
        log.withLock { $0.append("first completed") }
        _ = subject.subscribe(
          onNext: { value in log.withLock { $0.append("late \(value)") } },
          onCompleted: { log.withLock { $0.append("late completed") } })
      })
      _ = subject.subscribe(onCompleted: { log.withLock { $0.append("second completed") } })
      subject.on(.next(1))
      subject.on(.completed)
      return log.current
    }
    #expect(
      run(ReplaySubject<Int>.create(bufferSize: 1)) == [
        "first completed", "late 1", "late completed", "second completed",
      ])
    #expect(run(BehaviorSubject(value: 0)) == ["first completed", "late completed", "second completed"])
    #expect(run(PublishSubject<Int>()) == ["first completed", "late completed", "second completed"])
  }

  // MARK: refCount

  @Test func refCountOverATerminatedSubjectDoesNotConnect() {
    for terminal in [Event<Int>.completed, .error(TestError())] {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1)])
      let subject = PublishSubject<Int>()
      subject.on(terminal)
      let res = scheduler.start { xs.multicast(subject).refCount() }
      #expect(res.events == [Recorded(time: 200, value: terminal)])
      #expect(xs.subscriptions == [])
    }
  }

  @Test func refCountStillCountsSubscribersAfterAnEndedOne() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
    let shared = xs.publish().refCount()
    let first = scheduler.createObserver(Int.self)
    let second = scheduler.createObserver(Int.self)
    var subscriptions: [any Disposable] = []
    scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(first)) }
    scheduler.scheduleAt(205) { subscriptions.append(shared.subscribe(second)) }
    scheduler.scheduleAt(220) { subscriptions[0].dispose() }
    scheduler.scheduleAt(240) { subscriptions[1].dispose() }
    scheduler.start()
    #expect(first.events == [.next(210, 1)])
    #expect(second.events == [.next(210, 1), .next(230, 2)])
    #expect(xs.subscriptions == [Subscription(200, 240)])
  }

  // MARK: skip(until:)

  @Test func skipUntilWhoseTriggerNeverFiresEndsSilentlyWhenTheSourceCompletes() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("-a-^-b--c--|", of: Int.self, values: ["a": 1, "b": 2, "c": 3])
    let trigger = try scheduler.createHotObservable("-x-^---|", of: Int.self, values: ["x": 0])
    let res = scheduler.start { source.skip(until: trigger) }
    expectMarbles(res.events, "^")
    expectSubscriptions(source.subscriptions, "^-------!")
    expectSubscriptions(trigger.subscriptions, "^---!")
  }

  @Test func skipUntilDisposesANeverFiringTriggerWhenTheSourceCompletes() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
    let trigger: TestableObservable<Int> = scheduler.createHotObservable([.error(300, TestError())])
    let res = scheduler.start { source.skip(until: trigger) }
    #expect(res.events == [])
    #expect(source.subscriptions == [Subscription(200, 250)])
    #expect(trigger.subscriptions == [Subscription(200, 250)])
  }

  @Test func skipUntilStillForwardsTheSourcesErrorWhileShut() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .error(250, TestError())])
    let trigger = scheduler.createHotObservable([.next(300, 0)])
    let res = scheduler.start { source.skip(until: trigger) }
    #expect(res.events == [.error(250, TestError())])
  }

  // MARK: do

  @Test func doRunsOnDisposeAfterTheSourcesDisposalAndAfterOnSubscribed() {
    let log = LockedBox<[String]>([])
    let source = Observable<Int>.create { observer in
      log.withLock { $0.append("source subscribe") }
      observer.onNext(0)
      observer.onCompleted()
      return Disposables.create { log.withLock { $0.append("source dispose") } }
    }
    _ = source.do(
      onNext: { _ in log.withLock { $0.append("onNext") } },
      onCompleted: { log.withLock { $0.append("onCompleted") } },
      onSubscribe: { log.withLock { $0.append("onSubscribe") } },
      onSubscribed: { log.withLock { $0.append("onSubscribed") } },
      onDispose: { log.withLock { $0.append("onDispose") } }
    ).subscribe()
    #expect(
      log.current == [
        "onSubscribe", "source subscribe", "onNext", "onCompleted", "source dispose", "onSubscribed", "onDispose",
      ])
  }

  @Test func doRunsOnDisposeOnceWhenDisposedOrTerminatedLater() {
    let log = LockedBox<[String]>([])
    let subject = PublishSubject<Int>()
    let source = Observable<Int>.create { observer in
      let subscription = subject.subscribe(observer)
      return Disposables.create {
        log.withLock { $0.append("source dispose") }
        subscription.dispose()
      }
    }
    let traced = source.do(
      onCompleted: { log.withLock { $0.append("onCompleted") } },
      onSubscribed: { log.withLock { $0.append("onSubscribed") } },
      onDispose: { log.withLock { $0.append("onDispose") } })
    let subscription = traced.subscribe()
    subscription.dispose()
    subscription.dispose()
    #expect(log.current == ["onSubscribed", "source dispose", "onDispose"])
    log.withLock { $0.removeAll() }
    _ = traced.subscribe()
    subject.onCompleted()
    subject.onCompleted()
    #expect(log.current.filter { $0 == "onDispose" }.count == 1)
  }

  /// A `create` whose completion arrives later: `do` disposes its source once it has forwarded the completion, and
  /// that nested disposal tears the create down at once, so the create's disposable goes before `onDispose` (as
  /// RxSwift), exactly once.
  @Test func doSeesALaterCompletingCreateDisposedBeforeOnDispose() {
    let scheduler = TestScheduler(initialClock: 0)
    let log = LockedBox<[String]>([])
    let res = scheduler.start {
      Observable<Int>.create { observer in
        log.withLock { $0.append("source subscribe") }
        scheduler.scheduleAt(300) {
          observer.onNext(1)
          observer.onCompleted()
          log.withLock { $0.append("source returned from onCompleted") }
        }
        return Disposables.create { log.withLock { $0.append("source dispose") } }
      }
      .do(
        onCompleted: { log.withLock { $0.append("onCompleted") } },
        afterCompleted: { log.withLock { $0.append("afterCompleted") } },
        onDispose: { log.withLock { $0.append("onDispose") } })
    }
    #expect(res.events == [.next(300, 1), .completed(300)])
    #expect(
      log.current == [
        "source subscribe", "onCompleted", "afterCompleted", "source dispose", "onDispose",
        "source returned from onCompleted",
      ])
  }

  /// Without a disposal from below during the stop event, the create is torn down after forwarding it.
  @Test func aCreateIsTornDownAfterForwardingItsStopEventWhenNothingBelowDisposes() {
    let log = LockedBox<[String]>([])
    let observer = LockedBox<AnyObserver<Int>?>(nil)
    let source = Observable<Int>.create { created in
      observer.withLock { $0 = created }
      return Disposables.create { log.withLock { $0.append("source dispose") } }
    }
    let subscription = source.subscribe(
      AnyObserver { event in
        log.withLock { $0.append(event.isCompleted ? "completed" : "other") }
      })
    observer.current?.onCompleted()
    log.withLock { $0.append("returned") }
    subscription.dispose()
    #expect(log.current == ["completed", "source dispose", "returned"])
  }

  // MARK: zip over a collection

  @Test func zipOfACollectionCompletesWhenAnElementCanNeverBePaired() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let finished = try scheduler.createHotObservable("^-a-|", of: Int.self, values: ["a": 1])
    let other = try scheduler.createHotObservable("^-----b-c-d-|", of: Int.self, values: ["b": 2, "c": 3, "d": 4])
    let res = scheduler.start { Observable.zip([finished.asObservable(), other.asObservable()]) }
    // `b` pairs with the buffered `a`; `c` can never be paired, since `finished` completed with nothing left.
    expectMarbles(res.events, "^-----x-|", values: ["x": [1, 2]])
    expectSubscriptions(finished.subscriptions, "^---!")
    expectSubscriptions(other.subscriptions, "^-------!")
    // The arity form waits for every source to complete, as RxSwift's does.
    let again = TestScheduler(initialClock: 0)
    let first = try again.createHotObservable("^-a-|", of: Int.self, values: ["a": 1])
    let second = try again.createHotObservable("^-----b-c-d-|", of: Int.self, values: ["b": 2, "c": 3, "d": 4])
    let pairs = again.start { Observable.zip(first, second) { $0 + $1 } }
    expectMarbles(pairs.events, "^-----a-----|", values: ["a": 3])
  }

  // MARK: concat and from over a lazy sequence

  @Test func concatOfAnEndlessLazySequencePullsOnlyWhatIsNeeded() {
    let scheduler = TestScheduler(initialClock: 0)
    let pulled = LockedBox(0)
    let sources = (0...).lazy.map { index -> Observable<Int> in
      pulled.withLock { $0 += 1 }
      return Observable<Int>.timer(.seconds(10), scheduler: scheduler).map { _ in index }
    }
    let res = scheduler.start { Observable.concat(sources).take(3) }
    #expect(res.events == [.next(210, 0), .next(220, 1), .next(230, 2), .completed(230)])
    #expect(pulled.current == 3)
  }

  @Test func concatOfManySynchronousSourcesDoesNotGrowTheStack() {
    let recorder = EventRecorder<Int>()
    _ = Observable.concat((0..<100_000).lazy.map { Observable.just($0) }).subscribe(recorder)
    #expect(recorder.elements.count == 100_000)
    #expect(recorder.isCompleted)
  }

  @Test func concatOfASequenceIteratesOncePerSubscription() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    let concatenated = Observable.concat(AnySequence([a.asObservable(), b.asObservable()]))
    let res = scheduler.start { concatenated }
    #expect(res.events == [.next(210, 1), .next(230, 2), .completed(240)])
    let again = EventRecorder<Int>()
    let subscription = concatenated.subscribe(again)
    scheduler.advanceTo(1100)
    subscription.dispose()
    #expect(again.elements == [1, 2])
    #expect(a.subscriptions == [Subscription(200, 220), Subscription(1000, 1020)])
    #expect(b.subscriptions == [Subscription(220, 240), Subscription(1020, 1040)])
  }

  @Test func fromASequenceIteratesOnlyWhenSubscribed() {
    let iterated = LockedBox(0)
    let sequence = (1...3).lazy.map { element -> Int in
      iterated.withLock { $0 += 1 }
      return element
    }
    let observable = Observable.from(AnySequence(sequence))
    #expect(iterated.current == 0)
    let recorder = EventRecorder<Int>()
    _ = observable.subscribe(recorder)
    #expect(recorder.events.current == [.next(1), .next(2), .next(3), .completed])
    #expect(iterated.current == 3)
    _ = observable.subscribe(recorder)
    #expect(iterated.current == 6)
  }

  // MARK: subscribe(on:)

  @Test func subscribeOnDisposesTheSourceOnTheSchedulerAfterATerminalEvent() {
    for terminal in [Event<Int>.completed, .error(TestError())] {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), Recorded(time: 300, value: terminal)])
      let res = scheduler.start { xs.subscribe(on: scheduler) }
      #expect(res.events == [.next(210, 1), Recorded(time: 300, value: terminal)])
      // Subscribed one tick after 200 and disposed one tick after the terminal event: both on the scheduler.
      #expect(xs.subscriptions == [Subscription(201, 301)])
    }
  }
}
