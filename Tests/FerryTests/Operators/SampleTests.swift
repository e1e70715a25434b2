import Ferry
import FerryTesting
import Testing

@Suite struct SampleTests {
  @Test func emitsLatestOnlyWhenNew() {
    let source = PublishSubject<Int>()
    let sampler = PublishSubject<Void>()
    let recorder = EventRecorder<Int>()
    _ = source.sample(sampler).subscribe(recorder)
    sampler.onNext(())
    source.onNext(1)
    source.onNext(2)
    sampler.onNext(())
    sampler.onNext(())
    source.onNext(3)
    sampler.onNext(())
    #expect(recorder.elements == [2, 3])
  }

  @Test func defaultValueWhenNothingNew() {
    let source = PublishSubject<Int>()
    let sampler = PublishSubject<Void>()
    let recorder = EventRecorder<Int>()
    _ = source.sample(sampler, defaultValue: 0).subscribe(recorder)
    sampler.onNext(())
    source.onNext(5)
    sampler.onNext(())
    sampler.onNext(())
    #expect(recorder.elements == [0, 5, 0])
  }

  @Test func completesAtNextSampleAfterSourceCompletes() {
    let source = PublishSubject<Int>()
    let sampler = PublishSubject<Void>()
    let recorder = EventRecorder<Int>()
    _ = source.sample(sampler).subscribe(recorder)
    source.onNext(1)
    source.onCompleted()
    #expect(!recorder.isCompleted)
    sampler.onNext(())
    #expect(recorder.events.current == [.next(1), .completed])
    #expect(!sampler.hasObservers)
  }

  @Test func samplerCompletionSamplesButDoesNotComplete() {
    let source = PublishSubject<Int>()
    let sampler = PublishSubject<Void>()
    let recorder = EventRecorder<Int>()
    _ = source.sample(sampler).subscribe(recorder)
    source.onNext(1)
    sampler.onCompleted()
    #expect(recorder.events.current == [.next(1)])
  }

  @Test func errorsTerminate() {
    let source = PublishSubject<Int>()
    let sampler = PublishSubject<Void>()
    let recorder = EventRecorder<Int>()
    _ = source.sample(sampler).subscribe(recorder)
    sampler.onError(TestError(id: 4))
    #expect(recorder.events.current == [.error(TestError(id: 4))])
    #expect(!source.hasObservers)
  }

  @Test func disposeReleasesBothSubscriptions() {
    let source = PublishSubject<Int>()
    let sampler = PublishSubject<Void>()
    let subscription = source.sample(sampler).subscribe { _ in }
    subscription.dispose()
    #expect(!source.hasObservers && !sampler.hasObservers)
  }

  @Test func disposeInsideOnNext() {
    let source = PublishSubject<Int>()
    let sampler = PublishSubject<Void>()
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = source.sample(sampler, defaultValue: 0).subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    sampler.onNext(())
    sampler.onNext(())
    #expect(received.current == [0])
    #expect(!source.hasObservers && !sampler.hasObservers)
  }
}
