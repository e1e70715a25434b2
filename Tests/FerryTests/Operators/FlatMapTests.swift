import Dispatch
import Ferry
import FerryTesting
import Testing

@Suite struct FlatMapTests {
  @Test func mergesInnerSequences() {
    let recorder = EventRecorder<Int>()
    _ = Observable.of(1, 2).flatMap { Observable.of($0 * 10, $0 * 10 + 1) }.subscribe(recorder)
    #expect(recorder.events.current == [.next(10), .next(11), .next(20), .next(21), .completed])
  }

  @Test func selectorErrorTerminatesAndDisposesInners() {
    let counter = SubscriptionCounter()
    let outer = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = outer.flatMap { value -> Observable<Int> in
      if value == 2 { throw TestError(id: 2) }
      return counter.track(Observable.never())
    }.subscribe(recorder)
    outer.onNext(1)
    outer.onNext(2)
    #expect(recorder.events.current == [.error(TestError(id: 2))])
    #expect(counter.active == 0)
    #expect(!outer.hasObservers)
  }

  @Test func innerErrorTerminates() {
    let outer = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = outer.flatMap { _ in Observable<Int>.error(TestError(id: 3)) }.subscribe(recorder)
    outer.onNext(1)
    #expect(recorder.events.current == [.error(TestError(id: 3))])
    #expect(!outer.hasObservers)
  }

  @Test func releasesCapturesAfterDispose() {
    weak var weakTracked: Tracked?
    let outer = PublishSubject<Int>()
    let inner = PublishSubject<Int>()
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let subscription = outer.flatMap { _ in inner.asObservable() }.subscribe(onNext: { _ in _ = tracked.id })
      outer.onNext(1)
      inner.onNext(1)
      subscription.dispose()
    }
    #expect(weakTracked == nil)
    #expect(!inner.hasObservers)
  }
}

@Suite struct FlatMapLatestTests {
  @Test func switchesToLatestAndDisposesPrevious() {
    let outer = PublishSubject<Int>()
    let inners = [PublishSubject<String>(), PublishSubject<String>()]
    let recorder = EventRecorder<String>()
    _ = outer.flatMapLatest { inners[$0].asObservable() }.subscribe(recorder)
    outer.onNext(0)
    inners[0].onNext("a")
    outer.onNext(1)
    #expect(!inners[0].hasObservers)
    inners[0].onNext("stale")
    inners[1].onNext("b")
    #expect(recorder.elements == ["a", "b"])
  }

  @Test func completesWhenOuterAndCurrentInnerComplete() {
    let outer = PublishSubject<Int>()
    let inner = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = outer.flatMapLatest { _ in inner.asObservable() }.subscribe(recorder)
    outer.onNext(1)
    outer.onCompleted()
    #expect(!recorder.isCompleted)
    inner.onNext(5)
    inner.onCompleted()
    #expect(recorder.events.current == [.next(5), .completed])
  }

  @Test func outerCompletionWithoutInnerCompletes() {
    let recorder = EventRecorder<Int>()
    _ = Observable<Int>.empty().flatMapLatest { Observable.just($0) }.subscribe(recorder)
    #expect(recorder.events.current == [.completed])
  }

  @Test func synchronousInnersEmitDuringSubscribe() {
    let recorder = EventRecorder<Int>()
    _ = Observable.of(1, 2).flatMapLatest { Observable.of($0, $0 * 10) }.subscribe(recorder)
    #expect(recorder.events.current == [.next(1), .next(10), .next(2), .next(20), .completed])
  }

  @Test func innerErrorAndSelectorErrorTerminate() {
    let outer = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = outer.flatMapLatest { value -> Observable<Int> in
      if value == 0 { throw TestError(id: 0) }
      return .error(TestError(id: value))
    }.subscribe(recorder)
    outer.onNext(4)
    outer.onNext(0)
    #expect(recorder.events.current == [.error(TestError(id: 4))])
    #expect(!outer.hasObservers)
  }

  @Test func disposeDisposesCurrentInner() {
    let counter = SubscriptionCounter()
    let outer = PublishSubject<Int>()
    let subscription = outer.flatMapLatest { _ in counter.track(Observable<Int>.never()) }.subscribe { _ in }
    outer.onNext(1)
    outer.onNext(2)
    #expect(counter.subscribed == 2 && counter.active == 1)
    subscription.dispose()
    #expect(counter.active == 0)
  }

  @Test func disposeInsideOnNext() {
    let outer = PublishSubject<Int>()
    let inner = PublishSubject<Int>()
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = outer.flatMapLatest { _ in inner.asObservable() }.subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    outer.onNext(1)
    inner.onNext(1)
    inner.onNext(2)
    #expect(received.current == [1])
    #expect(!inner.hasObservers && !outer.hasObservers)
  }

  @Test func switchLatestOnObservableOfObservables() {
    let outer = PublishSubject<Observable<Int>>()
    let first = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = outer.switchLatest().subscribe(recorder)
    outer.onNext(first.asObservable())
    first.onNext(1)
    outer.onNext(Observable.of(2, 3))
    first.onNext(99)
    outer.onCompleted()
    #expect(recorder.events.current == [.next(1), .next(2), .next(3), .completed])
  }
}

