// Compiled in Swift 5 language mode (see Package.swift) and, in `.ci/run`, with warnings as errors: this is how a
// legacy view model's tests are written against RxSwift, and Ferry's API must not add a single concurrency
// warning to them. Every closure below captures and mutates a local `var` or a non-`Sendable` object, which a
// Swift 6 client may not do (see Tests/FerrySwift6ModeTests).
import Ferry
import FerryTesting
import Foundation
import Testing

private struct LegacyError: Error, Equatable {}

/// A non-`Sendable` view-model-like class, as legacy code has many.
private final class Counter {
  var value = 0
  var texts: [String] = []
}

/// Seed 000's request service: a non-`Sendable` class with a callback API and an `.rx` extension.
private final class RequestService: ReactiveCompatible {
  var requests = 0

  func response(completion: @escaping (Result<Int, Error>) -> Void) {
    requests += 1
    completion(.success(requests))
  }
}

extension Reactive where Base: RequestService {
  fileprivate func response() -> Single<Int> {
    Single.create { [base] single in
      base.response { result in single(result) }
      return Disposables.create()
    }
  }
}

@Suite struct CapturedVarTests {
  @Test func operatorClosuresMutateLocalVars() {
    var mapped = 0
    var filtered = 0
    var seen: [Int] = []
    var completed = false
    var disposed = false
    let bag = DisposeBag()
    Observable.from([1, 2, 3, 4])
      .map { value -> Int in
        mapped += 1
        return value * 10
      }
      .filter { value in
        filtered += 1
        return value > 10
      }
      .do(onNext: { seen.append($0) })
      .subscribe(
        onNext: { _ in },
        onCompleted: { completed = true },
        onDisposed: { disposed = true }
      )
      .disposed(by: bag)
    #expect(mapped == 4)
    #expect(filtered == 4)
    #expect(seen == [20, 30, 40])
    #expect(completed)
    #expect(disposed)
  }

  @Test func createAndDisposablesMutateLocalVars() {
    var subscriptions = 0
    var disposals = 0
    var received: [String] = []
    var failure: Error?
    let source = Observable<String>.create { observer in
      subscriptions += 1
      observer.onNext("a")
      observer.onError(LegacyError())
      return Disposables.create { disposals += 1 }
    }
    _ = source.subscribe(onNext: { received.append($0) }, onError: { failure = $0 })
    #expect(subscriptions == 1)
    #expect(disposals == 1)
    #expect(received == ["a"])
    #expect(failure is LegacyError)
  }

  @Test func traitsMutateLocalVars() {
    var value: Int?
    var maybeCompleted = false
    var completableDone = false
    var singleError: Error?
    _ = Single<Int>.create { single in
      single(.success(7))
      return Disposables.create()
    }
    .map { $0 + 1 }
    .subscribe(onSuccess: { value = $0 })
    _ = Maybe<Int>.empty().subscribe(onSuccess: { value = $0 }, onCompleted: { maybeCompleted = true })
    _ = Completable.create { completable in
      completable(.completed)
      return Disposables.create()
    }
    .subscribe(onCompleted: { completableDone = true })
    _ = Single<Int>.error(LegacyError()).subscribe(onFailure: { singleError = $0 })
    #expect(value == 8)
    #expect(maybeCompleted)
    #expect(completableDone)
    #expect(singleError is LegacyError)
  }

  @Test func nonSendableObjectsAreCapturedAndMutated() {
    let counter = Counter()
    let relay = BehaviorRelay(value: "a")
    let publish = PublishRelay<String>()
    let bag = DisposeBag()
    relay.subscribe(onNext: { counter.texts.append($0) }).disposed(by: bag)
    publish.subscribe(with: counter, onNext: { owner, text in owner.texts.append(text.uppercased()) })
      .disposed(by: bag)
    relay.accept("b")
    publish.accept("c")
    relay.map { $0.count }.scan(0) { total, count in
      counter.value += 1
      return total + count
    }
    .subscribe(onNext: { counter.value += $0 })
    .disposed(by: bag)
    #expect(counter.texts == ["a", "b", "C"])
    #expect(counter.value == 2)
  }

  @Test func testSchedulerAndSchedulersMutateLocalVars() {
    let scheduler = TestScheduler(initialClock: 0)
    var ticks: [Int] = []
    var scheduled = 0
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    scheduler.scheduleAt(215) { ticks.append(scheduler.clock) }
    _ = scheduler.schedule(()) { _ in
      scheduled += 1
      return Disposables.create()
    }
    let res = scheduler.start {
      xs.asObservable().do(onNext: { ticks.append($0) })
    }
    #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
    #expect(ticks == [1, 215, 2])
    #expect(scheduled == 1)
  }

  @MainActor @Test func driverAndSignalClosuresMutateLocalVars() {
    let scheduler = TestScheduler(initialClock: 0)
    var driven: [Int] = []
    var emitted: [Int] = []
    SharingScheduler.mock(scheduler: scheduler) {
      let relay = BehaviorRelay(value: 1)
      let signalRelay = PublishRelay<Int>()
      let bag = DisposeBag()
      relay.asDriver().map { $0 * 2 }.drive(onNext: { driven.append($0) }).disposed(by: bag)
      signalRelay.asSignal().emit(onNext: { emitted.append($0) }).disposed(by: bag)
      scheduler.scheduleAt(10) {
        relay.accept(2)
        signalRelay.accept(3)
      }
      scheduler.start()
    }
    #expect(driven == [2, 4])
    #expect(emitted == [3])
  }

