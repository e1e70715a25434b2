import Ferry
import FerryTesting
import Foundation
import Testing

@Suite("Maybe")
struct MaybeTests {
  @Test func factories() {
    #expect(events(Maybe.just(1)) == [.next(1), .completed])
    #expect(events(Maybe<Int>.empty()) == [.completed])
    #expect(events(Maybe<Int>.error(TestError())) == [.error(TestError())])
    #expect(events(Maybe<Int>.never()).isEmpty)
  }

  @Test func createDeliversOnlyTheFirstOutcome() {
    let success = Maybe<Int>.create { observer in
      observer(.success(1))
      observer(.completed)
      observer(.success(2))
      return Disposables.create()
    }
    #expect(events(success) == [.next(1), .completed])
    let empty = Maybe<Int>.create { observer in
      observer(.completed)
      observer(.error(TestError()))
      return Disposables.create()
    }
    #expect(events(empty) == [.completed])
    let failing = Maybe<Int>.create { observer in
      observer(.error(TestError(id: 1)))
      return Disposables.create()
    }
    #expect(events(failing) == [.error(TestError(id: 1))])
  }

  @Test func createDisposal() {
    let disposed = Counter()
    let captured = LockedBox<(@Sendable (MaybeEvent<Int>) -> Void)?>(nil)
    let maybe = Maybe<Int>.create { observer in
      captured.withLock { $0 = observer }
      return Disposables.create { disposed.increment() }
    }
    let (recorder, subscription) = record(maybe)
    subscription.dispose()
    #expect(disposed.value == 1)
    captured.current?(.success(1))
    #expect(recorder.events.current.isEmpty)
  }

  @Test func subscribeCallsExactlyOneOutcomeHandler() {
    let log = LockedBox<[String]>([])
    _ = Maybe.just(1).subscribe(
      onSuccess: { value in log.withLock { $0.append("success \(value)") } },
      onError: { error in log.withLock { $0.append("error \(error)") } },
      onCompleted: { log.withLock { $0.append("completed") } },
      onDisposed: { log.withLock { $0.append("disposed") } }
    )
    _ = Maybe<Int>.empty().subscribe(
      onSuccess: { value in log.withLock { $0.append("success \(value)") } },
      onCompleted: { log.withLock { $0.append("completed") } }
    )
    _ = Maybe<Int>.error(TestError(id: 2)).subscribe(onError: { error in log.withLock { $0.append("error \(error)") } })
    #expect(log.current == ["success 1", "disposed", "completed", "error TestError(2)"])
  }

  @Test func subscribeEventCallback() {
    let log = LockedBox<[String]>([])
    for maybe in [Maybe.just(1), Maybe<Int>.empty(), Maybe<Int>.error(TestError(id: 3))] {
      _ = maybe.subscribe { event in
        switch event {
        case .success(let value): log.withLock { $0.append("success \(value)") }
        case .error(let error): log.withLock { $0.append("error \(error)") }
        case .completed: log.withLock { $0.append("completed") }
        }
      }
    }
    #expect(log.current == ["success 1", "completed", "error TestError(3)"])
  }

  @Test func subscribeWithObject() {
    final class Owner: @unchecked Sendable {
      let log = LockedBox<[String]>([])
    }
    let owner = Owner()
    _ = Maybe<Int>.empty().subscribe(with: owner, onCompleted: { $0.log.withLock { $0.append("completed") } })
    _ = Maybe.just(2).subscribe(with: owner, onSuccess: { owner, value in owner.log.withLock { $0.append("\(value)") } })
    #expect(owner.log.current == ["completed", "2"])

    var transient: Owner? = Owner()
    weak let weakTransient = transient
    let subscription = Maybe<Int>.never().subscribe(with: transient!, onSuccess: { _, _ in })
    transient = nil
    #expect(weakTransient == nil)
    subscription.dispose()
  }

  @Test func operators() {
    #expect(events(Maybe.just(2).map { $0 * 3 }) == [.next(6), .completed])
    #expect(events(Maybe<Int>.empty().map { $0 * 3 }) == [.completed])
    #expect(events(Maybe.just(2).filter { $0 > 5 }) == [.completed])
    #expect(events(Maybe.just(2).compactMap { $0 > 1 ? $0 : nil }) == [.next(2), .completed])
    #expect(events(Maybe.just(2).flatMap { Maybe.just($0 + 1) }) == [.next(3), .completed])
    #expect(events(Maybe<Int>.empty().flatMap { Maybe.just($0 + 1) }) == [.completed])
    #expect(events(Maybe<Int>.error(TestError()).catchAndReturn(5)) == [.next(5), .completed])
    #expect(events(Maybe<Int>.error(TestError()).catch { _ in .empty() }) == [.completed])
    #expect(events(Maybe.just(1).asCompletable()) == [.completed])
  }

