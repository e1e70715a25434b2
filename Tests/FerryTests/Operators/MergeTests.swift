import Dispatch
import Ferry
import FerryTesting
import Testing

@Suite struct MergeTests {
  @Test func staticMergeInterleavesAndCompletesWhenAllComplete() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = Observable.merge(first.asObservable(), second.asObservable()).subscribe(recorder)
    first.onNext(1)
    second.onNext(2)
    first.onCompleted()
    second.onNext(3)
    #expect(!recorder.isCompleted)
    second.onCompleted()
    #expect(recorder.events.current == [.next(1), .next(2), .next(3), .completed])
  }

  @Test func arrayAndCollectionForms() {
    let sources = [Observable.of(1, 2), Observable.of(3)]
    let fromArray = EventRecorder<Int>()
    let fromCollection = EventRecorder<Int>()
    _ = Observable.merge(sources).subscribe(fromArray)
    _ = Observable.merge(sources[...]).subscribe(fromCollection)
    #expect(fromArray.events.current == [.next(1), .next(2), .next(3), .completed])
    #expect(fromCollection.events.current == fromArray.events.current)
  }

  @Test func errorFromOneSourceTerminatesAndDisposesOthers() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = Observable.merge(first.asObservable(), second.asObservable()).subscribe(recorder)
    first.onNext(1)
    second.onError(TestError(id: 7))
    first.onNext(2)
    #expect(recorder.events.current == [.next(1), .error(TestError(id: 7))])
    #expect(!first.hasObservers)
  }

  @Test func outerCompletionWaitsForInners() {
    let outer = PublishSubject<Observable<Int>>()
    let inner = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = outer.merge().subscribe(recorder)
    outer.onNext(inner.asObservable())
    outer.onNext(Observable.of(1, 2))
    outer.onCompleted()
    inner.onNext(3)
    #expect(!recorder.isCompleted)
    inner.onCompleted()
    #expect(recorder.events.current == [.next(1), .next(2), .next(3), .completed])
  }

  @Test func emptyOuterCompletes() {
    let recorder = EventRecorder<Int>()
    _ = Observable<Observable<Int>>.empty().merge().subscribe(recorder)
    #expect(recorder.events.current == [.completed])
  }

  @Test func maxConcurrentQueuesInOrder() {
    let outer = PublishSubject<Observable<Int>>()
    let inners = (0..<3).map { _ in PublishSubject<Int>() }
    let recorder = EventRecorder<Int>()
    _ = outer.merge(maxConcurrent: 2).subscribe(recorder)
    for inner in inners { outer.onNext(inner.asObservable()) }
    #expect(inners[0].hasObservers && inners[1].hasObservers && !inners[2].hasObservers)
    inners[2].onNext(99)  // not subscribed yet: lost, as in RxSwift
    inners[1].onNext(1)
    inners[1].onCompleted()
    #expect(inners[2].hasObservers)
    inners[2].onNext(2)
    inners[0].onNext(0)
    outer.onCompleted()
    inners[0].onCompleted()
    inners[2].onCompleted()
    #expect(recorder.events.current == [.next(1), .next(2), .next(0), .completed])
  }

  @Test func disposingOuterDisposesEveryInner() {
    let counter = SubscriptionCounter()
    let outer = PublishSubject<Int>()
    let subscription = outer.flatMap { _ in counter.track(Observable<Int>.never()) }.subscribe { _ in }
    outer.onNext(1)
    outer.onNext(2)
    #expect(counter.active == 2)
    subscription.dispose()
    #expect(counter.active == 0)
    #expect(!outer.hasObservers)
  }

  @Test func completedInnerIsDisposed() {
    let counter = SubscriptionCounter()
    let outer = PublishSubject<Int>()
    let inner = PublishSubject<Int>()
    _ = outer.flatMap { _ in counter.track(inner.asObservable()) }.subscribe { _ in }
    outer.onNext(1)
    inner.onCompleted()
    #expect(counter.subscribed == 1 && counter.disposed == 1)
  }

  @Test func disposeInsideOnNext() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = Observable.merge(first.asObservable(), second.asObservable()).subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    first.onNext(1)
    second.onNext(2)
    #expect(received.current == [1])
    #expect(!first.hasObservers && !second.hasObservers)
  }

  @Test func reentrantEmissionIsDeliveredAfterCurrentElement() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let log = LockedBox<[String]>([])
    _ = Observable.merge(first.asObservable(), second.asObservable()).subscribe(onNext: { value in
      log.withLock { $0.append("begin \(value)") }
      if value == 1 { second.onNext(2) }
      log.withLock { $0.append("end \(value)") }
    })
    first.onNext(1)
    #expect(log.current == ["begin 1", "end 1", "begin 2", "end 2"])
  }

  @Test func releasesObserverAfterDispose() {
    weak var weakTracked: Tracked?
    let source = PublishSubject<Int>()
    let inner = PublishSubject<Int>()
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let subscription = Observable.merge(source.asObservable(), inner.asObservable())
        .subscribe(onNext: { _ in _ = tracked.id })
      source.onNext(1)
      subscription.dispose()
    }
    #expect(weakTracked == nil)
  }

  @Test func concurrentSourcesAreSerialised() {
    let sources = (0..<2).map { _ in PublishSubject<Int>() }
    let observer = SerialCheckingObserver<Int>()
    let perThread = 2_000
    _ = Observable.merge(sources.map { $0.asObservable() }).subscribe(observer)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      for index in 0..<perThread { sources[thread].onNext(thread * perThread + index) }
      sources[thread].onCompleted()
    }
    #expect(observer.overlaps.current == 0)
    #expect(observer.elements.sorted() == Array(0..<(2 * perThread)))
    #expect(observer.stopEvents == 1)
    // Per source, order is preserved.
    let firstSource = observer.elements.filter { $0 < perThread }
    #expect(firstSource == Array(0..<perThread))
  }
}
