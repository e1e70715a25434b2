import Ferry
import FerryTesting
import Testing

@Suite struct ConcatTests {
  @Test func instanceConcatSubscribesToSecondAfterFirstCompletes() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = first.concat(second).subscribe(recorder)
    #expect(!second.hasObservers)
    first.onNext(1)
    first.onCompleted()
    #expect(second.hasObservers)
    second.onNext(2)
    second.onCompleted()
    #expect(recorder.events.current == [.next(1), .next(2), .completed])
  }

  @Test func staticForms() {
    let variadic = EventRecorder<Int>()
    let sequence = EventRecorder<Int>()
    _ = Observable.concat(Observable.of(1), Observable.of(2, 3)).subscribe(variadic)
    _ = Observable.concat(AnySequence([Observable.of(1), Observable.of(2, 3)])).subscribe(sequence)
    #expect(variadic.events.current == [.next(1), .next(2), .next(3), .completed])
    #expect(sequence.events.current == variadic.events.current)
  }

  @Test func longChainOfSynchronousSourcesDoesNotRecurse() {
    let count = 10_000
    let total = LockedBox(0)
    let completed = LockedBox(false)
    _ = Observable.concat((0..<count).map { _ in Observable.just(1) }).subscribe(
      onNext: { value in total.withLock { $0 += value } },
      onCompleted: { completed.withLock { $0 = true } })
    #expect(total.current == count)
    #expect(completed.current)
  }

  @Test func errorStopsTheChain() {
    let counter = SubscriptionCounter()
    let recorder = EventRecorder<Int>()
    _ = Observable.concat(Observable.of(1), .error(TestError()), counter.track(.of(3))).subscribe(recorder)
    #expect(recorder.events.current == [.next(1), .error(TestError())])
    #expect(counter.subscribed == 0)
  }

  @Test func concatOfObservableOfObservables() {
    let outer = PublishSubject<Observable<Int>>()
    let first = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = outer.concat().subscribe(recorder)
    outer.onNext(first.asObservable())
    outer.onNext(Observable.of(2))
    first.onNext(1)
    first.onCompleted()
    outer.onCompleted()
    #expect(recorder.events.current == [.next(1), .next(2), .completed])
  }

  @Test func disposeInsideOnNextStopsTheChain() {
    let counter = SubscriptionCounter()
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    let first = PublishSubject<Int>()
    holder.withLock {
      $0 = first.concat(counter.track(.of(2))).subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    first.onNext(1)
    first.onCompleted()
    #expect(received.current == [1])
    #expect(counter.subscribed == 0)
    #expect(!first.hasObservers)
  }
}
