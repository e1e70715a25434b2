import Ferry
import FerryTesting
import Foundation
import Testing

@Suite("Trait async values")
struct TraitValueTests {
  @Test func singleValue() async throws {
    #expect(try await Single.just(1).value == 1)
    #expect(try await Single.just(1).map { $0 + 1 }.value == 2)
    await #expect(throws: TestError(id: 1)) { try await Single<Int>.error(TestError(id: 1)).value }
    await #expect(throws: TestError(id: 2)) { try await Single<Int>.error(TestError(id: 2)).map { $0 }.value }
  }

  @Test func justTraitsEmitTheirElementThenComplete() async throws {
    // `Single.just` / `Maybe.just` store the element inline; subscribing still follows the grammar.
    #expect(events(Single.just(7)) == [.next(7), .completed])
    #expect(events(Maybe.just(8)) == [.next(8), .completed])
    #expect(try await Single.just(10).value == 10)
    #expect(try await Maybe.just(11).value == 11)
  }

  @Test func singleValueFromAnotherThread() async throws {
    let single = Single<Int>.create { observer in
      DispatchQueue.global().async { observer(.success(5)) }
      return Disposables.create()
    }
    #expect(try await single.value == 5)
  }

  @Test func singleValueOfAnEmptySequenceThrowsNoElements() async {
    await #expect(throws: RxError.self) { try await Observable<Int>.empty().asSingle().value }
  }

  @Test func maybeValue() async throws {
    #expect(try await Maybe.just(3).value == 3)
    #expect(try await Maybe<Int>.empty().value == nil)
    await #expect(throws: TestError(id: 3)) { try await Maybe<Int>.error(TestError(id: 3)).value }
  }

  @Test func completableValue() async throws {
    try await Completable.empty().value
    await #expect(throws: TestError(id: 4)) { try await Completable.error(TestError(id: 4)).value }
  }

  @Test func eachAwaitIsItsOwnSubscription() async throws {
    let manual = ManualSingle<Int>()
    let single = manual.single.do(onSubscribed: { manual.send(.success(manual.subscriptions.value)) })
    #expect(try await single.value == 1)
    #expect(try await single.value == 2)
    #expect(manual.subscriptions.value == 2)
  }

  @Test func cancellingTheAwaitingTaskDisposesAndThrows() async throws {
    let (subscribed, subscribedContinuation) = AsyncStream<Void>.makeStream()
    let disposed = Flag()
    let single = Single<Int>.create { _ in
      subscribedContinuation.yield()
      return Disposables.create { disposed.set() }
    }
    let task = Task { try await single.value }
    var iterator = subscribed.makeAsyncIterator()
    _ = await iterator.next()
    #expect(!disposed.isSet)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(disposed.isSet)
  }

  @Test func cancellingMaybeAndCompletableValues() async throws {
    let (subscribed, subscribedContinuation) = AsyncStream<Void>.makeStream()
    let disposals = Counter()
    let maybe = Maybe<Int>.create { _ in
      subscribedContinuation.yield()
      return Disposables.create { disposals.increment() }
    }
    let completable = Completable.create { _ in
      subscribedContinuation.yield()
      return Disposables.create { disposals.increment() }
    }
    var iterator = subscribed.makeAsyncIterator()
    let maybeTask = Task { try await maybe.value }
    _ = await iterator.next()
    maybeTask.cancel()
    await #expect(throws: CancellationError.self) { try await maybeTask.value }
    let completableTask = Task { try await completable.value }
    _ = await iterator.next()
    completableTask.cancel()
    await #expect(throws: CancellationError.self) { try await completableTask.value }
    #expect(disposals.value == 2)
  }

  @Test func alreadyCancelledTaskThrowsAtOnceUnlessTheTraitFinishesInsideSubscribe() async throws {
    // A trait that has not finished when `subscribe` returns is disposed at once and the await throws.
    let manual = ManualSingle<Int>()
    let single = manual.single
    let (gate, gateContinuation) = AsyncStream<Void>.makeStream()
    let task = Task {
      var iterator = gate.makeAsyncIterator()
      _ = await iterator.next()
      return try await single.value
    }
    task.cancel()
    gateContinuation.finish()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(manual.subscriptions.value == 1)
    #expect(manual.disposals.value == 1)

    // One that finishes inside `subscribe` gives its outcome, as RxSwift's `value` does.
    let finished = Task { () -> (Int?, Bool, Bool) in
      withUnsafeCurrentTask { $0?.cancel() }
      let empty = try await Maybe<Int>.empty().value
      try await Completable.empty().value
      let failed: Bool
      do {
        _ = try await Single<Int>.error(TestError(id: 3)).value
        failed = false
      } catch {
        failed = error as? TestError == TestError(id: 3)
      }
      return (empty, failed, Task.isCancelled)
    }
    let (empty, failed, wasCancelled) = try await finished.value
    #expect(empty == nil)
    #expect(failed)
    #expect(wasCancelled)
  }

