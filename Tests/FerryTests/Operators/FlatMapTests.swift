import Dispatch
import Ferry
import FerryTesting
import Testing

@Suite struct FlatMapTests {
  @Test func mergesInnerSequences() {
    let recorder = EventRecorder<Int>()
    _ = Observable.of(1, 2).flatMap { Observable.of($0 * 10, $0 * 10 + 1) }.subscribe(recorder)
    #expect(recorder.events.current == [.next(10), .next(11), .next(20), .next(21), .completed])
  }

  @Test func selectorErrorTerminatesAndDisposesInners() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = try scheduler.createColdObservable("-", of: Int.self)
    let outer = try scheduler.createHotObservable("      ^-1-2", of: Int.self)
    let observer = scheduler.start {
      outer.flatMap { value -> Observable<Int> in
        if value == 2 { throw TestError(id: 2) }
        return inner.asObservable()
      }
    }
    expectMarbles(observer.events, "      ^---#", error: TestError(id: 2))
    expectSubscriptions(outer.subscriptions, "      ^---!")
    expectSubscriptions(inner.subscriptions, "<@200>--^-!")
  }

  @Test func innerErrorTerminates() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let outer = try scheduler.createHotObservable("^-1", of: Int.self)
    let observer = scheduler.start { outer.flatMap { _ in Observable<Int>.error(TestError(id: 3)) } }
    expectMarbles(observer.events, "^-#", error: TestError(id: 3))
    expectSubscriptions(outer.subscriptions, "^-!")
  }

  @Test func releasesCapturesAfterDispose() {
    weak var weakTracked: Tracked?
    let outer = PublishSubject<Int>()
    let inner = PublishSubject<Int>()
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let subscription = outer.flatMap { _ in inner.asObservable() }.subscribe(onNext: { _ in _ = tracked.id })
      outer.onNext(1)
      inner.onNext(1)
      subscription.dispose()
    }
    #expect(weakTracked == nil)
    #expect(!inner.hasObservers)
  }
}

@Suite struct FlatMapLatestTests {
  @Test func switchesToLatestAndDisposesPrevious() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let inners = [
      try scheduler.createHotObservable("      ^-a-s", values: ["a": "a", "s": "stale"]),
      try scheduler.createHotObservable("      ^----b", of: String.self),
    ]
    let outer = try scheduler.createHotObservable("      ^0-1", of: Int.self)
    let observer = scheduler.start { outer.flatMapLatest { inners[$0].asObservable() } }
    expectMarbles(observer.events, "      ^-a--b")
    expectSubscriptions(outer.subscriptions, "      ^<79>!")
    expectSubscriptions(inners[0].subscriptions, "<@200>-^-!")
    expectSubscriptions(inners[1].subscriptions, "<@200>---^<@1000>!")
  }

  @Test func completesWhenOuterAndCurrentInnerComplete() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = try scheduler.createHotObservable("      ^---5|", of: Int.self)
    let outer = try scheduler.createHotObservable("      ^1|", of: Int.self)
    let observer = scheduler.start { outer.flatMapLatest { _ in inner.asObservable() } }
    expectMarbles(observer.events, "      ^---5|")
    expectSubscriptions(outer.subscriptions, "      ^-!")
    expectSubscriptions(inner.subscriptions, "<@200>-^---!")
  }

  @Test func outerCompletionWithoutInnerCompletes() {
    let recorder = EventRecorder<Int>()
    _ = Observable<Int>.empty().flatMapLatest { Observable.just($0) }.subscribe(recorder)
    #expect(recorder.events.current == [.completed])
  }

  @Test func synchronousInnersEmitDuringSubscribe() {
    let recorder = EventRecorder<Int>()
    _ = Observable.of(1, 2).flatMapLatest { Observable.of($0, $0 * 10) }.subscribe(recorder)
    #expect(recorder.events.current == [.next(1), .next(10), .next(2), .next(20), .completed])
  }

  @Test func innerErrorTerminates() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let outer = try scheduler.createHotObservable("^4-5", of: Int.self)
    let observer = scheduler.start { outer.flatMapLatest { value in Observable<Int>.error(TestError(id: value)) } }
    expectMarbles(observer.events, "^#", error: TestError(id: 4))
    expectSubscriptions(outer.subscriptions, "^!")
  }

  @Test func selectorErrorTerminatesAndDisposesTheInner() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = try scheduler.createColdObservable("-a-b-c", of: String.self)
    let outer = try scheduler.createHotObservable("^1---0-2", of: Int.self)
    let observer = scheduler.start {
      outer.flatMapLatest { value -> Observable<String> in
        if value == 0 { throw TestError(id: 0) }
        return inner.asObservable()
      }
    }
    expectMarbles(observer.events, "^-a-b#", error: TestError(id: 0))
    expectSubscriptions(outer.subscriptions, "^----!")
    expectSubscriptions(inner.subscriptions, "<@200>-^---!")
  }

  @Test func disposeDisposesCurrentInner() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = try scheduler.createColdObservable("-", of: Int.self)
    let outer = try scheduler.createHotObservable("      ^12", of: Int.self)
    let observer = scheduler.start { outer.flatMapLatest { _ in inner.asObservable() } }
    expectMarbles(observer.events, "      ^")
    expectSubscriptions(inner.subscriptions, "<@200>-^!", "<@200>--^<@1000>!")
  }

  @Test func disposeInsideOnNext() {
    let outer = PublishSubject<Int>()
    let inner = PublishSubject<Int>()
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = outer.flatMapLatest { _ in inner.asObservable() }.subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    outer.onNext(1)
    inner.onNext(1)
    inner.onNext(2)
    #expect(received.current == [1])
    #expect(!inner.hasObservers && !outer.hasObservers)
  }

  @Test func switchLatestOnObservableOfObservables() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("      ^-1-   x", values: ["x": 99])
    let outer = try scheduler.createHotObservable(
      "      ^a-b   -|", values: ["a": first.asObservable(), "b": Observable.of(2, 3)])
    let observer = scheduler.start { outer.switchLatest() }
    expectMarbles(observer.events, "      ^-1(23)-|")
    expectSubscriptions(first.subscriptions, "<@200>-^-!")
  }
}

