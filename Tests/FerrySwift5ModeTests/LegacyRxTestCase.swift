#if canImport(XCTest)
// A view-model test as RxTest users write it, in Swift 5 mode: XCTest, `TestScheduler`, test observers, captured
// `var`s. It must compile without a warning (`.ci/run` builds this target with warnings as errors).
import Ferry
import FerryTesting
import XCTest

/// A legacy view model: relays in, a Driver out.
private final class CounterViewModel {
  let increment = PublishRelay<Void>()
  let count: Driver<Int>
  var sideEffects = 0

  init() {
    var total = 0
    count = increment.map { _ -> Int in
      total += 1
      return total
    }
    .startWith(0)
    .asDriver(onErrorJustReturn: -1)
  }
}

final class LegacyRxTestCase: XCTestCase {
  func testViewModelWithTestScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let viewModel = CounterViewModel()
    let observer = scheduler.createObserver(Int.self)
    var taps: [Int] = []
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: scheduler) {
      viewModel.count.drive(observer).disposed(by: bag)
      viewModel.count.drive(onNext: { _ in viewModel.sideEffects += 1 }).disposed(by: bag)
      scheduler.createHotObservable([.next(210, ()), .next(220, ())])
        .do(onNext: { taps.append(scheduler.clock) })
        .bind(to: viewModel.increment)
        .disposed(by: bag)
      scheduler.start()
    }
    XCTAssertEqual(observer.events.map(\.value), [.next(0), .next(1), .next(2)])
    XCTAssertEqual(taps, [210, 220])
    XCTAssertGreaterThan(viewModel.sideEffects, 0)
  }

  func testTraitRecordings() {
    let scheduler = TestScheduler(initialClock: 0)
    var subscribed = 0
    let res = scheduler.start {
      Single<Int>.deferred {
        subscribed += 1
        return .just(subscribed)
      }
    }
    XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
    var outcomes: [MaybeEvent<Int>] = []
    _ = Maybe<Int>.empty().subscribe { outcomes.append($0) }
    XCTAssertEqual(outcomes, [.completed])
  }
}
#endif
