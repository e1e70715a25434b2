import Dispatch
import Ferry
import FerryTesting
import Testing

@Suite struct MergeTests {
  @Test func staticMergeInterleavesAndCompletesWhenAllComplete() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^-1-|", of: Int.self)
    let second = try scheduler.createHotObservable("^--2-3-|", of: Int.self)
    let observer = scheduler.start { Observable.merge(first.asObservable(), second.asObservable()) }
    expectMarbles(observer.events, "^-12-3-|")
    expectSubscriptions(first.subscriptions, "^---!")
    expectSubscriptions(second.subscriptions, "^------!")
  }

  @Test func arrayAndCollectionForms() {
    let sources = [Observable.of(1, 2), Observable.of(3)]
    let fromArray = EventRecorder<Int>()
    let fromCollection = EventRecorder<Int>()
    _ = Observable.merge(sources).subscribe(fromArray)
    _ = Observable.merge(sources[...]).subscribe(fromCollection)
    #expect(fromArray.events.current == [.next(1), .next(2), .next(3), .completed])
    #expect(fromCollection.events.current == fromArray.events.current)
  }

  @Test func errorFromOneSourceTerminatesAndDisposesOthers() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^-1-2", of: Int.self)
    let second = try scheduler.createHotObservable("^--#", of: Int.self, error: TestError(id: 7))
    let observer = scheduler.start { Observable.merge(first.asObservable(), second.asObservable()) }
    expectMarbles(observer.events, "^-1#", error: TestError(id: 7))
    expectSubscriptions(first.subscriptions, "^--!")
    expectSubscriptions(second.subscriptions, "^--!")
  }

  @Test func outerCompletionWaitsForInners() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = try scheduler.createHotObservable("      ^----   ---3-|", of: Int.self)
    let outer = try scheduler.createHotObservable(
      "      ^-a-b   -|", values: ["a": inner.asObservable(), "b": Observable.of(1, 2)])
    let observer = scheduler.start { outer.merge() }
    expectMarbles(observer.events, "      ^---(12)---3-|")
    expectSubscriptions(outer.subscriptions, "      ^----   -!")
    expectSubscriptions(inner.subscriptions, "<@200>--^--   -----!")
  }

  @Test func emptyOuterCompletes() {
    let recorder = EventRecorder<Int>()
    _ = Observable<Observable<Int>>.empty().merge().subscribe(recorder)
    #expect(recorder.events.current == [.completed])
  }

  @Test func maxConcurrentQueuesInOrder() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let inners = [
      try scheduler.createHotObservable("      ^-------0-|", of: Int.self),
      try scheduler.createHotObservable("      ^----1|", of: Int.self),
      // x (99) comes before the third inner is subscribed: lost, as in RxSwift.
      try scheduler.createHotObservable("      ^---x--2---|", values: ["x": 99]),
    ]
    let outer = try scheduler.createHotObservable(
      "      ^abc-----|",
      values: [
        "a": inners[0].asObservable(), "b": inners[1].asObservable(),
        "c": inners[2].asObservable(),
      ])
    let observer = scheduler.start { outer.merge(maxConcurrent: 2) }
    expectMarbles(observer.events, "      ^----1-20--|")
    expectSubscriptions(outer.subscriptions, "      ^--------!")
    expectSubscriptions(inners[0].subscriptions, "<@200>-^--------!")
    expectSubscriptions(inners[1].subscriptions, "<@200>--^---!")
    expectSubscriptions(inners[2].subscriptions, "<@200>------^----!")
  }

  @Test func disposingOuterDisposesEveryInner() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = try scheduler.createColdObservable("-", of: Int.self)
    let outer = try scheduler.createHotObservable("      ^-1-2", of: Int.self)
    let observer = scheduler.start(disposed: 300) { outer.flatMap { _ in inner.asObservable() } }
    expectMarbles(observer.events, "      ^")
    expectSubscriptions(outer.subscriptions, "      ^---------!")
    expectSubscriptions(inner.subscriptions, "<@200>--^-------!", "<@200>----^-----!")
  }

  @Test func completedInnerIsDisposed() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = try scheduler.createColdObservable("        --|", of: Int.self)
    let outer = try scheduler.createHotObservable("      ^-1", of: Int.self)
    let observer = scheduler.start { outer.flatMap { _ in inner.asObservable() } }
    expectMarbles(observer.events, "      ^")
    expectSubscriptions(inner.subscriptions, "<@200>--^-!")
  }

  @Test func disposeInsideOnNext() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = Observable.merge(first.asObservable(), second.asObservable()).subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    first.onNext(1)
    second.onNext(2)
    #expect(received.current == [1])
    #expect(!first.hasObservers && !second.hasObservers)
  }

  @Test func reentrantEmissionIsDeliveredAfterCurrentElement() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let log = LockedBox<[String]>([])
    // Disposed at the end: the observer captures `second`, which holds the observer (a cycle until then).
    let subscription = Observable.merge(first.asObservable(), second.asObservable()).subscribe(onNext: { value in
      log.withLock { $0.append("begin \(value)") }
      if value == 1 { second.onNext(2) }
      log.withLock { $0.append("end \(value)") }
    })
    first.onNext(1)
    #expect(log.current == ["begin 1", "end 1", "begin 2", "end 2"])
    subscription.dispose()
  }

  @Test func releasesObserverAfterDispose() {
    weak var weakTracked: Tracked?
    let source = PublishSubject<Int>()
    let inner = PublishSubject<Int>()
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let subscription = Observable.merge(source.asObservable(), inner.asObservable())
        .subscribe(onNext: { _ in _ = tracked.id })
      source.onNext(1)
      subscription.dispose()
    }
    #expect(weakTracked == nil)
  }

  @Test func concurrentSourcesAreSerialised() {
    let sources = (0..<2).map { _ in PublishSubject<Int>() }
    let observer = SerialCheckingObserver<Int>()
    let perThread = 2_000
    _ = Observable.merge(sources.map { $0.asObservable() }).subscribe(observer)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      for index in 0..<perThread { sources[thread].onNext(thread * perThread + index) }
      sources[thread].onCompleted()
    }
    #expect(observer.overlaps.current == 0)
    #expect(observer.elements.sorted() == Array(0..<(2 * perThread)))
    #expect(observer.stopEvents == 1)
    // Per source, order is preserved.
    let firstSource = observer.elements.filter { $0 < perThread }
    #expect(firstSource == Array(0..<perThread))
  }
}
