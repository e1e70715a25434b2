import Dispatch
import Ferry
import FerryTesting
import Testing

@Suite struct WithLatestFromTests {
  @Test func emitsCurrentRelayValueForEachTrigger() {
    let trigger = PublishSubject<Void>()
    let state = BehaviorRelay(value: "initial")
    let recorder = EventRecorder<String>()
    _ = trigger.withLatestFrom(state).subscribe(recorder)
    trigger.onNext(())
    state.accept("updated")
    state.accept("latest")
    trigger.onNext(())
    #expect(recorder.elements == ["initial", "latest"])
  }

  @Test func resultSelectorCombinesBoth() {
    let trigger = PublishSubject<Int>()
    let state = BehaviorRelay(value: 10)
    let recorder = EventRecorder<Int>()
    _ = trigger.withLatestFrom(state) { $0 + $1 }.subscribe(recorder)
    trigger.onNext(1)
    state.accept(20)
    trigger.onNext(2)
    #expect(recorder.elements == [11, 22])
  }

  @Test func dropsTriggersBeforeSecondEmits() {
    let trigger = PublishSubject<Int>()
    let second = PublishSubject<String>()
    let recorder = EventRecorder<String>()
    _ = trigger.withLatestFrom(second).subscribe(recorder)
    trigger.onNext(1)
    second.onNext("a")
    trigger.onNext(2)
    #expect(recorder.elements == ["a"])
  }

  @Test func completesWithFirstAndIgnoresSecondCompletion() {
    let trigger = PublishSubject<Int>()
    let second = PublishSubject<String>()
    let recorder = EventRecorder<String>()
    _ = trigger.withLatestFrom(second).subscribe(recorder)
    second.onNext("a")
    second.onCompleted()
    trigger.onNext(1)
    #expect(!recorder.isCompleted)
    trigger.onCompleted()
    #expect(recorder.events.current == [.next("a"), .completed])
  }

  @Test func errorsFromEitherOrSelectorTerminate() {
    let trigger = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    _ = trigger.withLatestFrom(second).subscribe(recorder)
    second.onError(TestError(id: 1))
    #expect(recorder.events.current == [.error(TestError(id: 1))])
    #expect(!trigger.hasObservers)

    let thrown = EventRecorder<Int>()
    _ = Observable.of(1, 2).withLatestFrom(BehaviorRelay(value: 0)) { value, _ -> Int in
      throw TestError(id: value)
    }.subscribe(thrown)
    #expect(thrown.events.current == [.error(TestError(id: 1))])
  }

  @Test func disposeReleasesBothSubscriptions() {
    let trigger = PublishSubject<Int>()
    let state = PublishSubject<Int>()
    let subscription = trigger.withLatestFrom(state).subscribe { _ in }
    #expect(trigger.hasObservers && state.hasObservers)
    subscription.dispose()
    #expect(!trigger.hasObservers && !state.hasObservers)
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
