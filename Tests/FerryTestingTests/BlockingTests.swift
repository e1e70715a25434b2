import Ferry
import FerryTesting
import Foundation
import Testing

private struct BlockingTestError: Error, Equatable {}

/// The `RxError` thrown by `body`, if any.
private func rxError(_ body: () throws -> Void) -> RxError? {
  do {
    try body()
    return nil
  } catch {
    return error as? RxError
  }
}

/// Runs `body` (which blocks) on a dedicated thread, so that no Swift-concurrency worker (on Linux: a GCD
/// worker, which the asynchronous sources need) is blocked meanwhile.
private func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}

/// The `RxError` thrown by `body`, run on a dedicated thread.
private func rxErrorOffPool(_ body: @escaping @Sendable () throws -> Void) async -> RxError? {
  do {
    try await offPool(body)
    return nil
  } catch {
    return error as? RxError
  }
}

/// A source that emits its elements from another thread, then completes.
private func asyncSource(_ elements: [Int], error: (any Error)? = nil) -> Observable<Int> {
  Observable.create { observer in
    DispatchQueue.global().async {
      for element in elements { observer.onNext(element) }
      if let error { observer.onError(error) } else { observer.onCompleted() }
    }
    return Disposables.create()
  }
}

@Suite struct BlockingTests {
  @Test func toArrayOnASynchronousSourceDoesNotDeadlock() throws {
    #expect(try Observable.of(1, 2, 3).toBlocking().toArray() == [1, 2, 3])
    #expect(try Observable<Int>.empty().toBlocking().toArray() == [])
  }

  @Test func toArrayWaitsForAnotherThread() async throws {
    #expect(try await offPool { try asyncSource([1, 2, 3]).toBlocking(timeout: 10).toArray() } == [1, 2, 3])
  }

