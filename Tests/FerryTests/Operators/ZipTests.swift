import Ferry
import FerryTesting
import Testing

@Suite struct ZipTests {
  @Test func pairsByIndex() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^12---3", of: Int.self)
    let second = try scheduler.createHotObservable("^--abc", of: String.self)
    let observer = scheduler.start { Observable.zip(first, second).map { number, text in "\(number)\(text)" } }
    expectMarbles(observer.events, "^--AB-C", values: ["A": "1a", "B": "2b", "C": "3c"])
  }

  /// As RxSwift 6.10: a completed source whose buffer runs dry does not complete `zip`; it completes when every
  /// source has completed. The completed source's subscription ends at its completion, the others stay.
  @Test func completesOnlyWhenEverySourceHasCompleted() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^12|", of: Int.self)
    let second = try scheduler.createHotObservable("^---a-b", values: ["a": 10, "b": 20])
    let observer = scheduler.start { Observable.zip(first, second) { $0 + $1 } }
    expectMarbles(observer.events, "^---a-b", values: ["a": 11, "b": 22])
    expectSubscriptions(first.subscriptions, "^--!")
    expectSubscriptions(second.subscriptions, "^<79>!")
  }

  @Test func completesWhenTheOtherSideFinishes() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^12|", of: Int.self)
    let second = try scheduler.createHotObservable("^---a-b-c--|", values: ["a": 10, "b": 20, "c": 30])
    let observer = scheduler.start { Observable.zip(first, second) { $0 + $1 } }
    expectMarbles(observer.events, "^---a-b----|", values: ["a": 11, "b": 22])
    expectSubscriptions(first.subscriptions, "^--!")
    expectSubscriptions(second.subscriptions, "^----------!")
  }

  /// As RxSwift 6.10: an empty source does not complete `zip` at once; it waits for the other sources.
  @Test func emptySourceWaitsForTheOthers() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^-1", of: Int.self)
    let observer = scheduler.start { Observable.zip(first, Observable<Int>.empty()) { $0 + $1 } }
    expectMarbles(observer.events, "^")
    expectSubscriptions(first.subscriptions, "^<79>!")
  }

  @Test func synchronousSourcesZip() {
    let recorder = EventRecorder<Int>()
    _ = Observable.zip(Observable.of(1, 2, 3), Observable.of(10, 20)) { $0 + $1 }.subscribe(recorder)
    #expect(recorder.events.current == [.next(11), .next(22), .completed])
  }

  @Test func errorTerminates() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^1--", of: Int.self)
    let second = try scheduler.createHotObservable("^-#", of: Int.self, error: TestError(id: 9))
    let observer = scheduler.start { Observable.zip(first, second) { $0 + $1 } }
    expectMarbles(observer.events, "^-#", error: TestError(id: 9))
    expectSubscriptions(first.subscriptions, "^-!")
    expectSubscriptions(second.subscriptions, "^-!")
  }

  @Test func aritySixAndCollections() {
    let one = Observable.just(1)
    let sum = EventRecorder<Int>()
    _ = Observable.zip(one, one, one, one, one, one) { $0 + $1 + $2 + $3 + $4 + $5 }.subscribe(sum)
    #expect(sum.events.current == [.next(6), .completed])

    let arrays = EventRecorder<[Int]>()
    _ = Observable.zip([Observable.of(1, 2), Observable.of(3, 4, 5)]).subscribe(arrays)
    #expect(arrays.events.current == [.next([1, 3]), .next([2, 4]), .completed])

    let selected = EventRecorder<Int>()
    _ = Observable.zip([Observable.of(1, 2), Observable.of(3, 4)]) { $0.reduce(0, +) }.subscribe(selected)
    #expect(selected.events.current == [.next(4), .next(6), .completed])

    let empty = EventRecorder<[Int]>()
    _ = Observable.zip([Observable<Int>]()).subscribe(empty)
    #expect(empty.events.current == [.completed])
  }

  @Test func disposeDisposesEverySource() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let sources = try (0..<3).map { _ in try scheduler.createColdObservable("-", of: Int.self) }
    let observer = scheduler.start {
      Observable.zip(sources[0], sources[1], sources[2]).map { one, two, three in one + two + three }
    }
    expectMarbles(observer.events, "^")
    for source in sources { expectSubscriptions(source.subscriptions, "^<79>!") }
  }

  @Test func disposeInsideOnNext() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = Observable.zip(first, second) { $0 + $1 }.subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    first.onNext(1)
    first.onNext(2)
    second.onNext(1)
    second.onNext(2)
    #expect(received.current == [2])
    #expect(!first.hasObservers && !second.hasObservers)
  }
}
