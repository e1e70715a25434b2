// RxExample-shaped client code in Swift 5 mode: non-final classes adopting Ferry's protocols. It must compile without
// a warning (`.ci/run` builds this target with warnings as errors), as it does against RxSwift.
import Ferry
import Foundation

/// A non-final class adopting `SharedSequenceConvertibleType` with `asSharedSequence()` only (RxExample's
/// `ActivityIndicator`): `asObservable()` comes from the protocol.
class LoadingIndicator: SharedSequenceConvertibleType {
  typealias Element = Bool
  typealias SharingStrategy = DriverSharingStrategy

  private let count = BehaviorRelay(value: 0)
  private let loading: SharedSequence<SharingStrategy, Bool>

  init() {
    loading = count.asDriver().map { $0 > 0 }.distinctUntilChanged()
  }

  func track<Source: ObservableConvertibleType>(_ source: Source) -> Observable<Source.Element> {
    Observable.using({ () -> TrackedActivity in
      self.count.accept(self.count.value + 1)
      return TrackedActivity { self.count.accept(self.count.value - 1) }
    }) { _ in source.asObservable() }
  }

  func asSharedSequence() -> SharedSequence<SharingStrategy, Element> { loading }
}

/// A non-final class adopting `Disposable`.
class TrackedActivity: Disposable {
  private let onDispose: () -> Void

  init(_ onDispose: @escaping () -> Void) { self.onDispose = onDispose }

  func dispose() { onDispose() }
}

/// A non-final class adopting `ObservableConvertibleType`.
class Feed: ObservableConvertibleType {
  typealias Element = Int
  let relay = PublishRelay<Int>()

  func asObservable() -> Observable<Int> { relay.asObservable() }
}

/// A feedback loop's state with a static reducer, and a formatter with a static function (RxExample's Calculator
/// shapes), passed to operators as unapplied references, as RxSwift code does.
struct CounterState: Equatable {
  var total = 0

  static let initial = CounterState()

  static func reduce(_ state: CounterState, _ delta: Int) -> CounterState {
    CounterState(total: state.total + delta)
  }

  static func add(_ state: inout CounterState, _ delta: Int) { state.total += delta }

  static func isPositive(_ delta: Int) -> Bool { delta > 0 }

  static func delta(_ delta: Int) -> Int { delta }

  static func nonZero(_ delta: Int) -> Int? { delta == 0 ? nil : delta }
}

enum TotalFormatter {
  static func format(_ state: CounterState) -> String { "total: \(state.total)" }

  static func nonZero(_ state: CounterState) -> String? { state.total == 0 ? nil : format(state) }

  static func describe(_ loading: Bool) -> String { loading ? "loading" : "idle" }

  static func isLong(_ text: String) -> Bool { text.count > 4 }
}

final class RxExampleShapeUsage {
  let bag = DisposeBag()
  var lines: [String] = []

  func run() {
    let feed = Feed()
    let indicator = LoadingIndicator()
    indicator.track(feed)
      .scan(CounterState.initial, accumulator: CounterState.reduce)
      .map(TotalFormatter.format)
      .subscribe(onNext: { self.lines.append($0) })
      .disposed(by: bag)
    feed.asObservable().filter(CounterState.isPositive).reduce(0, accumulator: +).subscribe().disposed(by: bag)
    feed.asObservable().scan(into: CounterState.initial, accumulator: CounterState.add)
      .compactMap(TotalFormatter.nonZero).subscribe().disposed(by: bag)
    indicator.asDriver().map(TotalFormatter.describe).filter(TotalFormatter.isLong)
      .scan("", accumulator: +).drive().disposed(by: bag)
    feed.asObservable().asInfallible(onErrorJustReturn: 0).map(CounterState.delta).compactMap(CounterState.nonZero)
      .filter(CounterState.isPositive).subscribe().disposed(by: bag)
    indicator.asObservable().subscribe(onNext: { _ in }).disposed(by: bag)
    indicator.asDriver().drive(onNext: { _ in }).disposed(by: bag)
    feed.relay.accept(1)
  }
}