  @Test func reactiveExtensionsCaptureNonSendableBases() throws {
    let service = RequestService()
    var results: [Int] = []
    _ = service.rx.response().subscribe(onSuccess: { results.append($0) })
    results.append(try service.rx.response().toBlocking().single())
    #expect(results == [1, 2])
  }

  @Test func newerOperatorsAndBindersCaptureVarsToo() {
    let scheduler = TestScheduler(initialClock: 0)
    let counter = Counter()
    var attempts = 0
    var resources = 0
    let binder = Binder<Int>(counter, scheduler: scheduler) { counter, value in counter.value += value }
    let xs = scheduler.createColdObservable([.next(10, 1), .error(20, LegacyError())])
    let res = scheduler.start {
      Observable.using(
        { () -> BooleanDisposable in
          resources += 1
          return BooleanDisposable()
        }, observableFactory: { _ in xs.asObservable() }
      )
      .retry { (errors: Observable<LegacyError>) in
        errors.do(onNext: { _ in attempts += 1 }).take(1)
      }
      .do(onNext: { binder.onNext($0) })
    }
    // The trigger completes right after its element (`take(1)`), while the source runs again: as in RxSwift, that
    // completion ends the result at the source's next error.
    #expect(res.events == [.next(210, 1), .next(230, 1), .completed(240)])
    #expect(attempts == 1)
    #expect(resources == 2)
    #expect(counter.value == 2)
  }
  @Test func combineLatestAndZipSelectorsMutateLocalVars() {
    var combined = 0
    var zipped = 0
    var results: [String] = []
    let counter = Counter()
    let bag = DisposeBag()
    Observable.combineLatest(Observable.of(1, 2), Observable.just("a")) { number, text -> String in
      combined += 1
      return "\(number)\(text)"
    }
    .subscribe(onNext: { results.append($0) })
    .disposed(by: bag)
    Observable.zip(Observable.of(1, 2), Observable.of(3, 4), Observable.of(5, 6)) { a, b, c -> Int in
      zipped += 1
      counter.value += a + b + c
      return a
    }
    .subscribe()
    .disposed(by: bag)
    Observable.combineLatest([Observable.just(1), Observable.just(2)]) { values -> Int in
      combined += 1
      return values.reduce(0, +)
    }
    .subscribe(onNext: { counter.value += $0 })
    .disposed(by: bag)
    Observable.zip([Observable.just(1), Observable.just(2)]) { values -> Int in
      zipped += 1
      return values.count
    }
    .subscribe(onNext: { counter.value += $0 })
    .disposed(by: bag)
    // `of` finishes inside `subscribe`, before the second source is subscribed: only its last element combines.
    #expect(results == ["2a"])
    #expect(combined == 2)
    #expect(zipped == 3)
    #expect(counter.value == 9 + 12 + 3 + 2)
  }

  @Test func traitCombineLatestAndZipSelectorsMutateLocalVars() {
    var calls = 0
    var values: [Int] = []
    _ = Single.zip(Single.just(1), Single.just(2)) { a, b -> Int in
      calls += 1
      return a + b
    }
    .subscribe(onSuccess: { values.append($0) })
    _ = Maybe.zip(Maybe.just(3), Maybe.just(4)) { a, b -> Int in
      calls += 1
      return a * b
    }
    .subscribe(onSuccess: { values.append($0) })
    _ = Infallible.combineLatest(Infallible.just(5), Infallible.just(6)) { a, b -> Int in
      calls += 1
      return a + b
    }
    .subscribe(onNext: { values.append($0) })
    #expect(calls == 3)
    #expect(values == [3, 12, 11])
  }

  @MainActor @Test func driverAndSignalCombiningSelectorsMutateLocalVars() {
    let scheduler = TestScheduler(initialClock: 0)
    var calls = 0
    var driven: [String] = []
    var emitted: [Int] = []
    SharingScheduler.mock(scheduler: scheduler) {
      let bag = DisposeBag()
      let relay = BehaviorRelay(value: 1)
      let text = BehaviorRelay(value: "a")
      let signalRelay = PublishRelay<Int>()
      Driver.combineLatest(relay.asDriver(), text.asDriver()) { number, text -> String in
        calls += 1
        return "\(number)\(text)"
      }
      .drive(onNext: { driven.append($0) })
      .disposed(by: bag)
      Driver.zip([relay.asDriver(), relay.asDriver()]) { numbers -> String in
        calls += 1
        return "\(numbers.reduce(0, +))"
      }
      .drive(onNext: { driven.append($0) })
      .disposed(by: bag)
      Signal.zip(signalRelay.asSignal(), signalRelay.asSignal()) { a, b -> Int in
        calls += 1
        return a + b
      }
      .emit(onNext: { emitted.append($0) })
      .disposed(by: bag)
      scheduler.scheduleAt(10) {
        relay.accept(2)
        signalRelay.accept(3)
      }
      scheduler.start()
    }
    #expect(driven == ["1a", "2", "2a", "4"])
    #expect(emitted == [6])
    #expect(calls == 5)
  }
}
