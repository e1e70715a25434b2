import Dispatch
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

  @Test func anOperatorBelowThatStopsInsideSubscribeEndsAnEndlessSynchronousChain() {
    let pulled = LockedBox(0)
    let sources = (0...).lazy.map { index -> Observable<Int> in
      pulled.withLock { $0 += 1 }
      return Observable.just(index)
    }
    #expect(Harness.events(Observable.concat(sources).take(3)) == [.next(0), .next(1), .next(2), .completed])
    #expect(pulled.current <= 4, "at most the source decided as take(3) stopped")
  }

  @Test func sourcesCompletingOnAnotherThreadContinueTheChain() {
    let sources = (0..<100).map { index in
      Observable<Int>.create { observer in
        DispatchQueue.global().async {
          observer.onNext(index)
          observer.onCompleted()
        }
        return Disposables.create()
      }
    }
    let finished = DispatchSemaphore(value: 0)
    let recorder = EventRecorder<Int>()
    let subscription = Observable.concat(sources).do(afterCompleted: { finished.signal() }).subscribe(recorder)
    Harness.wait(finished)
    #expect(recorder.events.current == (0..<100).map { .next($0) } + [.completed])
    subscription.dispose()
  }
}
