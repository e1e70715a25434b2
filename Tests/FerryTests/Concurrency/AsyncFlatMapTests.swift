import Ferry
import FerryTesting
import Foundation
import Testing

/// Stands in for an API client in the overload tests.
private struct FakeAPI: Sendable {
  func call(_ id: Int) async throws -> String { "user-\(id)" }
}

@Suite("Async flatMap family")
struct AsyncFlatMapTests {
  @Test func overloadsResolveByTheClosureKind() async {
    let api = FakeAPI()
    // A closure that awaits picks the async overload...
    let modern: Observable<String> = Observable.of(1).flatMapLatest { try await api.call($0) }
    // ...and one returning an observable without awaiting keeps the classic one.
    let classic: Observable<Int> = Observable.of(1).flatMapLatest { Observable.just($0 + 1) }
    let merged: Observable<Int> = Observable.of(1).flatMap { Observable.just($0) }
    let concatenated: Observable<Int> = Observable.of(1).concatMap { Observable.just($0) }
    #expect(await awaitEvents(modern) == [.next("user-1"), .completed])
    #expect(await awaitEvents(classic) == [.next(2), .completed])
    #expect(await awaitEvents(merged) == [.next(1), .completed])
    #expect(await awaitEvents(concatenated) == [.next(1), .completed])
  }

  @Test func flatMapRunsEveryTransformAndCompletes() async {
    let observable = Observable.of(1, 2, 3).flatMap { element async -> Int in element * 10 }
    let events = await awaitEvents(observable)
    #expect(events.compactMap(\.element).sorted() == [10, 20, 30])
    #expect(events.last == .completed)
  }

  @Test func flatMapRunsTransformsConcurrently() async {
    // Both transforms must be running at the same time for either to finish.
    let first = TestGate()
    let second = TestGate()
    let observable = Observable.of(1, 2).flatMap { element async -> Int in
      if element == 1 {
        first.fire()
        await second.wait()
      } else {
        second.fire()
        await first.wait()
      }
      return element
    }
    let events = await awaitEvents(observable)
    #expect(events.compactMap(\.element).sorted() == [1, 2])
  }

  @Test func transformErrorTerminates() async {
    let observable = Observable.of(1).flatMap { _ async throws -> Int in throw TestError(id: 4) }
    #expect(await awaitEvents(observable) == [.error(TestError(id: 4))])
  }

  @Test func flatMapLatestCancelsTheSupersededTask() async {
    let subject = PublishSubject<Int>()
    let firstStarted = TestGate()
    let firstCancelled = TestGate()
    let observable = subject.flatMapLatest { element async throws -> Int in
      if element == 1 {
        firstStarted.fire()
        await withTaskCancellationHandler {
          await TestGate().wait()
        } onCancel: {
          firstCancelled.fire()
        }
        try Task.checkCancellation()
      }
      return element * 10
    }
    let recorder = EventRecorder<Int>()
    let done = TestGate()
    let subscription = observable.subscribe { event in
      recorder.on(event)
      if event.isStopEvent { done.fire() }
    }
    subject.onNext(1)
    await firstStarted.wait()
    subject.onNext(2)
    await firstCancelled.wait()
    subject.onCompleted()
    await done.wait()
    #expect(recorder.events.current == [.next(20), .completed])
    subscription.dispose()
  }

  @Test func concatMapRunsOneAtATimeInOrder() async {
    let running = LockedBox(0)
    let maxRunning = LockedBox(0)
    let observable = Observable.from(Array(1...20)).concatMap { element async -> Int in
      let now = running.withLock { value -> Int in
        value += 1
        return value
      }
      maxRunning.withLock { $0 = max($0, now) }
      await Task.yield()
      running.withLock { $0 -= 1 }
      return element
    }
    let events = await awaitEvents(observable)
    #expect(events == (1...20).map { .next($0) } + [.completed])
    #expect(maxRunning.current == 1)
  }

  @Test func disposingCancelsInFlightTasksAndEmitsNothing() async {
    for mode in 0..<3 {
      let started = TestGate()
      let cancelled = TestGate()
      let transform: @Sendable (Int) async throws -> Int = { element in
        started.fire()
        await withTaskCancellationHandler {
          await TestGate().wait()
        } onCancel: {
          cancelled.fire()
        }
        try Task.checkCancellation()
        return element
      }
      let source = Observable.of(1)
      let observable =
        switch mode {
        case 0: source.flatMap(transform)
        case 1: source.flatMapLatest(transform)
        default: source.concatMap(transform)
        }
      let recorder = EventRecorder<Int>()
      let subscription = observable.subscribe(recorder)
      await started.wait()
      subscription.dispose()
      await cancelled.wait()
      #expect(recorder.count == 0, "mode \(mode)")
    }
  }
}

@Suite("Task ⇄ Disposable")
struct TaskDisposableTests {
  /// A task that waits until it is cancelled and returns whether it was.
  private func waitingTask(started: TestGate) -> Task<Bool, Never> {
    Task {
      started.fire()
      await TestGate().wait()  // an AsyncStream that never yields: ends only on cancellation
      return Task.isCancelled
    }
  }

  @Test func asDisposableCancelsOnDispose() async {
    let started = TestGate()
    let task = waitingTask(started: started)
    let disposable = task.asDisposable()
    await started.wait()
    #expect(!disposable.isDisposed)
    disposable.dispose()
    #expect(disposable.isDisposed)
    #expect(await task.value)
  }

  @Test func createTaskCancelsOnDispose() async {
    let started = TestGate()
    let task = waitingTask(started: started)
    let disposable = Disposables.create(task: task)
    disposable.dispose()
    disposable.dispose()
    #expect(await task.value)
  }

  @Test func aBagCancelsItsTasksWhenDeallocated() async {
    let started = TestGate()
    let task = waitingTask(started: started)
    var bag: DisposeBag? = DisposeBag()
    task.disposed(by: bag!)
    await started.wait()
    #expect(!task.isCancelled)
    bag = nil
    #expect(task.isCancelled)
    #expect(await task.value)
  }
}
