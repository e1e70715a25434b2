import Ferry
import Testing

/// `flatMapLatest`'s bookkeeping of the current inner subscription (kept under the sink's lock).
@Suite struct FlatMapLatestInnerTests {
  @Test func switchingDisposesThePreviousInnerAndDisposalTheCurrentOne() {
    let outer = PublishSubject<Int>()
    let inners = [PublishSubject<Int>(), PublishSubject<Int>()]
    let recorder = EventRecorder<Int>()
    let subscription = outer.flatMapLatest { inners[$0] }.subscribe(recorder)
    outer.onNext(0)
    #expect(inners[0].hasObservers)
    outer.onNext(1)
    #expect(!inners[0].hasObservers)
    #expect(inners[1].hasObservers)
    inners[0].onNext(10)  // ignored: no longer the latest
    inners[1].onNext(11)
    subscription.dispose()
    #expect(!inners[1].hasObservers)
    #expect(!outer.hasObservers)
    #expect(recorder.elements == [11])
  }

  /// The observer feeds the outer source from inside the first inner sequence's synchronous element: the outer
  /// subject queues that send, and the switch then disposes the first inner subscription (kept once `subscribe`
  /// returned) before subscribing the second.
  @Test func reentrantSwitchFromInsideAnInnerElement() {
    let outer = PublishSubject<Int>()
    let inners = [BehaviorSubject(value: 1), BehaviorSubject(value: 2)]
    let received = LockedBox<[Int]>([])
    let subscription = outer.flatMapLatest { inners[$0] }.subscribe(onNext: { value in
      received.withLock { $0.append(value) }
      if value == 1 { outer.onNext(1) }
    })
    outer.onNext(0)
    #expect(received.current == [1, 2])
    #expect(!inners[0].hasObservers)
    #expect(inners[1].hasObservers)
    subscription.dispose()
    #expect(!inners[1].hasObservers)
  }

  /// Completed synchronous inner sequences are not kept, and nothing is kept after disposal.
  @Test func releasesInnerSequencesAndTheSelector() {
    weak var weakTracked: Tracked?
    let outer = PublishSubject<Int>()
    let recorder = EventRecorder<Int>()
    do {
      let tracked = Tracked(7)
      weakTracked = tracked
      let subscription = outer.flatMapLatest { Observable.just($0 + tracked.id) }.subscribe(recorder)
      for value in 0..<3 { outer.onNext(value) }
      subscription.dispose()
    }
    #expect(recorder.elements == [7, 8, 9])
    #expect(weakTracked == nil)
  }

  /// The observer disposes the result on the first element of an inner sequence that emits inside `subscribe`: the
  /// new inner subscription, returned after the disposal, is disposed at once rather than kept.
  @Test func disposalWhileSubscribingToAnInnerSequenceDisposesItsSubscription() {
    let outer = PublishSubject<Int>()
    let inner = BehaviorSubject(value: 1)
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = outer.flatMapLatest { _ in inner }.subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    outer.onNext(0)
    #expect(received.current == [1])
    #expect(!inner.hasObservers, "subscribed to during the disposal: disposed when subscribe returned")
    #expect(!outer.hasObservers)
  }

  /// An inner sequence's completion while the outer sequence runs completes nothing; a later inner sequence is
  /// subscribed to as usual, and the result completes once the outer sequence and that one have.
  @Test func completedInnerThenNewInnerThenOuterCompletion() {
    let outer = PublishSubject<Int>()
    let inners = [PublishSubject<Int>(), PublishSubject<Int>()]
    let disposals = LockedBox<[Int]>([])
    let recorder = EventRecorder<Int>()
    let subscription = outer.flatMapLatest { index in
      inners[index].do(onDispose: { disposals.withLock { $0.append(index) } })
    }.subscribe(recorder)
    outer.onNext(0)
    inners[0].onNext(1)
    inners[0].onCompleted()
    #expect(!recorder.isCompleted, "the outer sequence still runs")
    outer.onNext(1)
    #expect(inners[1].hasObservers)
    outer.onCompleted()
    inners[1].onNext(2)
    #expect(!recorder.isCompleted, "the latest inner sequence still runs")
    inners[1].onCompleted()
    #expect(recorder.elements == [1, 2])
    #expect(recorder.isCompleted)
    #expect(disposals.current == [0, 1])
    subscription.dispose()
  }
}