  @Test func toArrayRethrows() async {
    await #expect(throws: BlockingTestError.self) {
      try await offPool { try asyncSource([1], error: BlockingTestError()).toBlocking(timeout: 10).toArray() }
    }
  }

  @Test func firstAndLast() async throws {
    #expect(try Observable.of(1, 2, 3).toBlocking().first() == 1)
    #expect(try Observable.of(1, 2, 3).toBlocking().last() == 3)
    #expect(try Observable<Int>.empty().toBlocking().first() == nil)
    #expect(try Observable<Int>.empty().toBlocking().last() == nil)
    #expect(try await offPool { try asyncSource([4, 5]).toBlocking(timeout: 10).first() } == 4)
    #expect(try await offPool { try asyncSource([4, 5]).toBlocking(timeout: 10).last() } == 5)
    #expect(throws: BlockingTestError.self) { try Observable<Int>.error(BlockingTestError()).toBlocking().first() }
    await #expect(throws: BlockingTestError.self) {
      try await offPool { try asyncSource([1], error: BlockingTestError()).toBlocking(timeout: 10).last() }
    }
  }

  @Test func firstDisposesTheSubscription() async throws {
    let disposed = DispatchSemaphore(value: 0)
    let source = Observable<Int>.create { observer in
      DispatchQueue.global().async {
        observer.onNext(0)
        observer.onNext(1)
      }
      return Disposables.create { disposed.signal() }
    }
    #expect(try await offPool { try source.toBlocking(timeout: 10).first() } == 0)
    #expect(try await offPool { disposed.wait(timeout: .now() + 10) == .success })
  }

  @Test func single() async throws {
    #expect(try Observable.just(7).toBlocking().single() == 7)
    #expect(try await offPool { try asyncSource([7]).toBlocking(timeout: 10).single() } == 7)
    let noElements = rxError { _ = try Observable<Int>.empty().toBlocking().single() }
    #expect(noElements.map { if case .noElements = $0 { true } else { false } } == true)
    let moreThanOne = rxError { _ = try Observable.of(1, 2, 3).toBlocking().single() }
    #expect(moreThanOne.map { if case .moreThanOneElement = $0 { true } else { false } } == true)
    #expect(throws: BlockingTestError.self) { try Observable<Int>.error(BlockingTestError()).toBlocking().single() }
  }

  @Test func singleWithPredicate() throws {
    #expect(try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 } == 2)
    let noElements = rxError { _ = try Observable.of(1, 3).toBlocking().single { $0 == 2 } }
    #expect(noElements.map { if case .noElements = $0 { true } else { false } } == true)
  }

  /// Once the result is decided (a second match, or an error the predicate throws), later elements are not shown to
  /// the predicate, even from a source that keeps emitting inside `subscribe`.
  @Test func singleStopsCallingThePredicateOnceDecided() {
    let seen = LockedBox<[Int]>([])
    let moreThanOne = rxError {
      _ = try Observable.of(42, 43, 44, 45).toBlocking().single { element in
        seen.withLock { $0.append(element) }
        return element >= 43
      }
    }
    #expect(moreThanOne.map { if case .moreThanOneElement = $0 { true } else { false } } == true)
    #expect(seen.current == [42, 43, 44])

    let thrownSeen = LockedBox<[Int]>([])
    #expect(throws: BlockingTestError.self) {
      _ = try Observable.of(42, 43, 44, 45).toBlocking().single { element in
        thrownSeen.withLock { $0.append(element) }
        if element < 43 { return false }
        throw BlockingTestError()
      }
    }
    #expect(thrownSeen.current == [42, 43])
  }

  @Test func singleStopsAtTheSecondElementOfAnEndlessSource() async throws {
    let stopped = DispatchSemaphore(value: 0)
    let endless = Observable<Int>.create { observer in
      DispatchQueue.global().async {
        observer.onNext(1)
        observer.onNext(2)
        // …and never completes.
      }
      return Disposables.create { stopped.signal() }
    }
    let moreThanOne = await rxErrorOffPool { _ = try endless.toBlocking(timeout: 10).single() }
    #expect(moreThanOne.map { if case .moreThanOneElement = $0 { true } else { false } } == true)
    #expect(try await offPool { stopped.wait(timeout: .now() + 10) == .success })
  }

  @Test func materialize() async throws {
    let completed = Observable.of(1, 2).toBlocking().materialize()
    guard case .completed(let elements) = completed else {
      Issue.record("expected .completed, got \(completed)")
      return
    }
    #expect(elements == [1, 2])

    let failed = try await offPool {
      asyncSource([1], error: BlockingTestError()).toBlocking(timeout: 10).materialize()
    }
    guard case .failed(let failedElements, let error) = failed else {
      Issue.record("expected .failed, got \(failed)")
      return
    }
    #expect(failedElements == [1])
    #expect(error as? BlockingTestError == BlockingTestError())
  }

  @Test func materializeReportsATimeoutAsFailedWithTheElementsSoFar() {
    let result = Observable<Int>.never().startWith(1, 2).toBlocking(timeout: 0.01).materialize()
    guard case .failed(let elements, let error) = result else {
      Issue.record("expected .failed, got \(result)")
      return
    }
    #expect(elements == [1, 2])
    #expect((error as? RxError).map { if case .timeout = $0 { true } else { false } } == true)
  }

  @Test func timeoutThrowsRxErrorTimeout() {
    let timeout = rxError { _ = try Observable<Int>.never().toBlocking(timeout: 0.01).first() }
    #expect(timeout.map { if case .timeout = $0 { true } else { false } } == true)
  }

  @Test func aSingleTraitBlocksThroughAsObservable() async throws {
    // The seed's `single.toBlocking().single()` spelled for an observable of one element.
    let response = asyncSource([200])
    #expect(try await offPool { try response.asObservable().toBlocking(timeout: 10).single() } == 200)
  }
}

#if canImport(Darwin)
// On Linux under `swift test` the main actor runs on a worker thread, not the main thread: there
// `scripts/blocking-main-thread-check.sh` checks the same on the process's main thread.
@Suite struct BlockingOnTheMainThreadTests {
  @MainActor @Test func toBlockingOnTheMainThreadRunsTheRunLoop() throws {
    let value = try Observable.just(1).observe(on: MainScheduler.asyncInstance).map { $0 + 1 }
      .toBlocking(timeout: 30).first()
    #expect(value == 2)
    let driven = try BehaviorRelay(value: "d").asDriver().asObservable().take(1).toBlocking(timeout: 30).toArray()
    #expect(driven == ["d"])
  }
}
#endif
