import Ferry
import FerryTesting
import Testing

@Suite("Observable sources")
struct CreateAndSourcesTests {
  @Test func createForwardsEventsAndEnforcesGrammar() {
    let disposeCount = LockedBox(0)
    let source = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onNext(2)
      observer.onCompleted()
      observer.onNext(3)
      observer.onError(TestError())
      observer.onCompleted()
      return Disposables.create { disposeCount.withLock { $0 += 1 } }
    }
    let recorder = EventRecorder<Int>()
    _ = source.subscribe(recorder)
    #expect(recorder.events.current == [.next(1), .next(2), .completed])
    // The subscription's disposable is disposed after the stop event, exactly once.
    #expect(disposeCount.current == 1)
  }

  @Test func createDropsEventsAfterDispose() {
    let captured = LockedBox<AnyObserver<Int>?>(nil)
    let disposeCount = LockedBox(0)
    let source = Observable<Int>.create { observer in
      captured.withLock { $0 = observer }
      return Disposables.create { disposeCount.withLock { $0 += 1 } }
    }
    let recorder = EventRecorder<Int>()
    let subscription = source.subscribe(recorder)
    captured.current?.onNext(1)
    subscription.dispose()
    subscription.dispose()
    captured.current?.onNext(2)
    captured.current?.onCompleted()
    #expect(recorder.events.current == [.next(1)])
    #expect(disposeCount.current == 1)
  }

  @Test func disposeInsideOnNextStopsDelivery() {
    let received = LockedBox<[Int]>([])
    let holder = SingleAssignmentDisposable()
    let captured = LockedBox<AnyObserver<Int>?>(nil)
    let source = Observable<Int>.create { observer in
      captured.withLock { $0 = observer }
      return Disposables.create()
    }
    holder.setDisposable(
      source.map { $0 }.subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        if value == 2 { holder.dispose() }
      }))
    for value in 1...4 { captured.current?.onNext(value) }
    #expect(received.current == [1, 2])
  }

  @Test func justOfFromEmptyError() {
    let just = EventRecorder<Int>()
    _ = Observable.just(7).subscribe(just)
    #expect(just.events.current == [.next(7), .completed])

    let of = EventRecorder<String>()
    _ = Observable.of("a", "b").subscribe(of)
    #expect(of.events.current == [.next("a"), .next("b"), .completed])

    let from = EventRecorder<Int>()
    _ = Observable.from(1...3).subscribe(from)
    #expect(from.events.current == [.next(1), .next(2), .next(3), .completed])

    let optional = EventRecorder<Int>()
    _ = Observable.from(optional: nil).subscribe(optional)
    #expect(optional.events.current == [.completed])

    let empty = EventRecorder<Int>()
    _ = Observable<Int>.empty().subscribe(empty)
    #expect(empty.events.current == [.completed])

    let error = EventRecorder<Int>()
    _ = Observable<Int>.error(TestError(id: 3)).subscribe(error)
    #expect(error.events.current == [.error(TestError(id: 3))])

    let never = EventRecorder<Int>()
    let subscription = Observable<Int>.never().subscribe(never)
    subscription.dispose()
    #expect(never.events.current.isEmpty)
  }

  @Test func fromSequenceIsReplayedToEverySubscriber() {
    let source = Observable.from([1, 2])
    let first = EventRecorder<Int>()
    let second = EventRecorder<Int>()
    _ = source.subscribe(first)
    _ = source.subscribe(second)
    #expect(first.elements == [1, 2])
    #expect(second.elements == [1, 2])
  }

  @Test func deferredCallsFactoryPerSubscriptionAndForwardsThrownErrors() {
    let calls = LockedBox(0)
    let source = Observable<Int>.deferred {
      let call = calls.withLock { count -> Int in
        count += 1
        return count
      }
      if call == 2 { throw TestError(id: 2) }
      return .just(call)
    }
    let first = EventRecorder<Int>()
    let second = EventRecorder<Int>()
    let third = EventRecorder<Int>()
    _ = source.subscribe(first)
    _ = source.subscribe(second)
    _ = source.subscribe(third)
    #expect(first.events.current == [.next(1), .completed])
    #expect(second.events.current == [.error(TestError(id: 2))])
    #expect(third.events.current == [.next(3), .completed])
  }

  @Test func rangeEmitsConsecutiveIntegers() {
    let recorder = EventRecorder<Int>()
    _ = Observable.range(start: 5, count: 3).subscribe(recorder)
    #expect(recorder.events.current == [.next(5), .next(6), .next(7), .completed])
    let empty = EventRecorder<Int>()
    _ = Observable.range(start: 5, count: 0).subscribe(empty)
    #expect(empty.events.current == [.completed])
  }

  @Test func rangeWithNegativeCountNamesTheArgument() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable.range(start: 0, count: -1)
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(stderr.contains("Observable.range(start:count:): count must be >= 0, got -1"))
    }
  }

  @Test func repeatElementStopsWhenDownstreamFinishes() {
    // `take` finishes while `repeatElement` is still inside `subscribe`; the source must notice and stop.
    let recorder = EventRecorder<String>()
    _ = Observable.repeatElement("x").map { $0 + "!" }.take(3).subscribe(recorder)
    #expect(recorder.events.current == [.next("x!"), .next("x!"), .next("x!"), .completed])
  }

  @Test func fromStopsIteratingWhenDownstreamFinishes() {
    let visited = LockedBox(0)
    let recorder = EventRecorder<Int>()
    _ = Observable.from(0..<100_000).map { value -> Int in
      visited.withLock { $0 += 1 }
      return value
    }.take(2).subscribe(recorder)
    #expect(recorder.elements == [0, 1])
    #expect(visited.current <= 64)
  }

  @Test func fromACollectionIsLazyAndIteratedAgainByEverySubscription() {
    // Copied up front, this range would not fit in memory: only the elements taken are ever produced.
    let huge = Observable.from(0..<Int.max)
    let first = EventRecorder<Int>()
    _ = huge.take(3).subscribe(first)
    #expect(first.events.current == [.next(0), .next(1), .next(2), .completed])
    let second = EventRecorder<Int>()
    _ = huge.take(2).subscribe(second)
    #expect(second.events.current == [.next(0), .next(1), .completed], "each subscription iterates afresh")
    let set: Set<Int> = [4, 5, 6]
    let fromSet = EventRecorder<Int>()
    _ = Observable.from(set).subscribe(fromSet)
    #expect(fromSet.elements == Array(set))
  }
}
