import FerryTesting
import Testing

@testable import Ferry

@Suite("TraitValueStateMachine")
struct TraitValueStateMachineTests {
  /// Runs `body` with a real continuation and returns what it was resumed with.
  private func withContinuation(
    _ body: @escaping (UnsafeContinuation<Int, any Error>) -> Void
  ) async -> Result<Int, any Error> {
    do {
      return .success(try await withUnsafeThrowingContinuation { body($0) })
    } catch {
      return .failure(error)
    }
  }

  @Test func outcomeAfterSubscription() async throws {
    let disposed = Counter()
    let result = await withContinuation { continuation in
      var machine = TraitValueStateMachine<Int>()
      guard case .subscribe = machine.start(continuation) else {
        Issue.record("expected subscribe"); return continuation.resume(throwing: TestError())
      }
      guard case .keep = machine.subscribed(Disposables.create { disposed.increment() }) else {
        Issue.record("expected keep"); return continuation.resume(throwing: TestError())
      }
      guard let (taken, subscription) = machine.finish() else {
        Issue.record("expected continuation"); return continuation.resume(throwing: TestError())
      }
      #expect(machine.finish() == nil)
      #expect(machine.cancel() == nil)
      subscription?.dispose()
      taken.resume(returning: 1)
    }
    #expect(try result.get() == 1)
    #expect(disposed.value == 1)
  }

  @Test func outcomeDuringSubscription() async throws {
    let result = await withContinuation { continuation in
      var machine = TraitValueStateMachine<Int>()
      _ = machine.start(continuation)
      guard let (taken, subscription) = machine.finish() else {
        Issue.record("expected continuation"); return continuation.resume(throwing: TestError())
      }
      #expect(subscription == nil)
      guard case .dispose = machine.subscribed(Disposables.create()) else {
        Issue.record("expected dispose"); return continuation.resume(throwing: TestError())
      }
      taken.resume(returning: 2)
    }
    #expect(try result.get() == 2)
  }

  @Test func cancelBeforeStart() async {
    let result = await withContinuation { continuation in
      var machine = TraitValueStateMachine<Int>()
      #expect(machine.cancel() == nil)
      guard case .resumeCancelled(let taken) = machine.start(continuation) else {
        Issue.record("expected resumeCancelled"); return continuation.resume(throwing: TestError())
      }
      taken.resume(throwing: CancellationError())
    }
    #expect(throws: CancellationError.self) { try result.get() }
  }

  @Test func cancelWhileWaitingThenLateOutcomeAndSubscription() async {
    let result = await withContinuation { continuation in
      var machine = TraitValueStateMachine<Int>()
      _ = machine.start(continuation)
      guard let (taken, _) = machine.cancel() else {
        Issue.record("expected continuation"); return continuation.resume(throwing: TestError())
      }
      #expect(machine.finish() == nil)
      guard case .dispose = machine.subscribed(Disposables.create()) else {
        Issue.record("expected dispose"); return continuation.resume(throwing: TestError())
      }
      taken.resume(throwing: CancellationError())
    }
    #expect(throws: CancellationError.self) { try result.get() }
  }

  @Test func valueOfASingleThatCompletesEmptyThrowsNoElements() async throws {
    // Not a well-formed single (every public way of building one emits an element or an error), so built raw:
    // `value` maps "completed without an element" to `RxError.noElements`, a maybe to `nil`.
    let error = await #expect(throws: RxError.self) { try await Single<Int>(raw: Observable.empty()).value }
    guard case .noElements = error else {
      Issue.record("expected noElements, got \(String(describing: error))"); return
    }
    #expect(try await Maybe<Int>(raw: Observable.empty()).value == nil)
    await #expect(throws: TestError(id: 4)) { try await Completable(raw: Observable.error(TestError(id: 4))).value }
  }
}