@Suite struct FlatMapFirstTests {
  @Test func ignoresElementsWhileInnerActive() {
    let outer = PublishSubject<Int>()
    let inner = PublishSubject<Int>()
    let selected = LockedBox<[Int]>([])
    let recorder = EventRecorder<Int>()
    _ = outer.flatMapFirst { value -> Observable<Int> in
      selected.withLock { $0.append(value) }
      return inner.asObservable().map { $0 + value }
    }.subscribe(recorder)
    outer.onNext(100)
    outer.onNext(200)  // ignored: selector not called
    inner.onNext(1)
    inner.onCompleted()
    outer.onNext(300)
    #expect(selected.current == [100, 300])
    #expect(recorder.elements == [101])
  }

  @Test func completesWhenOuterAndActiveInnerComplete() {
    let outer = PublishSubject<Int>()
    let inner = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = outer.flatMapFirst { _ in inner.asObservable() }.subscribe(recorder)
    outer.onNext(1)
    outer.onCompleted()
    #expect(!recorder.isCompleted)
    inner.onCompleted()
    #expect(recorder.events.current == [.completed])
  }

  @Test func disposeDisposesActiveInner() {
    let counter = SubscriptionCounter()
    let outer = PublishSubject<Int>()
    let subscription = outer.flatMapFirst { _ in counter.track(Observable<Int>.never()) }.subscribe { _ in }
    outer.onNext(1)
    outer.onNext(2)
    #expect(counter.subscribed == 1)
    subscription.dispose()
    #expect(counter.active == 0)
  }
}

@Suite struct ConcatMapTests {
  @Test func queuesInnersInOrder() {
    let outer = PublishSubject<Int>()
    let inners = [PublishSubject<Int>(), PublishSubject<Int>()]
    let recorder = EventRecorder<Int>()
    _ = outer.concatMap { inners[$0].asObservable() }.subscribe(recorder)
    outer.onNext(0)
    outer.onNext(1)
    #expect(inners[0].hasObservers && !inners[1].hasObservers)
    inners[0].onNext(10)
    inners[0].onCompleted()
    #expect(inners[1].hasObservers)
    inners[1].onNext(20)
    outer.onCompleted()
    #expect(!recorder.isCompleted)
    inners[1].onCompleted()
    #expect(recorder.events.current == [.next(10), .next(20), .completed])
  }

  @Test func disposeDisposesActiveAndDropsQueued() {
    let counter = SubscriptionCounter()
    let outer = PublishSubject<Int>()
    let subscription = outer.concatMap { _ in counter.track(Observable<Int>.never()) }.subscribe { _ in }
    outer.onNext(1)
    outer.onNext(2)
    #expect(counter.subscribed == 1)
    subscription.dispose()
    #expect(counter.active == 0 && counter.subscribed == 1)
  }

  @Test func innerErrorTerminates() {
    let recorder = EventRecorder<Int>()
    _ = Observable.of(1, 2, 3).concatMap { value -> Observable<Int> in
      value == 2 ? .error(TestError(id: 2)) : .just(value)
    }.subscribe(recorder)
    #expect(recorder.events.current == [.next(1), .error(TestError(id: 2))])
  }
}

@Suite struct FlatMapThreadTests {
  @Test func innersFedFromTwoThreadsAreSerialised() {
    let inners = [PublishSubject<Int>(), PublishSubject<Int>()]
    let observer = SerialCheckingObserver<Int>()
    let perThread = 1_000
    _ = Observable.of(0, 1).flatMap { inners[$0].asObservable() }.subscribe(observer)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      for index in 0..<perThread { inners[thread].onNext(thread * perThread + index) }
      inners[thread].onCompleted()
    }
    #expect(observer.overlaps.current == 0)
    #expect(observer.elements.sorted() == Array(0..<(2 * perThread)))
    #expect(observer.stopEvents == 1)
  }

  @Test func concatMapWithInnersCompletingOnAnotherThread() {
    let count = 50
    let outer = PublishSubject<Int>()
    let inners = (0..<count).map { _ in PublishSubject<Int>() }
    let observer = SerialCheckingObserver<Int>()
    _ = outer.concatMap { inners[$0].asObservable() }.subscribe(observer)
    let timedOut = LockedBox(false)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      if thread == 0 {
        for index in 0..<count { outer.onNext(index) }
        outer.onCompleted()
      } else {
        for index in 0..<count {
          // Bounded wait (a hang guard, not a timing assumption) until this inner is subscribed.
          var spins = 0
          while !inners[index].hasObservers {
            spins += 1
            if spins > 50_000_000 {
              timedOut.withLock { $0 = true }
              return
            }
          }
          inners[index].onNext(index)
          inners[index].onCompleted()
        }
      }
    }
    #expect(!timedOut.current)
    #expect(observer.elements == Array(0..<count))
    #expect(observer.events.current.last?.isCompleted == true)
    #expect(observer.overlaps.current == 0)
  }
}