  @Test(.timeLimit(.minutes(1)))
  func cancellationRacesCompletion() async {
    let outcomes = Counter()
    let succeeded = Counter()
    for batch in 0..<100 {
      await withTaskGroup(of: Bool.self) { group in
        for index in 0..<100 {
          let value = batch * 100 + index
          group.addTask {
            let single = Single<Int>.create { observer in
              DispatchQueue.global().async { observer(.success(value)) }
              return Disposables.create()
            }
            let task = Task { try await single.value }
            if index % 2 == 0 { await Task.yield() }
            task.cancel()
            switch await task.result {
            case .success(let result):
              succeeded.increment()
              return result == value
            case .failure(let error): return error is CancellationError
            }
          }
        }
        for await valid in group {
          #expect(valid)
          outcomes.increment()
        }
      }
    }
    #expect(outcomes.value == 10_000)
    print(
      "stress: 10000 Single.value awaits cancelled while the value arrives: the value in \(succeeded.value),"
        + " CancellationError in \(10_000 - succeeded.value), nothing else")
  }

  @Test func createWithAsyncWork() async throws {
    #expect(try await Single<Int>.create(work: { 42 }).value == 42)
    #expect(try await Single { "init" }.value == "init")
    await #expect(throws: TestError(id: 5)) {
      try await Single<Int>.create(detached: true, priority: .high, work: { throw TestError(id: 5) }).value
    }
    #expect(try await Maybe<Int>.create(work: { 1 }).value == 1)
    #expect(try await Maybe<Int>.create(work: { nil }).value == nil)
    try await Completable.create(work: {}).value
    await #expect(throws: TestError(id: 6)) { try await Completable.create(work: { throw TestError(id: 6) }).value }
  }

  @Test func createWithAsyncWorkDeliversToSubscribers() async {
    let (outcome, outcomeContinuation) = AsyncStream<String>.makeStream()
    let subscription = Single<Int>.create(work: { 7 }).subscribe(
      onSuccess: { outcomeContinuation.yield("success \($0)") },
      onFailure: { outcomeContinuation.yield("failure \($0)") }
    )
    var iterator = outcome.makeAsyncIterator()
    #expect(await iterator.next() == "success 7")
    subscription.dispose()
  }

  @Test func disposingCancelsTheAsyncWorkAndEmitsNothing() async {
    let (started, startedContinuation) = AsyncStream<Void>.makeStream()
    let (cancelled, cancelledContinuation) = AsyncStream<Bool>.makeStream()
    let single = Single<Int>.create(work: {
      startedContinuation.yield()
      let (never, hold) = AsyncStream<Void>.makeStream()
      for await _ in never {}
      withExtendedLifetime(hold) {}
      cancelledContinuation.yield(Task.isCancelled)
      throw CancellationError()
    })
    let (recorder, subscription) = record(single)
    var startedIterator = started.makeAsyncIterator()
    _ = await startedIterator.next()
    subscription.dispose()
    var cancelledIterator = cancelled.makeAsyncIterator()
    #expect(await cancelledIterator.next() == true)
    #expect(recorder.events.current.isEmpty)
  }

  @Test func asyncWorkOfMaybeAndCompletableIsCancelledOnDispose() async {
    let (cancelled, cancelledContinuation) = AsyncStream<Bool>.makeStream()
    let (started, startedContinuation) = AsyncStream<Void>.makeStream()
    @Sendable func waitForCancellation() async {
      startedContinuation.yield()
      let (never, hold) = AsyncStream<Void>.makeStream()
      for await _ in never {}
      withExtendedLifetime(hold) {}
      cancelledContinuation.yield(Task.isCancelled)
    }
    let maybe = Maybe<Int>.create(work: {
      await waitForCancellation()
      return 1
    })
    let completable = Completable.create(work: { await waitForCancellation() })
    var startedIterator = started.makeAsyncIterator()
    var cancelledIterator = cancelled.makeAsyncIterator()
    let (maybeRecorder, maybeSubscription) = record(maybe)
    _ = await startedIterator.next()
    maybeSubscription.dispose()
    #expect(await cancelledIterator.next() == true)
    let (completableRecorder, completableSubscription) = record(completable)
    _ = await startedIterator.next()
    completableSubscription.dispose()
    #expect(await cancelledIterator.next() == true)
    #expect(maybeRecorder.events.current.isEmpty)
    #expect(completableRecorder.events.current.isEmpty)
  }
}