@Suite struct FlatMapFirstTests {
  @Test func ignoresElementsWhileInnerActive() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = try scheduler.createHotObservable("      ^--1|", of: Int.self)
    let outer = try scheduler.createHotObservable("      ^ab--c", values: ["a": 100, "b": 200, "c": 300])
    let selected = LockedBox<[Int]>([])
    let observer = scheduler.start {
      outer.flatMapFirst { value -> Observable<Int> in
        selected.withLock { $0.append(value) }
        return inner.asObservable().map { $0 + value }
      }
    }
    expectMarbles(observer.events, "      ^--a", values: ["a": 101])
    // b (200) is ignored: the selector is not called and nothing is subscribed at 220.
    #expect(selected.current == [100, 300])
    expectSubscriptions(inner.subscriptions, "<@200>-^--!", "<@200>-----^<@1000>!")
  }

  @Test func completesWhenOuterAndActiveInnerComplete() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = try scheduler.createHotObservable("      ^---|", of: Int.self)
    let outer = try scheduler.createHotObservable("      ^1|", of: Int.self)
    let observer = scheduler.start { outer.flatMapFirst { _ in inner.asObservable() } }
    expectMarbles(observer.events, "      ^---|")
    expectSubscriptions(inner.subscriptions, "<@200>-^--!")
  }

  @Test func disposeDisposesActiveInner() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = try scheduler.createColdObservable("-", of: Int.self)
    let outer = try scheduler.createHotObservable("      ^12", of: Int.self)
    let observer = scheduler.start { outer.flatMapFirst { _ in inner.asObservable() } }
    expectMarbles(observer.events, "      ^")
    expectSubscriptions(inner.subscriptions, "<@200>-^<@1000>!")
  }
}