  @Test func doHandlers() {
    let log = LockedBox<[String]>([])
    let maybe = Maybe<Int>.empty().do(
      onNext: { _ in log.withLock { $0.append("next") } },
      onCompleted: { log.withLock { $0.append("onCompleted") } },
      afterCompleted: { log.withLock { $0.append("afterCompleted") } },
      onSubscribe: { log.withLock { $0.append("subscribe") } },
      onDispose: { log.withLock { $0.append("dispose") } }
    )
    #expect(events(maybe) == [.completed])
    #expect(log.current == ["subscribe", "onCompleted", "afterCompleted", "dispose"])
  }
}

@Suite("Completable")
struct CompletableTests {
  @Test func factories() {
    #expect(events(Completable.empty()) == [.completed])
    #expect(events(Completable.error(TestError())) == [.error(TestError())])
    #expect(events(Completable.never()).isEmpty)
  }

  @Test func createDeliversOneOutcome() {
    let completable = Completable.create { observer in
      observer(.completed)
      observer(.error(TestError()))
      return Disposables.create()
    }
    #expect(events(completable) == [.completed])
  }

  @Test func createDisposal() {
    let disposed = Counter()
    let completable = Completable.create { _ in Disposables.create { disposed.increment() } }
    let (_, subscription) = record(completable)
    #expect(disposed.value == 0)
    subscription.dispose()
    #expect(disposed.value == 1)
  }

  @Test func subscribeHandlers() {
    let log = LockedBox<[String]>([])
    _ = Completable.empty().subscribe(
      onCompleted: { log.withLock { $0.append("completed") } },
      onError: { _ in log.withLock { $0.append("error") } },
      onDisposed: { log.withLock { $0.append("disposed") } }
    )
    _ = Completable.error(TestError(id: 1)).subscribe { event in
      if case .error(let error) = event { log.withLock { $0.append("\(error)") } }
    }
    final class Owner: @unchecked Sendable {
      let log = LockedBox<[String]>([])
    }
    let owner = Owner()
    _ = Completable.empty().subscribe(with: owner, onCompleted: { $0.log.withLock { $0.append("with") } })
    #expect(log.current == ["completed", "disposed", "TestError(1)"])
    #expect(owner.log.current == ["with"])
  }

  @Test func andThen() {
    #expect(events(Completable.empty().andThen(Single.just(1))) == [.next(1), .completed])
    #expect(events(Completable.empty().andThen(Maybe<Int>.empty())) == [.completed])
    #expect(events(Completable.empty().andThen(Completable.error(TestError()))) == [.error(TestError())])
    #expect(events(Completable.empty().andThen(Observable.of(1, 2))) == [.next(1), .next(2), .completed])
    #expect(events(Completable.error(TestError(id: 1)).andThen(Single.just(1))) == [.error(TestError(id: 1))])
  }

  @Test func andThenSubscribesAfterCompletionAndDisposesTheSecond() {
    let manual = ManualSingle<Int>()
    let first = LockedBox<(@Sendable (CompletableEvent) -> Void)?>(nil)
    let completable = Completable.create { observer in
      first.withLock { $0 = observer }
      return Disposables.create()
    }
    let (recorder, subscription) = record(completable.andThen(manual.single))
    #expect(manual.subscriptions.value == 0)
    first.current?(.completed)
    #expect(manual.subscriptions.value == 1)
    subscription.dispose()
    #expect(manual.disposals.value == 1)
    #expect(recorder.events.current.isEmpty)
  }

  @Test func concatAndZip() {
    let log = LockedBox<[Int]>([])
    func step(_ id: Int) -> Completable {
      Completable.create { observer in
        log.withLock { $0.append(id) }
        observer(.completed)
        return Disposables.create()
      }
    }
    #expect(events(Completable.concat(step(1), step(2), step(3))) == [.completed])
    #expect(log.current == [1, 2, 3])
    #expect(events(Completable.zip(step(4), Completable.error(TestError()))) == [.error(TestError())])
    #expect(events(Completable.zip([])) == [.completed])
  }

  @Test func doAndRetry() {
    let log = LockedBox<[String]>([])
    let attempts = Counter()
    let flaky = Completable.create { observer in
      observer(attempts.increment() < 2 ? .error(TestError()) : .completed)
      return Disposables.create()
    }
    .do(onError: { _ in log.withLock { $0.append("error") } }, onCompleted: { log.withLock { $0.append("done") } })
    #expect(events(flaky.retry(2)) == [.completed])
    #expect(log.current == ["error", "done"])
  }
}

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

  @Test func disposalReachesTheSource() {
    let disposed = Counter()
    let source = Observable<Int>.create { _ in Disposables.create { disposed.increment() } }
    for trait in [source.asSingle().asObservable(), source.asMaybe().asObservable(), source.first().map { $0 ?? 0 }.asObservable()] {
      let subscription = trait.subscribe { _ in }
      subscription.dispose()
    }
    record(source.toArray()).subscription.dispose()
    record(source.ignoreElements()).subscription.dispose()
    #expect(disposed.value == 5)
  }
}
