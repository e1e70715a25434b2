import Dispatch
import Ferry
import FerryTesting
import Testing

@Suite struct WithLatestFromTests {
  @Test func emitsCurrentRelayValueForEachTrigger() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let trigger = try scheduler.createHotObservable("^-t--t", values: ["t": ()])
    let state = try scheduler.createHotObservable("^i-ul", values: ["i": "initial", "u": "updated", "l": "latest"])
    let observer = scheduler.start { trigger.withLatestFrom(state) }
    expectMarbles(observer.events, "^-i--l", values: ["i": "initial", "l": "latest"])
  }

  @Test func resultSelectorCombinesBoth() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let trigger = try scheduler.createHotObservable("^-1--2", of: Int.self)
    let state = try scheduler.createHotObservable("^a-b", values: ["a": 10, "b": 20])
    let observer = scheduler.start { trigger.withLatestFrom(state) { $0 + $1 } }
    expectMarbles(observer.events, "^-a--b", values: ["a": 11, "b": 22])
  }

  @Test func dropsTriggersBeforeSecondEmits() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let trigger = try scheduler.createHotObservable("^1-2", of: Int.self)
    let second = try scheduler.createHotObservable("^-a", of: String.self)
    let observer = scheduler.start { trigger.withLatestFrom(second) }
    expectMarbles(observer.events, "^--a")
  }

  @Test func completesWithFirstAndIgnoresSecondCompletion() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let trigger = try scheduler.createHotObservable("^--1-|", of: Int.self)
    let second = try scheduler.createHotObservable("^a|", of: String.self)
    let observer = scheduler.start { trigger.withLatestFrom(second) }
    expectMarbles(observer.events, "^--a-|")
    expectSubscriptions(trigger.subscriptions, "^----!")
    expectSubscriptions(second.subscriptions, "^-!")
  }

  @Test func errorsFromEitherOrSelectorTerminate() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let trigger = try scheduler.createHotObservable("^---", of: Int.self)
    let second = try scheduler.createHotObservable("^-#", of: Int.self, error: TestError(id: 1))
    let observer = scheduler.start { trigger.withLatestFrom(second) }
    expectMarbles(observer.events, "^-#", error: TestError(id: 1))
    expectSubscriptions(trigger.subscriptions, "^-!")
    expectSubscriptions(second.subscriptions, "^-!")

    let thrown = EventRecorder<Int>()
    _ = Observable.of(1, 2).withLatestFrom(BehaviorRelay(value: 0)) { value, _ -> Int in
      throw TestError(id: value)
    }.subscribe(thrown)
    #expect(thrown.events.current == [.error(TestError(id: 1))])
  }

  @Test func disposeReleasesBothSubscriptions() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let trigger = try scheduler.createColdObservable("-", of: Int.self)
    let state = try scheduler.createColdObservable("-", of: Int.self)
    let observer = scheduler.start(disposed: 250) { trigger.withLatestFrom(state) }
    expectMarbles(observer.events, "^")
    expectSubscriptions(trigger.subscriptions, "^----!")
    expectSubscriptions(state.subscriptions, "^----!")
  }

  @Test func disposeInsideOnNext() {
    let trigger = PublishSubject<Int>()
    let state = BehaviorRelay(value: 0)
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = trigger.withLatestFrom(state) { $0 + $1 }.subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    trigger.onNext(1)
    trigger.onNext(2)
    #expect(received.current == [1])
    #expect(!trigger.hasObservers)
  }

  @Test func reentrantRelayUpdateFromObserver() {
    // A view model pattern: on a trigger, read the state and write the next state back into the relay.
    let trigger = PublishSubject<Void>()
    let state = BehaviorRelay(value: 0)
    let seen = LockedBox<[Int]>([])
    _ = trigger.withLatestFrom(state).subscribe(onNext: { value in
      seen.withLock { $0.append(value) }
      state.accept(value + 1)
    })
    trigger.onNext(())
    trigger.onNext(())
    trigger.onNext(())
    #expect(seen.current == [0, 1, 2])
    #expect(state.value == 3)
  }

  @Test func releasesCapturesAfterDispose() {
    weak var weakTracked: Tracked?
    let trigger = PublishSubject<Int>()
    let state = BehaviorRelay(value: 1)
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let subscription = trigger.withLatestFrom(state) { $0 + $1 + tracked.id }.subscribe { _ in }
      trigger.onNext(1)
      subscription.dispose()
    }
    #expect(weakTracked == nil)
  }
}

@Suite struct WithLatestFromThreadTests {
  @Test func relayUpdatedOnAnotherThreadWhileTriggering() {
    let trigger = PublishSubject<Int>()
    let state = BehaviorRelay(value: 0)
    let observer = SerialCheckingObserver<Int>()
    let count = 2_000
    _ = trigger.withLatestFrom(state).subscribe(observer)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      for index in 1...count {
        if thread == 0 { trigger.onNext(index) } else { state.accept(index) }
      }
    }
    let elements = observer.elements
    #expect(observer.overlaps.current == 0)
    #expect(elements.count == count)
    // The relay's value only grows, and every trigger sees the latest value at its turn under the lock.
    #expect(elements == elements.sorted())
  }
}
