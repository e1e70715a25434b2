import Ferry
import Foundation
import Testing

/// The time-based operators on `OperatorStorage` (`debounce`, `throttle`, `delay`, `timeout`, `buffer`, `window`):
/// a disposed subscription keeps nothing alive although a timer was pending (the core holds the sink, the timer's
/// action holds the core, and disposal cancels the timer), and an element and the completion decided together are
/// not split by a disposal from the observer.
@Suite struct TimedCoreOperatorTests {
  /// Counts what it receives; its lifetime is the subscription's.
  final class CountingObserver<Element>: ObserverType, @unchecked Sendable {
    // `@unchecked Sendable`: only touched on the test's thread.
    var elements = 0
    var stops = 0
    func on(_ event: Event<Element>) {
      if case .next = event { elements += 1 } else { stops += 1 }
    }
  }

  struct TimedCase: Sendable, CustomTestStringConvertible {
    let name: String
    let subscribe: @Sendable (PublishSubject<Int>, HistoricalScheduler) -> (AnyObject, any Disposable)
    var testDescription: String { name }

    init<Element>(
      _ name: String, _ build: @escaping @Sendable (Observable<Int>, HistoricalScheduler) -> Observable<Element>
    ) {
      self.name = name
      subscribe = { subject, scheduler in
        let observer = CountingObserver<Element>()
        return (observer, build(subject.asObservable(), scheduler).subscribe(observer))
      }
    }
  }

  static let timedCases: [TimedCase] = [
    TimedCase("debounce") { $0.debounce(.seconds(1), scheduler: $1) },
    TimedCase("throttle") { $0.throttle(.seconds(1), scheduler: $1) },
    TimedCase("delay") { $0.delay(.seconds(1), scheduler: $1) },
    TimedCase("timeout") { $0.timeout(.seconds(1), scheduler: $1) },
    TimedCase("buffer") { $0.buffer(timeSpan: .seconds(1), count: 5, scheduler: $1) },
    TimedCase("window") { $0.window(timeSpan: .seconds(1), count: 5, scheduler: $1) },
  ]

  @Test(arguments: timedCases)
  func disposalWithATimerPendingReleasesEverything(_ timedCase: TimedCase) {
    weak var weakObserver: AnyObject?
    let subject = PublishSubject<Int>()
    let scheduler = HistoricalScheduler()
    do {
      let (observer, subscription) = timedCase.subscribe(subject, scheduler)
      weakObserver = observer
      subject.onNext(1)
      subject.onNext(2)
      scheduler.advanceTo(scheduler.now.addingTimeInterval(0.5))
      #expect(weakObserver != nil)
      subscription.dispose()
    }
    #expect(weakObserver == nil, "a disposed subscription must not be kept alive by its pending timer")
    #expect(!subject.hasObservers)
    // The cancelled timer never delivers.
    scheduler.advanceTo(scheduler.now.addingTimeInterval(10))
  }

  /// `debounce` and `buffer` emit their last element and the completion together: an observer that disposes on the
  /// element does not receive the completion.
  @Test func disposalOnTheFlushedElementStopsTheCompletion() {
    let scheduler = HistoricalScheduler()
    let builds: [(String, (Observable<Int>) -> Observable<Int>)] = [
      ("debounce", { $0.debounce(.seconds(1), scheduler: scheduler) }),
      ("buffer", { $0.buffer(timeSpan: .seconds(1), count: 10, scheduler: scheduler).map(\.count) }),
    ]
    for (name, build) in builds {
      let subject = PublishSubject<Int>()
      let log = LockedBox<[String]>([])
      let holder = LockedBox<(any Disposable)?>(nil)
      holder.withLock {
        $0 = build(subject.asObservable()).subscribe(
          onNext: { value in
            log.withLock { $0.append("next \(value)") }
            holder.current?.dispose()
          },
          onCompleted: { log.withLock { $0.append("completed") } })
      }
      subject.onNext(1)
      subject.onCompleted()
      #expect(log.current.count == 1 && log.current.first?.hasPrefix("next") == true, "\(name): \(log.current)")
      #expect(!log.current.contains("completed"), "\(name)")
    }
  }
}
