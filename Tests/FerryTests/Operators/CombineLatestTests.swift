import Dispatch
import Ferry
import FerryTesting
import Testing

@Suite struct CombineLatestTests {
  @Test func tupleFormEmitsOnceAllHaveEmitted() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<String>()
    let results = LockedBox<[String]>([])
    _ = Observable.combineLatest(first, second).subscribe(onNext: { number, text in
      results.withLock { $0.append("\(number)\(text)") }
    })
    first.onNext(1)
    first.onNext(2)
    second.onNext("a")
    first.onNext(3)
    second.onNext("b")
    #expect(results.current == ["2a", "3a", "3b"])
  }

  @Test func resultSelectorForm() {
    let recorder = EventRecorder<Int>()
    let relay = BehaviorRelay(value: 10)
    _ = Observable.combineLatest(relay, Observable.of(1, 2), Observable.just(100)) { $0 + $1 + $2 }
      .subscribe(recorder)
    relay.accept(20)
    #expect(recorder.elements == [112, 122])
  }

  @Test func arityFive() {
    let recorder = EventRecorder<Int>()
    let one = Observable.just(1)
    _ = Observable.combineLatest(one, one, one, one, one) { $0 + $1 + $2 + $3 + $4 }.subscribe(recorder)
    #expect(recorder.events.current == [.next(5), .completed])
  }

  @Test func aritySixTuple() {
    let values = LockedBox<[Int]>([])
    let one = Observable.just(1)
    _ = Observable.combineLatest(one, one, one, one, one, Observable.just(6)).subscribe(onNext: { tuple in
      values.withLock { $0.append(tuple.0 + tuple.1 + tuple.2 + tuple.3 + tuple.4 + tuple.5) }
    })
    #expect(values.current == [11])
  }

  @Test func completesWhenAllComplete() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = Observable.combineLatest(first, second) { $0 + $1 }.subscribe(recorder)
    first.onNext(1)
    second.onNext(2)
    first.onCompleted()
    second.onNext(3)
    #expect(!recorder.isCompleted)
    second.onCompleted()
    #expect(recorder.events.current == [.next(3), .next(4), .completed])
  }

  @Test func sourceCompletingWithoutElementsCompletesAtOnce() {
    let first = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = Observable.combineLatest(first, Observable<Int>.empty()) { $0 + $1 }.subscribe(recorder)
    #expect(recorder.events.current == [.completed])
    #expect(!first.hasObservers)
  }

  @Test func errorTerminatesAndDisposesOthers() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = Observable.combineLatest(first, second) { $0 + $1 }.subscribe(recorder)
    first.onNext(1)
    second.onError(TestError(id: 1))
    #expect(recorder.events.current == [.error(TestError(id: 1))])
    #expect(!first.hasObservers)
  }

  @Test func resultSelectorErrorTerminates() {
    let first = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = Observable.combineLatest(first, Observable.just(0)) { value, _ -> Int in
      if value == 2 { throw TestError(id: 2) }
      return value
    }.subscribe(recorder)
    first.onNext(1)
    first.onNext(2)
    first.onNext(3)
    #expect(recorder.events.current == [.next(1), .error(TestError(id: 2))])
    #expect(!first.hasObservers)
  }

  @Test func collectionForms() {
    let sources = [Observable.just(1), Observable.of(2, 3)]
    let arrays = EventRecorder<[Int]>()
    let sums = EventRecorder<Int>()
    _ = Observable.combineLatest(sources).subscribe(arrays)
    _ = Observable.combineLatest(sources) { $0.reduce(0, +) }.subscribe(sums)
    #expect(arrays.events.current == [.next([1, 2]), .next([1, 3]), .completed])
    #expect(sums.events.current == [.next(3), .next(4), .completed])
  }

  @Test func emptyCollectionEmitsEmptyCombinationAndCompletes() {
    let recorder = EventRecorder<[Int]>()
    _ = Observable.combineLatest([Observable<Int>]()).subscribe(recorder)
    #expect(recorder.events.current == [.next([]), .completed])
  }

  @Test func disposeDisposesEverySource() {
    let counter = SubscriptionCounter()
    let subscription = Observable.combineLatest(
      counter.track(Observable<Int>.never()), counter.track(Observable<Int>.never())
    ).subscribe { _ in }
    #expect(counter.active == 2)
    subscription.dispose()
    #expect(counter.active == 0)
  }

  @Test func disposeInsideOnNext() {
    let first = PublishSubject<Int>()
    let second = BehaviorRelay(value: 0)
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = Observable.combineLatest(first, second) { $0 + $1 }.subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    first.onNext(1)
    second.accept(5)
    first.onNext(2)
    #expect(received.current == [1])
    #expect(!first.hasObservers)
  }

  @Test func releasesCapturesAfterDispose() {
    weak var weakTracked: Tracked?
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let subscription = Observable.combineLatest(first, second) { $0 + $1 + tracked.id }.subscribe { _ in }
      first.onNext(1)
      subscription.dispose()
    }
    #expect(weakTracked == nil)
  }

  @Test func concurrentSourcesAreSerialised() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let observer = SerialCheckingObserver<Int>()
    let perThread = 2_000
    _ = Observable.combineLatest(first, second) { $0 * 10_000 + $1 }.subscribe(observer)
    first.onNext(0)
    second.onNext(0)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      let subject = thread == 0 ? first : second
      for index in 1...perThread { subject.onNext(index) }
      subject.onCompleted()
    }
    let elements = observer.elements
    #expect(observer.overlaps.current == 0)
    #expect(elements.count == 2 * perThread + 1)
    #expect(observer.stopEvents == 1)
    #expect(elements.last == perThread * 10_000 + perThread)
    // Each source's component never goes backwards: deliveries follow the lock order.
    let firstComponents = elements.map { $0 / 10_000 }
    let secondComponents = elements.map { $0 % 10_000 }
    #expect(firstComponents == firstComponents.sorted())
    #expect(secondComponents == secondComponents.sorted())
  }
}
