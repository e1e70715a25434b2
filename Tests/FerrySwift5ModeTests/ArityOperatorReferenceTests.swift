// Compiled in Swift 5 language mode, with warnings as errors in `.ci/run`: an unapplied operator or method reference
// passed as `resultSelector` (`Driver.combineLatest(a, b, resultSelector: +)`, everyday RxSwift code) converts to the
// generated arity families' Swift 5 forms without a concurrency warning, and behaves as the `@Sendable` form.
import Ferry
import FerryTesting
import Testing

private enum Join {
  static func pair(_ left: String, _ right: String) -> String { left + right }
  static func sum3(_ a: Int, _ b: Int, _ c: Int) -> Int { a + b + c }
}

@Suite("Swift 5 mode: operator references as resultSelector")
struct ArityOperatorReferenceTests {
  @Test func observableCombineLatestAndZip() throws {
    let latest = try Observable.combineLatest(Observable.just(1), Observable.just(2), resultSelector: +)
      .toBlocking().toArray()
    let zipped = try Observable.zip(
      Observable.from([1, 2]), Observable.from([10, 20]), Observable.from([100, 200]), resultSelector: Join.sum3
    )
    .toBlocking().toArray()
    #expect(latest == [3])
    #expect(zipped == [111, 222])
  }

  @MainActor @Test func driverAndSignal() {
    let scheduler = TestScheduler(initialClock: 0)
    var received: [String] = []
    SharingScheduler.mock(scheduler: scheduler) {
      let a = BehaviorRelay(value: "a")
      let b = BehaviorRelay(value: "b")
      let signal = PublishRelay<String>()
      let bag = DisposeBag()
      Driver.combineLatest(a.asDriver(), b.asDriver(), resultSelector: +)
        .drive(onNext: { received.append($0) }).disposed(by: bag)
      Driver.zip(a.asDriver(), b.asDriver(), resultSelector: Join.pair)
        .drive(onNext: { received.append("zip " + $0) }).disposed(by: bag)
      Signal.zip(signal.asSignal(), signal.asSignal(), resultSelector: +)
        .emit(onNext: { received.append("signal " + $0) }).disposed(by: bag)
      scheduler.scheduleAt(10) {
        a.accept("c")
        signal.accept("s")
      }
      scheduler.start()
    }
    #expect(received == ["ab", "zip ab", "cb", "signal ss"])
  }

  @Test func infallibleAndTraits() throws {
    let infallible = try Infallible.combineLatest(Infallible.just(2), Infallible.just(3), resultSelector: *)
      .asObservable().toBlocking().toArray()
    let single = try Single.zip(Single.just(4), Single.just(5), resultSelector: +).toBlocking().first()
    let maybe = try Maybe.zip(Maybe.just("x"), Maybe.just("y"), resultSelector: Join.pair).toBlocking().first()
    #expect(infallible == [6])
    #expect(single == 9)
    #expect(maybe == "xy")
  }
}
