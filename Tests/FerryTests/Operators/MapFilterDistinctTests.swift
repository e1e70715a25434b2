import Ferry
import Testing

/// `map`, `filter` and `distinctUntilChanged` build their event handling in inlinable code (so that the client
/// specialises it); these pin the behaviour both through a concrete caller and through a generic one.
@Suite struct MapFilterDistinctTests {
  /// The chain the benchmarks measure, written once for any source, so that it is also compiled unspecialised.
  func chain<Source: ObservableType>(_ source: Source) -> Observable<Int> where Source.Element == Int {
    source.map { $0 * 2 }.filter { $0 % 3 != 1 }.distinctUntilChanged()
  }

  @Test func chainDeliversInOrderAndCompletes() {
    for generic in [false, true] {
      let subject = PublishSubject<Int>()
      let recorder = EventRecorder<Int>()
      let observable = generic ? chain(subject) : subject.map { $0 * 2 }.filter { $0 % 3 != 1 }.distinctUntilChanged()
      _ = observable.subscribe(recorder)
      // 2 (kept), 2 (repeat: dropped), 4 (filtered out: 4 % 3 == 1), 6, 6 (dropped), 0.
      for value in [1, 1, 2, 3, 3, 0] { subject.onNext(value) }
      subject.onCompleted()
      #expect(recorder.elements == [2, 6, 0])
      #expect(recorder.isCompleted)
      #expect(recorder.count == 4)
      #expect(!subject.hasObservers)
    }
  }

  @Test func upstreamErrorIsForwardedByEachOperator() {
    let operators: [(Observable<Int>) -> Observable<Int>] = [
      { $0.map { $0 + 1 } }, { $0.filter { _ in true } }, { $0.distinctUntilChanged() },
    ]
    for apply in operators {
      let subject = PublishSubject<Int>()
      let recorder = EventRecorder<Int>()
      _ = apply(subject.asObservable()).subscribe(recorder)
      subject.onNext(1)
      subject.onError(TestError(id: 7))
      #expect(recorder.elements.count == 1)
      #expect(recorder.error as? TestError == TestError(id: 7))
      #expect(!subject.hasObservers)
    }
  }

  @Test func thrownErrorTerminatesAndDisposesUpstream() {
    let operators: [(Observable<Int>) -> Observable<Int>] = [
      { $0.map { value in if value == 2 { throw TestError(id: 1) } else { return value } } },
      { $0.filter { value in if value == 2 { throw TestError(id: 1) } else { return true } } },
      { $0.distinctUntilChanged { value -> Int in if value == 2 { throw TestError(id: 1) } else { return value } } },
      {
        $0.distinctUntilChanged { _, current in if current == 2 { throw TestError(id: 1) } else { return false } }
      },
    ]
    for apply in operators {
      let subject = PublishSubject<Int>()
      let recorder = EventRecorder<Int>()
      _ = apply(subject.asObservable()).subscribe(recorder)
      for value in [1, 2, 3] { subject.onNext(value) }
      #expect(recorder.elements == [1])
      #expect(recorder.error as? TestError == TestError(id: 1))
      #expect(recorder.count == 2)
      #expect(!subject.hasObservers)
    }
  }

  @Test func disposalStopsDelivery() {
    let subject = PublishSubject<Int>()
    let log = LockedBox<[Int]>([])
    let subscription = chain(subject).subscribe(onNext: { value in log.withLock { $0.append(value) } })
    subject.onNext(1)
    subscription.dispose()
    subject.onNext(3)
    #expect(log.current == [2])
    #expect(!subject.hasObservers)
  }

  @Test func distinctKeepsOneKeyPerSubscription() {
    struct Item: Sendable {
      var id: Int
      var name: String
    }
    let subject = ReplaySubject<Item>.create(bufferSize: 4)
    let distinct = subject.distinctUntilChanged(at: \.id)
    for (id, name) in [(1, "a"), (1, "b"), (2, "c"), (2, "d")] { subject.onNext(Item(id: id, name: name)) }
    let first = EventRecorder<Item>()
    let second = EventRecorder<Item>()
    _ = distinct.subscribe(first)
    _ = distinct.subscribe(second)
    subject.onNext(Item(id: 2, name: "e"))
    subject.onNext(Item(id: 1, name: "f"))
    #expect(first.elements.map(\.name) == ["a", "c", "f"])
    #expect(second.elements.map(\.name) == ["a", "c", "f"])
  }
}
