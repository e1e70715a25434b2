import Ferry
import FerryTesting
import Foundation
import Testing

@Suite("Observable to traits")
struct ObservableToTraitTests {
  @Test func asSingle() {
    #expect(events(Observable.just(1).asSingle()) == [.next(1), .completed])
    #expect(events(Observable<Int>.empty().asSingle()) == [.error(RxError.noElements)])
    #expect(events(Observable.of(1, 2).asSingle()) == [.error(RxError.moreThanOneElement)])
    #expect(events(Observable<Int>.error(TestError()).asSingle()) == [.error(TestError())])
    #expect(events(Observable.just(Int?.none).asSingle()) == [.next(nil), .completed])
  }

  @Test func asSingleFailsAsSoonAsASecondElementArrives() {
    let manual = ManualObservable<Int>()
    let (recorder, _) = record(manual.observable.asSingle())
    manual.on(.next(1))
    #expect(recorder.events.current.isEmpty)
    manual.on(.next(2))
    #expect(recorder.events.current == [.error(RxError.moreThanOneElement)])
    #expect(manual.disposals.value == 1)
  }

  @Test func asMaybe() {
    #expect(events(Observable.just(1).asMaybe()) == [.next(1), .completed])
    #expect(events(Observable<Int>.empty().asMaybe()) == [.completed])
    #expect(events(Observable.of(1, 2).asMaybe()) == [.error(RxError.moreThanOneElement)])
  }

  @Test func first() {
    #expect(events(Observable.of(1, 2, 3).first()) == [.next(1), .completed])
    #expect(events(Observable<Int>.empty().first()) == [.next(nil), .completed])
    #expect(events(Observable<Int>.error(TestError()).first()) == [.error(TestError())])
  }

  @Test func firstDisposesTheSourceAfterTheFirstElement() {
    let manual = ManualObservable<Int>()
    let (recorder, _) = record(manual.observable.first())
    manual.on(.next(4))
    #expect(manual.disposals.value == 1)
    manual.on(.next(5))
    #expect(recorder.events.current == [.next(4), .completed])
  }

  @Test func toArray() {
    #expect(events(Observable.of(1, 2, 3).toArray()) == [.next([1, 2, 3]), .completed])
    #expect(events(Observable<Int>.empty().toArray()) == [.next([]), .completed])
    #expect(events(Observable<Int>.error(TestError()).toArray()) == [.error(TestError())])
  }

  @Test func ignoreElements() {
    let completable: Completable = Observable.of(1, 2).ignoreElements()
    #expect(events(completable) == [.completed])
    let rxSwift6Style = Observable.of(1, 2).ignoreElements().asCompletable()
    #expect(events(rxSwift6Style) == [.completed])
    let observable: Observable<Never> = Observable<Int>.error(TestError()).ignoreElements()
    #expect(events(observable.asCompletable()) == [.error(TestError())])
  }

  @Test func asSingleAndAsMaybeReleaseWhatTheyHeld() {
    Harness.expectReleasedAfterDispose { $0.asSingle().asObservable() }
    Harness.expectReleasedAfterDispose { $0.asMaybe().asObservable() }
    #expect(events(Observable.just(Int?.none).asMaybe()) == [.next(nil), .completed])
    let subject = PublishSubject<Tracked>()
    weak var weakHeld: Tracked?
    let (recorder, subscription) = record(subject.asSingle().asObservable().map(\.id))
    do {
      let held = Tracked(1)
      weakHeld = held
      subject.onNext(held)
    }
    #expect(weakHeld != nil)
    subject.onNext(Tracked(2))
    // Failed, not yet disposed by the caller: the element held for success is let go with the failure.
    #expect(weakHeld == nil)
    #expect(recorder.events.current == [.error(RxError.moreThanOneElement)])
    #expect(!subject.hasObservers)
    subscription.dispose()
  }

  @Test func ignoreElementsOnALiveSource() {
    let subject = PublishSubject<Int>()
    let (recorder, _) = record(subject.ignoreElements())
    subject.onNext(1)
    subject.onNext(2)
    #expect(recorder.events.current.isEmpty)
    subject.onCompleted()
    #expect(recorder.events.current == [.completed])
    #expect(!subject.hasObservers)

    let failing = PublishSubject<Int>()
    let (failed, _) = record(failing.ignoreElements())
    failing.onNext(1)
    failing.onError(TestError())
    #expect(failed.events.current == [.error(TestError())])
    #expect(!failing.hasObservers)

    let disposed = PublishSubject<Int>()
    let (silent, subscription) = record(disposed.ignoreElements())
    subscription.dispose()
    #expect(!disposed.hasObservers)
    disposed.onCompleted()
    #expect(silent.events.current.isEmpty)
    Harness.expectReleasedAfterDispose { $0.ignoreElements() }
  }

  @Test func disposalReachesTheSource() {
    let disposed = Counter()
    let source = Observable<Int>.create { _ in Disposables.create { disposed.increment() } }
    for trait in [
      source.asSingle().asObservable(), source.asMaybe().asObservable(), source.first().map { $0 ?? 0 }.asObservable(),
    ] {
      let subscription = trait.subscribe { _ in }
      subscription.dispose()
    }
    record(source.toArray()).subscription.dispose()
    record(source.ignoreElements()).subscription.dispose()
    #expect(disposed.value == 5)
  }
}
