import Dispatch
import Ferry
import FerryTesting
import Foundation
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

  /// The synchronous sources, each of `0..<1000`.
  static let synchronousSources: [(name: String, make: @Sendable () -> Observable<Int>)] = [
    ("from(Range)", { Observable.from(0..<1000) }),
    ("from([Int])", { Observable.from(Array(0..<1000)) }),
    ("of", { Observable.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10) }),
    ("range", { Observable.range(start: 0, count: 1000) }),
    ("repeatElement", { Observable.repeatElement(0).scan(-1) { count, _ in count + 1 } }),
  ]

  @Test(arguments: 0..<synchronousSources.count)
  func aSynchronousSourceStopsAtTheElementThatFinishedItsDownstream(source: Int) {
    // As in RxSwift (whose sources run on the current-thread trampoline): `take` finishes while the source is still
    // inside `subscribe`, and not one more element reaches the operators above it — no side effect runs for it.
    let (name, make) = Self.synchronousSources[source]
    let visited = LockedBox([Int]())
    let recorder = EventRecorder<Int>()
    _ = make().do(onNext: { value in visited.withLock { $0.append(value) } }).take(2).subscribe(recorder)
    #expect(recorder.events.current == [.next(0), .next(1), .completed], "\(name)")
    #expect(visited.current == [0, 1], "\(name): the source went on after take(2) finished")
  }

  @Test func aSynchronousSourceStopsWhenAFinishingOperatorFurtherDownFinishes() {
    // The finishing operator is below a chain of step operators and an operator on the engine (`withLatestFrom`
    // reaches its downstream through its storage): the source still stops at once.
    let visited = LockedBox(0)
    let mapped = LockedBox(0)
    let recorder = EventRecorder<Int>()
    _ = Observable.from(0..<1000)
      .do(onNext: { _ in visited.withLock { $0 += 1 } })
      .map { value -> Int in
        mapped.withLock { $0 += 1 }
        return value * 2
      }
      .filter { _ in true }
      .withLatestFrom(Observable.just(1)) { value, _ in value }
      .take(1)
      .subscribe(recorder)
    #expect(recorder.events.current == [.next(0), .completed])
    #expect(visited.current == 1)
    #expect(mapped.current == 1)
  }

  @Test func anInnerSequenceOfFlatMapStopsWhenTheDownstreamFinishes() {
    for form in ["flatMap", "flatMapLatest", "concatMap"] {
      let visited = LockedBox(0)
      let recorder = EventRecorder<Int>()
      let inner = Observable.from(0..<1000).do(onNext: { _ in visited.withLock { $0 += 1 } })
      let outer = Observable.just(1)
      let flattened =
        switch form {
        case "flatMap": outer.flatMap { _ in inner }
        case "flatMapLatest": outer.flatMapLatest { _ in inner }
        default: outer.concatMap { _ in inner }
        }
      _ = flattened.take(3).subscribe(recorder)
      #expect(recorder.events.current == [.next(0), .next(1), .next(2), .completed], "\(form)")
      #expect(visited.current == 3, "\(form): the inner source went on after take(3) finished")
    }
  }

  @Test func anEndlessSourceStopsWhenItsDownstreamFinishesOnAnotherThread() async {
    // `take` runs on the scheduler's thread, behind `observe(on:)`: no stop is counted on the looping thread, so the
    // loop finds the finished `take` by asking the chain every 64 elements. The loop runs on a thread of its own, so
    // that a loop that never stopped fails the test (the hang guards) instead of hanging it.
    let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
    let recorder = EventRecorder<Int>()
    let returned = DispatchSemaphore(value: 0)
    let completed = DispatchSemaphore(value: 0)
    let subscription = LockedBox<(any Disposable)?>(nil)
    Thread {
      // Not disposed here: the completion may still be on its way to the recorder.
      let made = Observable.repeatElement(7).observe(on: scheduler).take(2)
        .do(onCompleted: { completed.signal() })
        .subscribe(recorder)
      subscription.withLock { $0 = made }
      returned.signal()
    }.start()
    #expect(await returned.signalled(), "subscribe returned: the loop stopped")
    #expect(await completed.signalled())
    #expect(recorder.events.current == [.next(7), .next(7), .completed])
    subscription.current?.dispose()
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
