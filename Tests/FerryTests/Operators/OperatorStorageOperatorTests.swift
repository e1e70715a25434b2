import Dispatch
import Ferry
import Testing

/// The multi-source operators whose per-element work runs in a client-specialised `OperatorStorage` (`merge` and
/// its family, `withLatestFrom`, `sample`, `take(until:)`, `skip(until:)`): the paths their own suites leave open —
/// sends from another source during a delivery, two producer threads racing to a stop event, disposal, leaks, and
/// the synchronous loops of `repeatElement` stopping when a subscription below them has.
@Suite struct OperatorStorageOperatorTests {
  /// An operator over two subjects `a` and `b`, each of which can stop the result with an error.
  struct TwoSourceCase: Sendable, CustomTestStringConvertible {
    let name: String
    let build: @Sendable (PublishSubject<Int>, PublishSubject<Int>) -> Observable<Int>
    var testDescription: String { name }
  }

  static let twoSourceCases: [TwoSourceCase] = [
    TwoSourceCase(name: "merge") { a, b in Observable.merge(a.asObservable(), b.asObservable()) },
    TwoSourceCase(name: "flatMap") { a, b in
      Observable.of(0, 1).flatMap { $0 == 0 ? a.asObservable() : b.asObservable() }
    },
    TwoSourceCase(name: "concatMap") { a, b in
      Observable.of(0, 1).concatMap { $0 == 0 ? a.asObservable() : b.asObservable() }
    },
    TwoSourceCase(name: "withLatestFrom") { a, b in a.withLatestFrom(b) { x, y in x &+ y } },
    TwoSourceCase(name: "sample") { a, b in a.sample(b) },
    TwoSourceCase(name: "takeUntil") { a, b in a.take(until: b) },
    TwoSourceCase(name: "skipUntil") { a, b in a.skip(until: b) },
  ]

  /// Two threads feed the two sources and end them with errors: deliveries never overlap, exactly one stop event is
  /// delivered and nothing follows it (run under the thread sanitizer).
  @Test(arguments: twoSourceCases)
  func twoProducerThreadsRaceToOneStopEvent(_ operatorCase: TwoSourceCase) {
    for _ in 0..<10 {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let observer = SerialCheckingObserver<Int>()
      let subscription = operatorCase.build(a, b).subscribe(observer)
      let finished = runOnThreads(2) { thread in
        let subject = thread == 0 ? a : b
        for index in 0..<300 { subject.onNext(index) }
        subject.onError(TestError(id: thread))
      }
      #expect(finished)
      let events = observer.events.current
      #expect(observer.overlaps.current == 0)
      #expect(observer.stopEvents == 1)
      #expect(events.last?.isStopEvent == true)
      subscription.dispose()
    }
  }

