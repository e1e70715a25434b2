// Swift 6 language mode: the code of Tests/FerrySwift5ModeTests, which mutates captured `var`s in operator
// closures, is rejected here (`scripts/swift6-rejects-check.sh` checks Tests/Swift6ModeRejects). What compiles is
// the `Sendable` form: the closures share state through a lock-protected box, or hand their results to the
// main actor.
import Ferry
import FerryTesting
import Foundation
import Testing

/// A value shared by `@Sendable` closures.
///
/// `@unchecked Sendable`: `value` is only read and written under `lock`.
private final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: Value

  init(_ value: Value) { storage = value }

  var value: Value { lock.withLock { storage } }

  func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&storage) } }
}

@Suite struct SendableFormTests {
  /// The arity families' Swift 5-only twins are unavailable here: an operator reference (`Sendable` in Swift 6 mode)
  /// goes to the `@Sendable` form, which still resolves although it is disfavoured.
  @Test func operatorReferencesAsResultSelectorUseTheSendableForm() throws {
    let latest = try Observable.combineLatest(Observable.just(1), Observable.just(2), resultSelector: +)
      .toBlocking().toArray()
    let zipped = try Single.zip(Single.just(3), Single.just(4), resultSelector: *).toBlocking().first()
    let infallible = try Infallible.zip(Infallible.just("a"), Infallible.just("b"), resultSelector: +)
      .asObservable().toBlocking().toArray()
    #expect(latest == [3])
    #expect(zipped == 12)
    #expect(infallible == ["ab"])
  }

  @Test func operatorClosuresShareStateThroughALock() {
    let mapped = Locked(0)
    let seen = Locked<[Int]>([])
    let completed = Locked(false)
    _ = Observable.from([1, 2, 3])
      .map { value in
        mapped.mutate { $0 += 1 }
        return value * 10
      }
      .subscribe(onNext: { value in seen.mutate { $0.append(value) } }, onCompleted: { completed.mutate { $0 = true } })
    #expect(mapped.value == 3)
    #expect(seen.value == [10, 20, 30])
    #expect(completed.value)
  }

  @Test func traitAndDisposableClosuresShareStateThroughALock() {
    let value = Locked<Int?>(nil)
    let disposals = Locked(0)
    _ = Single<Int>.create { single in
      single(.success(1))
      return Disposables.create { disposals.mutate { $0 += 1 } }
    }
    .subscribe(onSuccess: { element in value.mutate { $0 = element } })
    #expect(value.value == 1)
    #expect(disposals.value == 1)
  }

  @MainActor @Test func driveClosuresMayMutateMainActorState() {
    let scheduler = TestScheduler(initialClock: 0)
    var driven: [Int] = []
    SharingScheduler.mock(scheduler: scheduler) {
      let relay = BehaviorRelay(value: 1)
      let bag = DisposeBag()
      relay.asDriver().drive(onNext: { driven.append($0) }).disposed(by: bag)
      scheduler.scheduleAt(10) { relay.accept(2) }
      scheduler.start()
    }
    #expect(driven == [1, 2])
  }

  @Test func combineLatestAndZipSelectorsShareStateThroughALock() {
    let calls = Locked(0)
    let seen = Locked<[Int]>([])
    _ = Observable.combineLatest(Observable.of(1, 2), Observable.just(10)) { a, b in
      calls.mutate { $0 += 1 }
      return a + b
    }
    .subscribe(onNext: { value in seen.mutate { $0.append(value) } })
    _ = Observable.zip([Observable.just(1), Observable.just(2)]) { values in
      calls.mutate { $0 += 1 }
      return values.reduce(0, +)
    }
    .subscribe(onNext: { value in seen.mutate { $0.append(value) } })
    _ = Single.zip(Single.just(3), Single.just(4)) { a, b in
      calls.mutate { $0 += 1 }
      return a * b
    }
    .subscribe(onSuccess: { value in seen.mutate { $0.append(value) } })
    // `of` finishes inside `subscribe`, before `just(10)` is subscribed: only its last element combines.
    #expect(calls.value == 3)
    #expect(seen.value == [12, 3, 12])
  }
}
