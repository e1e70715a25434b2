import Ferry
import FerryTesting
import Testing

@Suite struct ZipTests {
  @Test func pairsByIndex() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<String>()
    let results = LockedBox<[String]>([])
    _ = Observable.zip(first, second).subscribe(onNext: { number, text in
      results.withLock { $0.append("\(number)\(text)") }
    })
    first.onNext(1)
    first.onNext(2)
    second.onNext("a")
    second.onNext("b")
    second.onNext("c")
    first.onNext(3)
    #expect(results.current == ["1a", "2b", "3c"])
  }

  @Test func completesWhenCompletedSourceHasNothingBuffered() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = Observable.zip(first, second) { $0 + $1 }.subscribe(recorder)
    first.onNext(1)
    first.onNext(2)
    first.onCompleted()
    #expect(!recorder.isCompleted)
    second.onNext(10)
    #expect(!recorder.isCompleted)
    second.onNext(20)
    #expect(recorder.events.current == [.next(11), .next(22), .completed])
    #expect(!second.hasObservers)
  }

  @Test func emptySourceCompletesAtOnce() {
    let first = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = Observable.zip(first, Observable<Int>.empty()) { $0 + $1 }.subscribe(recorder)
    #expect(recorder.events.current == [.completed])
    #expect(!first.hasObservers)
  }

  @Test func synchronousSourcesZip() {
    let recorder = EventRecorder<Int>()
    _ = Observable.zip(Observable.of(1, 2, 3), Observable.of(10, 20)) { $0 + $1 }.subscribe(recorder)
    #expect(recorder.events.current == [.next(11), .next(22), .completed])
  }

  @Test func errorTerminates() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = Observable.zip(first, second) { $0 + $1 }.subscribe(recorder)
    first.onNext(1)
    second.onError(TestError(id: 9))
    #expect(recorder.events.current == [.error(TestError(id: 9))])
    #expect(!first.hasObservers)
  }

  @Test func aritySixAndCollections() {
    let one = Observable.just(1)
    let sum = EventRecorder<Int>()
    _ = Observable.zip(one, one, one, one, one, one) { $0 + $1 + $2 + $3 + $4 + $5 }.subscribe(sum)
    #expect(sum.events.current == [.next(6), .completed])

    let arrays = EventRecorder<[Int]>()
    _ = Observable.zip([Observable.of(1, 2), Observable.of(3, 4, 5)]).subscribe(arrays)
    #expect(arrays.events.current == [.next([1, 3]), .next([2, 4]), .completed])

    let selected = EventRecorder<Int>()
    _ = Observable.zip([Observable.of(1, 2), Observable.of(3, 4)]) { $0.reduce(0, +) }.subscribe(selected)
    #expect(selected.events.current == [.next(4), .next(6), .completed])

    let empty = EventRecorder<[Int]>()
    _ = Observable.zip([Observable<Int>]()).subscribe(empty)
    #expect(empty.events.current == [.completed])
  }

  @Test func disposeDisposesEverySource() {
    let counter = SubscriptionCounter()
    let subscription = Observable.zip(
      counter.track(Observable<Int>.never()), counter.track(Observable<Int>.never()),
      counter.track(Observable<Int>.never())
    ).subscribe { _ in }
    #expect(counter.active == 3)
    subscription.dispose()
    #expect(counter.active == 0)
  }

  @Test func disposeInsideOnNext() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = Observable.zip(first, second) { $0 + $1 }.subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    first.onNext(1)
    first.onNext(2)
    second.onNext(1)
    second.onNext(2)
    #expect(received.current == [2])
    #expect(!first.hasObservers && !second.hasObservers)
  }
}
