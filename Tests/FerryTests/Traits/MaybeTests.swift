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
    _ = Maybe.just(2).subscribe(
      with: owner, onSuccess: { owner, value in owner.log.withLock { $0.append("\(value)") } })
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

  @Test func ifEmpty() {
    #expect(events(Maybe<Int>.empty().ifEmpty(default: 4)) == [.next(4), .completed])
    #expect(events(Maybe.just(1).ifEmpty(default: 4)) == [.next(1), .completed])
    #expect(events(Maybe<Int>.empty().ifEmpty(switchTo: Single.just(5))) == [.next(5), .completed])
    #expect(events(Maybe<Int>.empty().ifEmpty(switchTo: Maybe<Int>.empty())) == [.completed])
    #expect(events(Maybe<Int>.error(TestError()).ifEmpty(default: 4)) == [.error(TestError())])
    let fallback = ManualSingle<Int>()
    let (recorder, subscription) = record(Maybe<Int>.empty().ifEmpty(switchTo: fallback.single))
    subscription.dispose()
    #expect(fallback.disposals.value == 1)
    fallback.send(.success(1))
    #expect(recorder.events.current.isEmpty)
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
