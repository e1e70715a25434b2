import Ferry
import FerryTesting
import Testing

@Suite("do")
struct DoTests {
  /// A log that `do` handlers and the observer append to.
  final class Log: @unchecked Sendable {
    // `@unchecked Sendable`: `entries` is a `LockedBox`.
    let entries = LockedBox<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var current: [String] { entries.current }

    func dispatchEffect(_ effect: String) { add(effect) }
  }

  static func logged(_ source: Observable<Int>, _ log: Log) -> Observable<Int> {
    source.do(
      onNext: { log.add("onNext \($0)") },
      afterNext: { log.add("afterNext \($0)") },
      onError: { log.add("onError \($0)") },
      afterError: { log.add("afterError \($0)") },
      onCompleted: { log.add("onCompleted") },
      afterCompleted: { log.add("afterCompleted") },
      onSubscribe: { log.add("onSubscribe") },
      onSubscribed: { log.add("onSubscribed") },
      onDispose: { log.add("onDispose") }
    )
  }

  @Test func orderOfHandlersOnCompletion() {
    let log = Log()
    let subject = PublishSubject<Int>()
    let subscription = Self.logged(subject.asObservable(), log).subscribe(
      onNext: { log.add("next \($0)") },
      onCompleted: { log.add("completed") }
    )
    subject.onNext(1)
    subject.onCompleted()
    subscription.dispose()
    #expect(
      log.current == [
        "onSubscribe", "onSubscribed", "onNext 1", "next 1", "afterNext 1", "onCompleted", "completed",
        "afterCompleted", "onDispose",
      ]
    )
  }

  @Test func orderOfHandlersOnError() {
    let log = Log()
    let subject = PublishSubject<Int>()
    _ = Self.logged(subject.asObservable(), log).subscribe(onError: { log.add("error \($0)") })
    subject.onError(TestError(id: 1))
    #expect(
      log.current == [
        "onSubscribe", "onSubscribed", "onError TestError(1)", "error TestError(1)", "afterError TestError(1)",
        "onDispose",
      ]
    )
  }

  @Test func onDisposeRunsOnceOnDispose() {
    let log = Log()
    let subject = PublishSubject<Int>()
    let subscription = Self.logged(subject.asObservable(), log).subscribe()
    subscription.dispose()
    subscription.dispose()
    subject.onNext(1)
    #expect(log.current == ["onSubscribe", "onSubscribed", "onDispose"])
  }

  @Test func synchronousSourceRunsOnDisposeAfterOnSubscribed() {
    let log = Log()
    _ = Self.logged(Observable.just(1), log).subscribe()
    #expect(
      log.current == [
        "onSubscribe", "onNext 1", "afterNext 1", "onCompleted", "afterCompleted", "onSubscribed", "onDispose",
      ]
    )
  }

  @Test func throwingHandlersBecomeErrors() {
    let throwingNext = Observable.of(1, 2).do(onNext: { _ in throw TestError(id: 1) })
    #expect(Harness.events(throwingNext) == [.error(TestError(id: 1))])
    let throwingAfterNext = Observable.of(1, 2).do(afterNext: { _ in throw TestError(id: 2) })
    #expect(Harness.events(throwingAfterNext) == [.next(1), .error(TestError(id: 2))])
    let throwingCompleted = Observable<Int>.empty().do(onCompleted: { throw TestError(id: 3) })
    #expect(Harness.events(throwingCompleted) == [.error(TestError(id: 3))])
    let throwingError = Observable<Int>.error(TestError(id: 4)).do(onError: { _ in throw TestError(id: 5) })
    #expect(Harness.events(throwingError) == [.error(TestError(id: 5))])
    let throwingAfterCompleted = Observable<Int>.empty().do(afterCompleted: { throw TestError(id: 6) })
    #expect(Harness.events(throwingAfterCompleted) == [.completed])
  }

  @Test func withObjectProgressPattern() {
    // The seed's pattern: show progress on subscribe, dismiss on dispose — once each, in order, per subscription.
    let store = Log()
    let request = PublishSubject<Int>()
    let chain = request.do(
      with: store,
      onSubscribe: { $0.dispatchEffect("showProgress") },
      onDispose: { $0.dispatchEffect("dismissProgress") }
    )
    _ = chain.subscribe(onNext: { store.add("value \($0)") })
    request.onNext(1)
    request.onCompleted()
    let second = chain.subscribe()
    second.dispose()
    #expect(
      store.current == ["showProgress", "value 1", "dismissProgress", "showProgress", "dismissProgress"]
    )
  }

  @Test func withObjectHoldsObjectWeakly() {
    let subject = PublishSubject<Int>()
    weak var weakLog: Log?
    let seen = LockedBox(0)
    let subscription: any Disposable
    do {
      let log = Log()
      weakLog = log
      subscription = subject.do(with: log, onNext: { log, value in log.add("\(value)") })
        .subscribe(onNext: { _ in seen.withLock { $0 += 1 } })
      subject.onNext(1)
      #expect(log.current == ["1"])
    }
    #expect(weakLog == nil)
    subject.onNext(2)
    #expect(seen.current == 2, "events still pass through once the object is gone")
    subscription.dispose()
  }

  @Test func disposalAndLeaks() {
    Harness.expectReleasedAfterDispose { $0.do(onNext: { _ in }) }
    Harness.expectDisposeInsideOnNextStops({ $0.do(onNext: { _ in }) }, send: { s in (1...3).forEach(s.onNext) })
    let subject = PublishSubject<Int>()
    weak var weakTracked: Tracked?
    let subscription: any Disposable
    do {
      let tracked = Tracked()
      weakTracked = tracked
      subscription = subject.do(onDispose: { _ = tracked.id }).subscribe()
    }
    #expect(weakTracked != nil)
    subscription.dispose()
    #expect(weakTracked == nil, "onDispose is released after it runs")
  }
}
