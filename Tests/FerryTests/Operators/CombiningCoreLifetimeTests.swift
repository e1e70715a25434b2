import Testing

@testable import Ferry

/// The client-specialised cores (`combineLatest`'s and `flatMapLatest`'s `OperatorStorage`) hold their sink strongly
/// and the sink holds the core weakly: once disposed, a subscription releases its observer (no cycle) and delivers
/// nothing more.
@Suite struct CombiningCoreLifetimeTests {
  final class CountingObserver: ObserverType, @unchecked Sendable {
    // `@unchecked Sendable`: only touched on the test's thread.
    var elements: [Int] = []
    func on(_ event: Event<Int>) { if case .next(let element) = event { elements.append(element) } }
  }

  @Test func combineLatestAndZipReleaseTheirObserverOnDisposal() {
    weak var combined: CountingObserver?
    weak var zipped: CountingObserver?
    do {
      let first = PublishRelay<Int>()
      let second = PublishRelay<Int>()
      let combineObserver = CountingObserver()
      let zipObserver = CountingObserver()
      combined = combineObserver
      zipped = zipObserver
      let combining = Observable.combineLatest(first.asObservable(), second.asObservable()) { $0 + $1 }
        .subscribe(combineObserver)
      let zipping = Observable.zip(first.asObservable(), second.asObservable()) { $0 * $1 }.subscribe(zipObserver)
      first.accept(2)
      second.accept(3)
      first.accept(4)
      #expect(combineObserver.elements == [5, 7])
      #expect(zipObserver.elements == [6])
      combining.dispose()
      zipping.dispose()
      second.accept(5)
      #expect(combineObserver.elements == [5, 7])
      #expect(zipObserver.elements == [6])
    }
    #expect(combined == nil)
    #expect(zipped == nil)
  }

  @Test func flatMapLatestReleasesItsObserverOnDisposal() {
    weak var released: CountingObserver?
    do {
      let outer = PublishRelay<Int>()
      let observer = CountingObserver()
      released = observer
      let subscription = outer.flatMapLatest { Observable.just($0 * 10) }.subscribe(observer)
      outer.accept(1)
      outer.accept(2)
      #expect(observer.elements == [10, 20])
      subscription.dispose()
      outer.accept(3)
      #expect(observer.elements == [10, 20])
    }
    #expect(released == nil)
  }
}
