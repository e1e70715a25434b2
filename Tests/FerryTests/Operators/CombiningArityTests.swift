import Dispatch
import Ferry
import FerryTesting
import Testing

/// The typed arity forms (2...6) of `combineLatest` and `zip`: values, stop events, disposal, threads, leaks.
@Suite struct CombiningArityTests {
  // Six hot sources; source `n` emits `n`, then `n * 10` (staggered), then completes.
  private static let marbles = [
    "^1---a---|", "^-2---b--|", "^--3---c-|", "^---4---d|", "^----5---|", "^-----6--|",
  ]
  private static let values: [String: Int] = [
    "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "a": 10, "b": 20, "c": 30, "d": 40,
  ]

  private func sources(_ scheduler: TestScheduler) throws -> [TestableObservable<Int>] {
    try Self.marbles.map { try scheduler.createHotObservable($0, values: Self.values) }
  }

  @Test(arguments: 2...6) func combineLatestEveryArity(arity: Int) throws {
    let scheduler = TestScheduler(initialClock: 0)
    let s = try sources(scheduler)
    let observer = scheduler.start { () -> Observable<Int> in
      switch arity {
      case 2: return Observable.combineLatest(s[0], s[1]) { $0 + $1 }
      case 3: return Observable.combineLatest(s[0], s[1], s[2]) { $0 + $1 + $2 }
      case 4: return Observable.combineLatest(s[0], s[1], s[2], s[3]) { $0 + $1 + $2 + $3 }
      case 5: return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4]) { $0 + $1 + $2 + $3 + $4 }
      default:
        return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]) { $0 + $1 + $2 + $3 + $4 + $5 }
      }
    }
    // The sum of the latest elements, once every source has emitted; completes when the last one completes.
    let expected: [Int: (String, [String: Int])] = [
      2: ("^-A--BC--|", ["A": 3, "B": 12, "C": 30]),
      3: ("^--A-BCD-|", ["A": 6, "B": 15, "C": 33, "D": 60]),
      4: ("^---ABCDE|", ["A": 10, "B": 19, "C": 37, "D": 64, "E": 100]),
      5: ("^----ABCD|", ["A": 24, "B": 42, "C": 69, "D": 105]),
      6: ("^-----ABC|", ["A": 48, "B": 75, "C": 111]),
    ]
    let (timeline, values) = expected[arity]!
    expectMarbles(observer.events, timeline, values: values)
    for source in s.prefix(arity) { expectSubscriptions(source.subscriptions, "^--------!") }
  }

  @Test(arguments: 2...6) func combineLatestTupleFormEveryArity(arity: Int) throws {
    let scheduler = TestScheduler(initialClock: 0)
    let s = try sources(scheduler)
    let observer = scheduler.start { () -> Observable<[Int]> in
      switch arity {
      case 2: return Observable.combineLatest(s[0], s[1]).map { [$0, $1] }
      case 3: return Observable.combineLatest(s[0], s[1], s[2]).map { [$0, $1, $2] }
      case 4: return Observable.combineLatest(s[0], s[1], s[2], s[3]).map { [$0, $1, $2, $3] }
      case 5: return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4]).map { [$0, $1, $2, $3, $4] }
      default:
        return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]).map { [$0, $1, $2, $3, $4, $5] }
      }
    }
    // The first combination, in source order (sources 5 and 6 emit their first element after 1 and 2 moved on).
    let first: [Int: [Int]] = [
      2: [1, 2], 3: [1, 2, 3], 4: [1, 2, 3, 4], 5: [10, 2, 3, 4, 5], 6: [10, 20, 3, 4, 5, 6],
    ]
    #expect(observer.events.first?.value.element == first[arity])
    #expect(observer.events.last?.value.isCompleted == true)
  }

  @Test(arguments: 2...6) func zipEveryArity(arity: Int) throws {
    let scheduler = TestScheduler(initialClock: 0)
    let s = try sources(scheduler)
    let observer = scheduler.start { () -> Observable<Int> in
      switch arity {
      case 2: return Observable.zip(s[0], s[1]) { $0 * 10 + $1 }
      case 3: return Observable.zip(s[0], s[1], s[2]) { ($0 * 10 + $1) * 10 + $2 }
      case 4: return Observable.zip(s[0], s[1], s[2], s[3]) { (($0 * 10 + $1) * 10 + $2) * 10 + $3 }
      case 5: return Observable.zip(s[0], s[1], s[2], s[3], s[4]) { [$0, $1, $2, $3, $4].reduce(0) { $0 * 10 + $1 } }
      default:
        return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]) {
          [$0, $1, $2, $3, $4, $5].reduce(0) { $0 * 10 + $1 }
        }
      }
    }
    // Paired by index: the first elements when the last source's first arrives, the second ones likewise.
    let expected: [Int: (String, [String: Int])] = [
      2: ("^-A---B--|", ["A": 12, "B": 120]),
      3: ("^--A---B-|", ["A": 123, "B": 1230]),
      4: ("^---A---B|", ["A": 1234, "B": 12340]),
      5: ("^----A---|", ["A": 12345]),
      6: ("^-----A--|", ["A": 123456]),
    ]
    let (timeline, values) = expected[arity]!
    expectMarbles(observer.events, timeline, values: values)
    for source in s.prefix(arity) { expectSubscriptions(source.subscriptions, "^--------!") }
  }

  @Test(arguments: 2...6) func zipTupleFormEveryArity(arity: Int) throws {
    let scheduler = TestScheduler(initialClock: 0)
    let s = try sources(scheduler)
    let observer = scheduler.start { () -> Observable<[Int]> in
      switch arity {
      case 2: return Observable.zip(s[0], s[1]).map { [$0, $1] }
      case 3: return Observable.zip(s[0], s[1], s[2]).map { [$0, $1, $2] }
      case 4: return Observable.zip(s[0], s[1], s[2], s[3]).map { [$0, $1, $2, $3] }
      case 5: return Observable.zip(s[0], s[1], s[2], s[3], s[4]).map { [$0, $1, $2, $3, $4] }
      default: return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]).map { [$0, $1, $2, $3, $4, $5] }
      }
    }
    #expect(observer.events.first?.value.element == Array(1...arity))
    #expect(observer.events.last?.value.isCompleted == true)
  }

  @Test func zipSelectorThrowingTerminatesAndDisposesSources() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^1-2-3", of: Int.self)
    let second = try scheduler.createHotObservable("^4-5-6", of: Int.self)
    let third = try scheduler.createHotObservable("^7-8-9", of: Int.self)
    let observer = scheduler.start {
      Observable.zip(first, second, third) { one, two, three -> Int in
        if one == 2 { throw TestError(id: 2) }
        return one + two + three
      }
    }
    expectMarbles(observer.events, "^C-#", values: ["C": 12], error: TestError(id: 2))
    for source in [first, second, third] { expectSubscriptions(source.subscriptions, "^--!") }
  }

  @Test func zipErrorTerminatesAndDisposesOthers() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("^1--", of: Int.self)
    let second = try scheduler.createHotObservable("^-#", of: Int.self, error: TestError(id: 1))
    let observer = scheduler.start { Observable.zip(first, second) { $0 + $1 } }
    expectMarbles(observer.events, "^-#", error: TestError(id: 1))
    expectSubscriptions(first.subscriptions, "^-!")
  }

  @Test func zipDisposeDisposesEverySource() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createColdObservable("-1", of: Int.self)
    let second = try scheduler.createColdObservable("-", of: Int.self)
    let observer = scheduler.start { Observable.zip(first, second) { $0 + $1 } }
    expectMarbles(observer.events, "^")
    expectSubscriptions(first.subscriptions, "^<79>!")
    expectSubscriptions(second.subscriptions, "^<79>!")
  }

  /// An element replaced by a newer one is released (not kept by the operator), and every element is released
  /// once the subscription is disposed.
  @Test func combineLatestReleasesReplacedAndRemainingElements() {
    let first = PublishSubject<Tracked>()
    let second = PublishSubject<Int>()
    weak var replaced: Tracked?
    weak var latest: Tracked?
    let subscription = Observable.combineLatest(first, second) { tracked, value in tracked.id + value }
      .subscribe { _ in }
    do {
      let one = Tracked(1)
      replaced = one
      first.onNext(one)
      let two = Tracked(2)
      latest = two
      first.onNext(two)
    }
    #expect(replaced == nil)
    #expect(latest != nil)
    subscription.dispose()
    #expect(latest == nil)
  }

  /// Unpaired elements buffered by `zip` are released once the subscription is disposed.
  @Test func zipReleasesBufferedElementsOnDispose() {
    let first = PublishSubject<Tracked>()
    let second = PublishSubject<Int>()
    weak var buffered: Tracked?
    let subscription = Observable.zip(first, second) { tracked, value in tracked.id + value }.subscribe { _ in }
    do {
      let tracked = Tracked(1)
      buffered = tracked
      first.onNext(tracked)
    }
    #expect(buffered != nil)
    subscription.dispose()
    #expect(buffered == nil)
  }

  /// Three sources fed from three threads: every element is paired exactly once, in each source's order, and
  /// deliveries never overlap.
  @Test func zipSourcesOnDifferentThreads() {
    let subjects = (0..<3).map { _ in PublishSubject<Int>() }
    let observer = SerialCheckingObserver<Int>()
    let perThread = 2_000
    _ = Observable.zip(subjects[0], subjects[1], subjects[2]) { one, two, three -> Int in
      // Every combination pairs the same index of each source.
      precondition(one == two && two == three, "zip paired \(one), \(two), \(three)")
      return one
    }.subscribe(observer)
    let finished = runOnThreads(3) { thread in
      for index in 0..<perThread { subjects[thread].onNext(index) }
      subjects[thread].onCompleted()
    }
    #expect(finished)
    #expect(observer.overlaps.current == 0)
    #expect(observer.elements == Array(0..<perThread))
    #expect(observer.stopEvents == 1)
  }

  /// Five sources on five threads into `combineLatest`: deliveries never overlap and each source's component never
  /// goes backwards.
  @Test func combineLatestFiveSourcesOnDifferentThreads() {
    let subjects = (0..<5).map { _ in PublishSubject<Int>() }
    let observer = SerialCheckingObserver<[Int]>()
    let perThread = 500
    _ = Observable.combineLatest(subjects[0], subjects[1], subjects[2], subjects[3], subjects[4]) {
      [$0, $1, $2, $3, $4]
    }.subscribe(observer)
    for subject in subjects { subject.onNext(0) }
    let finished = runOnThreads(5) { thread in
      for index in 1...perThread { subjects[thread].onNext(index) }
      subjects[thread].onCompleted()
    }
    #expect(finished)
    let elements = observer.elements
    #expect(observer.overlaps.current == 0)
    #expect(elements.count == 5 * perThread + 1)
    #expect(elements.last == Array(repeating: perThread, count: 5))
    #expect(observer.stopEvents == 1)
    for source in 0..<5 {
      let components = elements.map { $0[source] }
      #expect(components == components.sorted())
    }
  }

  @Test func zipCollectionFormsKeepTheirArrayShape() {
    let sources = [Observable.of(1, 2, 3), Observable.of(10, 20)]
    let arrays = EventRecorder<[Int]>()
    let sums = EventRecorder<Int>()
    _ = Observable.zip(sources).subscribe(arrays)
    _ = Observable.zip(sources) { $0.reduce(0, +) }.subscribe(sums)
    #expect(arrays.events.current == [.next([1, 10]), .next([2, 20]), .completed])
    #expect(sums.events.current == [.next(11), .next(22), .completed])
  }
}