@Suite struct ConcatMapTests {
  @Test func queuesInnersInOrder() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let inners = [
      try scheduler.createHotObservable("      ^--a|", values: ["a": 10]),
      try scheduler.createHotObservable("      ^----b-|", values: ["b": 20]),
    ]
    let outer = try scheduler.createHotObservable("      ^01---|", of: Int.self)
    let observer = scheduler.start { outer.concatMap { inners[$0].asObservable() } }
    expectMarbles(observer.events, "      ^--a-b-|", values: ["a": 10, "b": 20])
    expectSubscriptions(inners[0].subscriptions, "<@200>-^--!")
    expectSubscriptions(inners[1].subscriptions, "<@200>----^--!")
  }

  @Test func disposeDisposesActiveAndDropsQueued() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = try scheduler.createColdObservable("-", of: Int.self)
    let outer = try scheduler.createHotObservable("      ^12", of: Int.self)
    let observer = scheduler.start { outer.concatMap { _ in inner.asObservable() } }
    expectMarbles(observer.events, "      ^")
    expectSubscriptions(inner.subscriptions, "<@200>-^<@1000>!")
  }

  @Test func innerErrorTerminates() {
    let recorder = EventRecorder<Int>()
    _ = Observable.of(1, 2, 3).concatMap { value -> Observable<Int> in
      value == 2 ? .error(TestError(id: 2)) : .just(value)
    }.subscribe(recorder)
    #expect(recorder.events.current == [.next(1), .error(TestError(id: 2))])
  }
}

@Suite struct FlatMapThreadTests {
  @Test func innersFedFromTwoThreadsAreSerialised() {
    let inners = [PublishSubject<Int>(), PublishSubject<Int>()]
    let observer = SerialCheckingObserver<Int>()
    let perThread = 1_000
    _ = Observable.of(0, 1).flatMap { inners[$0].asObservable() }.subscribe(observer)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      for index in 0..<perThread { inners[thread].onNext(thread * perThread + index) }
      inners[thread].onCompleted()
    }
    #expect(observer.overlaps.current == 0)
    #expect(observer.elements.sorted() == Array(0..<(2 * perThread)))
    #expect(observer.stopEvents == 1)
  }

  /// One thread switches `flatMapLatest` to a new inner sequence while another thread drives every inner sequence:
  /// deliveries never overlap, a superseded inner sequence's element never follows a newer one's, and the result
  /// completes once, after the outer sequence and the latest inner one.
  @Test func flatMapLatestSwitchingWhileInnersEmitOnAnotherThread() {
    let switches = 200
    let ticks = PublishSubject<Int>()
    let outer = PublishSubject<Int>()
    let observer = SerialCheckingObserver<Int>()
    _ = outer.flatMapLatest { index in ticks.map { _ in index } }.subscribe(observer)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      if thread == 0 {
        for index in 0..<switches { outer.onNext(index) }
        outer.onCompleted()
      } else {
        for tick in 0..<(10 * switches) { ticks.onNext(tick) }
      }
    }
    #expect(observer.stopEvents == 0, "the latest inner sequence still runs")
    ticks.onNext(0)
    ticks.onCompleted()
    let elements = observer.elements
    #expect(observer.overlaps.current == 0)
    #expect(elements == elements.sorted(), "an element of a superseded inner sequence came after a newer one's")
    #expect(elements.last == switches - 1)
    #expect(observer.stopEvents == 1)
    #expect(!ticks.hasObservers)
  }

  @Test func concatMapWithInnersCompletingOnAnotherThread() {
    let count = 50
    let outer = PublishSubject<Int>()
    let inners = (0..<count).map { _ in PublishSubject<Int>() }
    let observer = SerialCheckingObserver<Int>()
    _ = outer.concatMap { inners[$0].asObservable() }.subscribe(observer)
    let timedOut = LockedBox(false)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      if thread == 0 {
        for index in 0..<count { outer.onNext(index) }
        outer.onCompleted()
      } else {
        for index in 0..<count {
          // Bounded wait (a hang guard, not a timing assumption) until this inner is subscribed.
          var spins = 0
          while !inners[index].hasObservers {
            spins += 1
            if spins > 50_000_000 {
              timedOut.withLock { $0 = true }
              return
            }
          }
          inners[index].onNext(index)
          inners[index].onCompleted()
        }
      }
    }
    #expect(!timedOut.current)
    #expect(observer.elements == Array(0..<count))
    #expect(observer.events.current.last?.isCompleted == true)
    #expect(observer.overlaps.current == 0)
  }
}
