import Dispatch
import Ferry
import FerryTesting
import Testing

@Suite struct CombineLatestTests {
  @Test func tupleFormEmitsOnceAllHaveEmitted() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^-1-2---3", of: Int.self)
    let second = try scheduler.createHotObservable("^-----a---b", of: String.self)
    let observer = scheduler.start {
      Observable.combineLatest(first, second).map { number, text in "\(number)\(text)" }
    }
    expectMarbles(observer.events, "^-----A-B-C", values: ["A": "2a", "B": "3a", "C": "3b"])
  }

  @Test func resultSelectorForm() {
    let recorder = EventRecorder<Int>()
    let relay = BehaviorRelay(value: 10)
    _ = Observable.combineLatest(relay, Observable.of(1, 2), Observable.just(100)) { $0 + $1 + $2 }
      .subscribe(recorder)
    relay.accept(20)
    #expect(recorder.elements == [112, 122])
  }

  @Test func arityFive() {
    let recorder = EventRecorder<Int>()
    let one = Observable.just(1)
    _ = Observable.combineLatest(one, one, one, one, one) { $0 + $1 + $2 + $3 + $4 }.subscribe(recorder)
    #expect(recorder.events.current == [.next(5), .completed])
  }

  @Test func aritySixTuple() {
    let values = LockedBox<[Int]>([])
    let one = Observable.just(1)
    _ = Observable.combineLatest(one, one, one, one, one, Observable.just(6)).subscribe(onNext: { tuple in
      values.withLock { $0.append(tuple.0 + tuple.1 + tuple.2 + tuple.3 + tuple.4 + tuple.5) }
    })
    #expect(values.current == [11])
  }

  @Test func completesWhenAllComplete() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^1-|", of: Int.self)
    let second = try scheduler.createHotObservable("^-2-3|", of: Int.self)
    let observer = scheduler.start { Observable.combineLatest(first, second) { $0 + $1 } }
    expectMarbles(observer.events, "^-3-4|")
    expectSubscriptions(first.subscriptions, "^--!")
    expectSubscriptions(second.subscriptions, "^----!")
  }

  /// As RxSwift 6.10: a source completing without elements is noticed at the next element of another source
  /// (no combination can ever be produced), not at once.
  @Test func sourceCompletingWithoutElementsIsNoticedAtTheNextElement() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^-1", of: Int.self)
    let observer = scheduler.start { Observable.combineLatest(first, Observable<Int>.empty()) { $0 + $1 } }
    expectMarbles(observer.events, "^-|")
    expectSubscriptions(first.subscriptions, "^-!")
  }

  /// As RxSwift 6.10: a source completing empty while another has not emitted either does not complete
  /// `combineLatest` until every source has completed, or an element arrives whose other sources are all done.
  @Test func sourcesCompletingEmptyOneAfterAnotherCompleteWhenAllHave() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^-|", of: Int.self)
    let second = try scheduler.createHotObservable("^---|", of: Int.self)
    let observer = scheduler.start { Observable.combineLatest(first, second) { $0 + $1 } }
    expectMarbles(observer.events, "^---|")
    expectSubscriptions(first.subscriptions, "^-!")
    expectSubscriptions(second.subscriptions, "^---!")
  }

  /// An element from a source whose partner has completed with a value still combines (RxSwift).
  @Test func completedSourceKeepsCombiningWithItsLastValue() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^1|", of: Int.self)
    let second = try scheduler.createHotObservable("^--a-b-|", values: ["a": 10, "b": 20])
    let observer = scheduler.start { Observable.combineLatest(first, second) { $0 + $1 } }
    expectMarbles(observer.events, "^--a-b-|", values: ["a": 11, "b": 21])
    expectSubscriptions(first.subscriptions, "^-!")
    expectSubscriptions(second.subscriptions, "^------!")
  }

  @Test func errorTerminatesAndDisposesOthers() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^1--", of: Int.self)
    let second = try scheduler.createHotObservable("^-#", of: Int.self, error: TestError(id: 1))
    let observer = scheduler.start { Observable.combineLatest(first, second) { $0 + $1 } }
    expectMarbles(observer.events, "^-#", error: TestError(id: 1))
    expectSubscriptions(first.subscriptions, "^-!")
    expectSubscriptions(second.subscriptions, "^-!")
  }

  @Test func resultSelectorErrorTerminates() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^1-2-3", of: Int.self)
    let observer = scheduler.start {
      Observable.combineLatest(first, Observable.just(0)) { value, _ -> Int in
        if value == 2 { throw TestError(id: 2) }
        return value
      }
    }
    expectMarbles(observer.events, "^1-#", error: TestError(id: 2))
    expectSubscriptions(first.subscriptions, "^--!")
  }

  @Test func collectionForms() {
    let sources = [Observable.just(1), Observable.of(2, 3)]
    let arrays = EventRecorder<[Int]>()
    let sums = EventRecorder<Int>()
    _ = Observable.combineLatest(sources).subscribe(arrays)
    _ = Observable.combineLatest(sources) { $0.reduce(0, +) }.subscribe(sums)
    #expect(arrays.events.current == [.next([1, 2]), .next([1, 3]), .completed])
    #expect(sums.events.current == [.next(3), .next(4), .completed])
  }

  @Test func emptyCollectionEmitsEmptyCombinationAndCompletes() {
    let recorder = EventRecorder<[Int]>()
    _ = Observable.combineLatest([Observable<Int>]()).subscribe(recorder)
    #expect(recorder.events.current == [.next([]), .completed])
  }

  @Test func disposeDisposesEverySource() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createColdObservable("-", of: Int.self)
    let second = try scheduler.createColdObservable("-", of: Int.self)
    let observer = scheduler.start { Observable.combineLatest(first, second).map { one, two in one + two } }
    expectMarbles(observer.events, "^")
    expectSubscriptions(first.subscriptions, "^<79>!")
    expectSubscriptions(second.subscriptions, "^<79>!")
  }

  @Test func disposeInsideOnNext() {
    let first = PublishSubject<Int>()
    let second = BehaviorRelay(value: 0)
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = Observable.combineLatest(first, second) { $0 + $1 }.subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    first.onNext(1)
    second.accept(5)
    first.onNext(2)
    #expect(received.current == [1])
    #expect(!first.hasObservers)
  }

  @Test func releasesCapturesAfterDispose() {
    weak var weakTracked: Tracked?
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let subscription = Observable.combineLatest(first, second) { $0 + $1 + tracked.id }.subscribe { _ in }
      first.onNext(1)
      subscription.dispose()
    }
    #expect(weakTracked == nil)
  }

  @Test func concurrentSourcesAreSerialised() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let observer = SerialCheckingObserver<Int>()
    let perThread = 2_000
    _ = Observable.combineLatest(first, second) { $0 * 10_000 + $1 }.subscribe(observer)
    first.onNext(0)
    second.onNext(0)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      let subject = thread == 0 ? first : second
      for index in 1...perThread { subject.onNext(index) }
      subject.onCompleted()
    }
    let elements = observer.elements
    #expect(observer.overlaps.current == 0)
    #expect(elements.count == 2 * perThread + 1)
    #expect(observer.stopEvents == 1)
    #expect(elements.last == perThread * 10_000 + perThread)
    // Each source's component never goes backwards: deliveries follow the lock order.
    let firstComponents = elements.map { $0 / 10_000 }
    let secondComponents = elements.map { $0 % 10_000 }
    #expect(firstComponents == firstComponents.sorted())
    #expect(secondComponents == secondComponents.sorted())
  }
}