  /// Disposing from inside the observer stops delivery before `dispose()` returns, and releases everything.
  @Test(arguments: twoSourceCases)
  func disposeDuringDeliveryStopsAndReleases(_ operatorCase: TwoSourceCase) {
    weak var weakTracked: Tracked?
    let a = PublishSubject<Int>()
    let b = PublishSubject<Int>()
    let received = LockedBox<[Int]>([])
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let holder = LockedBox<(any Disposable)?>(nil)
      holder.withLock {
        $0 = operatorCase.build(a, b).subscribe(onNext: { value in
          _ = tracked.id
          received.withLock { $0.append(value) }
          holder.current?.dispose()
        })
      }
      // Enough on both sources for every operator to deliver (sample: b ticks; skipUntil: b opens the gate).
      for value in 1...3 {
        a.onNext(value)
        b.onNext(value * 10)
      }
      holder.withLock { $0 = nil }
    }
    #expect(received.current.count == 1)
    #expect(weakTracked == nil, "the subscription must release its observer once disposed")
    #expect(!a.hasObservers && !b.hasObservers)
  }

  /// Disposing from outside releases the observer and every source subscription, inner ones included.
  @Test(arguments: twoSourceCases)
  func releasesEverythingAfterDispose(_ operatorCase: TwoSourceCase) {
    weak var weakTracked: Tracked?
    let a = PublishSubject<Int>()
    let b = PublishSubject<Int>()
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let subscription = operatorCase.build(a, b).subscribe(onNext: { _ in _ = tracked.id })
      a.onNext(1)
      b.onNext(2)
      #expect(weakTracked != nil)
      subscription.dispose()
    }
    #expect(weakTracked == nil)
    #expect(!a.hasObservers && !b.hasObservers)
  }

  /// An event from another source during a delivery is queued and delivered after the current one returns. (Only
  /// another source reaches the core re-entrantly: a subject queues re-entrant sends to itself. `skip(until:)` has
  /// no such path: `other` is done once the gate is open.)
  @Test func sendFromAnotherSourceDuringDeliveryIsQueued() {
    typealias Trigger = @Sendable (PublishSubject<Int>, PublishSubject<Int>) -> Void
    let cases: [(String, (PublishSubject<Int>, PublishSubject<Int>) -> Observable<Int>, Trigger, [String])] = [
      (
        "flatMap", { a, b in Observable.of(0, 1).flatMap { $0 == 0 ? a.asObservable() : b.asObservable() } },
        { _, b in b.onNext(2) }, ["begin 1", "end 1", "begin 2", "end 2"]
      ),
      (
        "withLatestFrom", { a, b in a.withLatestFrom(b.asObservable().startWith(0)) { x, _ in x } },
        { _, b in b.onError(TestError(id: 1)) }, ["begin 1", "end 1", "error"]
      ),
      ("sample", { a, b in a.sample(b) }, { a, _ in a.onError(TestError(id: 1)) }, ["begin 1", "end 1", "error"]),
      ("takeUntil", { a, b in a.take(until: b) }, { _, b in b.onNext(0) }, ["begin 1", "end 1", "completed"]),
    ]
    for (name, build, trigger, expected) in cases {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let log = LockedBox<[String]>([])
      let subscription = build(a, b).subscribe(
        onNext: { value in
          log.withLock { $0.append("begin \(value)") }
          if value == 1 { trigger(a, b) }
          log.withLock { $0.append("end \(value)") }
        },
        onError: { _ in log.withLock { $0.append("error") } },
        onCompleted: { log.withLock { $0.append("completed") } })
      a.onNext(1)
      // `sample` delivers on the sampler's tick.
      if name == "sample" { b.onNext(0) }
      #expect(log.current == expected, "\(name)")
      subscription.dispose()
    }
  }

  /// `sample` with the source and the sampler on two threads: samples never overlap, each is newer than the last
  /// (the sampled element is taken, not repeated), and the completion comes once, at the first tick after the source
  /// completed.
  @Test func sampleFromTwoThreads() {
    let source = PublishSubject<Int>()
    let sampler = PublishSubject<Void>()
    let observer = SerialCheckingObserver<Int>()
    _ = source.sample(sampler).subscribe(observer)
    let finished = runOnThreads(2) { thread in
      if thread == 0 {
        for index in 0..<2_000 { source.onNext(index) }
        source.onCompleted()
      } else {
        for _ in 0..<2_000 { sampler.onNext(()) }
      }
    }
    #expect(finished)
    sampler.onNext(())
    let elements = observer.elements
    #expect(observer.overlaps.current == 0)
    #expect(zip(elements, elements.dropFirst()).allSatisfy { $0 < $1 })
    #expect(observer.stopEvents == 1)
    #expect(observer.events.current.last == .completed)
  }

  /// A synchronous source that loops until nothing listens (`range`, `from`, `repeatElement`) stops soon after an
  /// operator below stops the subscription while it is still being made: the core's source observer answers for the
  /// subscription, as the sink did when it observed the source itself. (`range` checks every 64 elements; without
  /// the answer it would run all of them.)
  @Test func synchronousLoopsStopWhenTheSubscriptionStops() {
    let never = PublishSubject<Int>()
    let cases: [(String, (Observable<Int>) -> Observable<Int>)] = [
      ("takeUntil", { $0.take(until: never) }),
      ("skipUntil", { $0.skip(until: Observable.just(0)) }),
      ("merge", { $0.map { Observable.just($0) }.merge() }),
      ("concat", { $0.map { Observable.just($0) }.concat() }),
      ("flatMap", { $0.flatMap { Observable.just($0) } }),
      ("concatMap", { $0.concatMap { Observable.just($0) } }),
    ]
    for (name, apply) in cases {
      let produced = LockedBox(0)
      let source = Observable.range(start: 0, count: 1_000_000).do(onNext: { _ in produced.withLock { $0 += 1 } })
      #expect(Harness.events(apply(source).take(2)) == [.next(0), .next(1), .completed], "\(name)")
      #expect(produced.current <= 128, "\(name): the source went on after the subscription stopped")
    }
    #expect(!never.hasObservers)
  }

  /// `merge(maxConcurrent:)` subscribes waiting inner sequences when active ones complete on another thread, in order,
  /// and completes once (inner completions race with the outer sequence).
  @Test func mergeMaxConcurrentWithInnersCompletingOnAnotherThread() {
    let count = 200
    let inners = (0..<count).map { _ in PublishSubject<Int>() }
    let outer = PublishSubject<Int>()
    let observer = SerialCheckingObserver<Int>()
    _ = outer.map { inners[$0].asObservable() }.merge(maxConcurrent: 2).subscribe(observer)
    let finished = runOnThreads(2) { thread in
      if thread == 0 {
        for index in 0..<count { outer.onNext(index) }
        outer.onCompleted()
      } else {
        for index in 0..<count {
          // Bounded wait (a hang guard, not a timing assumption) until this inner is subscribed.
          var spins = 0
          while !inners[index].hasObservers && spins < 50_000_000 { spins += 1 }
          inners[index].onNext(index)
          inners[index].onCompleted()
        }
      }
    }
    #expect(finished)
    #expect(observer.overlaps.current == 0)
    #expect(observer.elements == Array(0..<count))
    #expect(observer.stopEvents == 1)
    #expect(observer.events.current.last == .completed)
  }

  /// `merge` keeps inner subscriptions in slots that completed inner sequences free for later ones: a reused slot
  /// holds the new subscription, the others keep theirs, disposal ends all that run, and the result completes once
  /// every inner sequence and the outer one have.
  @Test func mergeReusesTheSlotsOfCompletedInners() {
    let a = PublishSubject<Int>()
    let c = PublishSubject<Int>()
    let d = PublishSubject<Int>()
    let outer = PublishSubject<Observable<Int>>()
    let recorder = EventRecorder<Int>()
    let subscription = outer.merge().subscribe(recorder)
    outer.onNext(a.asObservable())
    // Completes inside its subscription: its slot is free again before `subscribe` returns.
    outer.onNext(Observable.just(1))
    outer.onNext(c.asObservable())
    c.onNext(2)
    c.onCompleted()
    outer.onNext(d.asObservable())
    a.onNext(3)
    d.onNext(4)
    #expect(recorder.events.current == [.next(1), .next(2), .next(3), .next(4)])
    #expect(a.hasObservers && d.hasObservers && !c.hasObservers)
    outer.onCompleted()
    d.onCompleted()
    #expect(recorder.events.current.last == .next(4))
    a.onCompleted()
    #expect(recorder.events.current.last == .completed)

    let e = PublishSubject<Int>()
    let f = PublishSubject<Int>()
    let outer2 = PublishSubject<Observable<Int>>()
    let disposed = outer2.merge().subscribe(EventRecorder<Int>())
    outer2.onNext(e.asObservable())
    outer2.onNext(Observable.just(0))
    outer2.onNext(f.asObservable())
    disposed.dispose()
    #expect(!e.hasObservers && !f.hasObservers && !outer2.hasObservers)
    subscription.dispose()
  }
}
