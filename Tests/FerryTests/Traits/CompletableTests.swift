import Ferry
import FerryTesting
import Foundation
import Testing

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
