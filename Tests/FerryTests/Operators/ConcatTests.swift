import Ferry
import FerryTesting
import Testing

@Suite struct ConcatTests {
  @Test func instanceConcatSubscribesToSecondAfterFirstCompletes() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("      ^1|", of: Int.self)
    let second = try scheduler.createColdObservable("        -2|", of: Int.self)
    let observer = scheduler.start { first.concat(second) }
    expectMarbles(observer.events, "      ^1-2|")
    expectSubscriptions(first.subscriptions, "      ^-!")
    expectSubscriptions(second.subscriptions, "<@200>--^-!")
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

  @Test func concatOfObservableOfObservables() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let first = try scheduler.createHotObservable("      ^--1|", of: Int.self)
    let outer = try scheduler.createHotObservable(
      "      ^ab--|", values: ["a": first.asObservable(), "b": Observable.of(2)])
    let observer = scheduler.start { outer.concat() }
    expectMarbles(observer.events, "      ^--12|")
    expectSubscriptions(first.subscriptions, "<@200>-^--!")
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
