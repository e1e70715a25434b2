import FerryTesting
import Testing

@testable import Ferry

@Suite("ValuesStateMachine")
struct ValuesStateMachineTests {
  typealias Machine = ValuesStateMachine<Int>

  @Test func buffersWhileNoConsumerWaitsAndHandsOutInOrder() {
    var machine = Machine(limit: .unbounded)
    for element in 1...3 {
      guard case .none = machine.received(element) else { Issue.record("expected buffering"); return }
    }
    for expected in 1...3 {
      guard case .element(let element) = machine.next() else { Issue.record("expected an element"); return }
      #expect(element == expected)
    }
    guard case .suspend = machine.next() else { Issue.record("expected suspend"); return }
  }

  @Test func newestPolicyDropsTheOldestBufferedElement() {
    var machine = Machine(limit: .bufferingNewest(2))
    _ = machine.received(1)
    _ = machine.received(2)
    guard case .discard(let dropped) = machine.received(3) else { Issue.record("expected a drop"); return }
    #expect(dropped == 1)
    guard case .element(2) = machine.next(), case .element(3) = machine.next() else {
      Issue.record("expected 2, 3")
      return
    }
  }

  @Test func oldestPolicyDropsTheArrivingElement() {
    var machine = Machine(limit: .bufferingOldest(2))
    _ = machine.received(1)
    _ = machine.received(2)
    guard case .discard(let dropped) = machine.received(3) else { Issue.record("expected a drop"); return }
    #expect(dropped == 3)
    guard case .element(1) = machine.next(), case .element(2) = machine.next() else {
      Issue.record("expected 1, 2")
      return
    }
  }

  @Test func batchSwapsTheWholeBuffer() {
    var machine = Machine(limit: .unbounded)
    for element in 1...5 { _ = machine.received(element) }
    var local = FIFOBuffer<Int>()
    guard case .element(1) = machine.nextBatch(into: &local) else { Issue.record("expected 1"); return }
    #expect(local.count == 4)
    #expect(machine.buffer.isEmpty)
    var empty = FIFOBuffer<Int>()
    guard case .suspend = machine.nextBatch(into: &empty) else { Issue.record("expected suspend"); return }
  }

  @Test func terminalComesAfterBufferedElementsExactlyOnce() {
    var machine = Machine(limit: .unbounded)
    _ = machine.received(1)
    guard case .release = machine.terminated(error: TestError()) else { Issue.record("expected release"); return }
    guard case .element(1) = machine.next() else { Issue.record("expected 1"); return }
    guard case .result(.failure(let error)) = machine.next() else { Issue.record("expected failure"); return }
    #expect(error is TestError)
    #expect(machine.isDone)
    guard case .result(.end) = machine.next() else { Issue.record("expected end"); return }
  }

  @Test func subscribedAfterTerminationDisposesTheSubscription() {
    var machine = Machine(limit: .unbounded)
    _ = machine.terminated(error: nil)
    let disposable = BooleanDisposable()
    guard case .dispose = machine.subscribed(disposable) else { Issue.record("expected dispose"); return }
  }

  @Test func cancelEndsALiveSubscriptionAndHandsOutTheCancellationOnce() {
    var machine = Machine(limit: .unbounded)
    let disposable = BooleanDisposable()
    _ = machine.subscribed(disposable)
    _ = machine.received(1)
    _ = machine.received(2)
    let first = machine.cancelled()
    #expect(first.interrupted)
    #expect(first.subscription != nil)
    #expect(first.buffer.count == 2)
    #expect(first.continuation == nil)
    let second = machine.cancelled()
    #expect(!second.interrupted)
    #expect(second.subscription == nil)
    #expect(second.buffer.isEmpty)
    guard case .discard = machine.received(3) else { Issue.record("expected discard after cancel"); return }
    guard case .release(nil) = machine.terminated(error: nil) else { Issue.record("expected release"); return }
    // The cancellation came before the completion: the consumer gets the cancellation, once, then the end.
    guard case .result(.cancelled) = machine.next() else { Issue.record("expected cancelled"); return }
    #expect(machine.isDone)
    guard case .result(.end) = machine.next() else { Issue.record("expected end"); return }
  }

  @Test func batchPullGetsAPendingCancellation() {
    var machine = Machine(limit: .unbounded)
    _ = machine.received(1)
    #expect(machine.cancelled().interrupted)
    var batch = FIFOBuffer<Int>()
    guard case .result(.cancelled) = machine.nextBatch(into: &batch) else { Issue.record("expected cancelled"); return }
    #expect(batch.isEmpty)
    #expect(machine.isDone)
  }

  @Test func subscribedAfterCancelDisposesTheSubscription() {
    var machine = Machine(limit: .unbounded)
    _ = machine.cancelled()
    guard case .dispose = machine.subscribed(BooleanDisposable()) else { Issue.record("expected dispose"); return }
  }

  @Test func cancelAfterTerminationChangesNothing() {
    var machine = Machine(limit: .unbounded)
    _ = machine.subscribed(BooleanDisposable())
    _ = machine.received(1)
    _ = machine.terminated(error: TestError(id: 3))
    let action = machine.cancelled()
    #expect(!action.interrupted)
    #expect(action.subscription == nil)
    #expect(action.buffer.isEmpty)
    guard case .element(1) = machine.next() else { Issue.record("expected 1"); return }
    guard case .result(.failure(let error)) = machine.next() else { Issue.record("expected the error"); return }
    #expect(error as? TestError == TestError(id: 3))
    #expect(!machine.cancelled().interrupted)
    guard case .result(.end) = machine.next() else { Issue.record("expected end"); return }
  }

  @Test func releaseEndsTheIterationInEveryState() {
    var live = Machine(limit: .unbounded)
    _ = live.subscribed(BooleanDisposable())
    _ = live.received(1)
    let action = live.released()
    #expect(action.interrupted)
    #expect(action.subscription != nil)
    #expect(action.buffer.count == 1)
    guard case .result(.end) = live.next() else { Issue.record("expected end"); return }

    var finished = Machine(limit: .unbounded)
    _ = finished.received(1)
    _ = finished.terminated(error: TestError())
    let released = finished.released()
    #expect(!released.interrupted)
    #expect(released.buffer.count == 1)
    #expect(finished.isDone)
    guard case .result(.end) = finished.next() else { Issue.record("expected end"); return }
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func waitingConsumerGetsElementTerminalOrCancellation() {
    // The consumers run on virtual time: `task` runs one up to its suspension, the scheduler runs the rest.
    let scheduler = TestScheduler(initialClock: 0)
    let time = AsyncVirtualTime(scheduler)
    let storage = ValuesStorage<Int>(limit: .unbounded)
    let outcomes = LockedState<[Outcome]>([])
    // Element straight to a waiting consumer.
    time.task {
      let outcome = Outcome(await storage.wait(isolation: nil))
      outcomes.withLock { $0.append(outcome) }
    }
    #expect(storage.state.withLock { $0.hasWaitingConsumer })
    #expect(outcomes.withLock { $0 }.isEmpty)
    storage.on(.next(7))
    scheduler.start()
    #expect(outcomes.withLock { $0 } == [.element(7)])
    // Completion straight to a waiting consumer.
    time.task {
      let outcome = Outcome(await storage.wait(isolation: nil))
      outcomes.withLock { $0.append(outcome) }
    }
    #expect(storage.state.withLock { $0.hasWaitingConsumer })
    storage.on(.completed)
    scheduler.start()
    #expect(outcomes.withLock { $0 } == [.element(7), .end])
    #expect(storage.state.withLock { $0.isDone })
    // Cancellation of a live subscription straight to a waiting consumer; it disposes the subscription.
    let live = ValuesStorage<Int>(limit: .unbounded)
    let subscription = BooleanDisposable()
    live.subscribed(subscription)
    time.task {
      let outcome = Outcome(await live.wait(isolation: nil))
      outcomes.withLock { $0.append(outcome) }
    }
    #expect(live.state.withLock { $0.hasWaitingConsumer })
    #expect(live.cancel())
    #expect(subscription.isDisposed)
    scheduler.start()
    #expect(outcomes.withLock { $0 } == [.element(7), .end, .cancelled])
    #expect(live.state.withLock { $0.isDone })
    #expect(!live.cancel())
    // A cancellation that lands after `next()` said `.suspend` but before the continuation is stored (the task's
    // cancellation handler racing the consumer) is handed to that continuation.
    let racing = ValuesStorage<Int>(limit: .unbounded)
    var batch = FIFOBuffer<Int>()
    guard case .suspend = racing.next(batchInto: &batch, batch: true) else { Issue.record("expected suspend"); return }
    #expect(racing.cancel())
    time.task {
      let outcome = Outcome(await racing.wait(isolation: nil))
      outcomes.withLock { $0.append(outcome) }
    }
    scheduler.start()
    #expect(outcomes.withLock { $0 } == [.element(7), .end, .cancelled, .cancelled])
    #expect(racing.state.withLock { $0.isDone })
  }

  /// A `ValuesResult<Int>` that can leave the consumer's task.
  enum Outcome: Equatable, Sendable {
    case element(Int), end, failure, cancelled

    init(_ result: ValuesResult<Int>) {
      switch result {
      case .element(let element): self = .element(element)
      case .end: self = .end
      case .failure: self = .failure
      case .cancelled: self = .cancelled
      }
    }
  }

  @Test func lateElementAfterSuspendDecisionIsHandedOutWithoutWaiting() {
    var machine = Machine(limit: .unbounded)
    guard case .suspend = machine.next() else { Issue.record("expected suspend"); return }
    _ = machine.received(5)  // arrives between `next()` and `suspend(_:)`
    #expect(machine.buffer.count == 1)
  }

  @Test func bufferGrowsAndKeepsOrderAcrossWrapAround() {
    var buffer = FIFOBuffer<Int>()
    var expected: [Int] = []
    var next = 0
    var popped: [Int] = []
    for round in 0..<50 {
      for _ in 0..<(round % 7 + 3) {
        buffer.append(next)
        expected.append(next)
        next += 1
      }
      for _ in 0..<(round % 5 + 1) {
        if let element = buffer.popFirst() { popped.append(element) }
      }
    }
    while let element = buffer.popFirst() { popped.append(element) }
    #expect(popped == expected)
  }

  /// The one place the policies are applied, for `values` and for FerryCombine's `publisher(bufferingPolicy:)`.
  @Test func appendingUnderAPolicyReturnsWhatThePolicyDropped() {
    func run(_ policy: ValuesBufferingPolicy) -> (dropped: [Int], kept: [Int]) {
      var buffer = FIFOBuffer<Int>()
      var dropped: [Int] = []
      for element in 1...5 {
        if let element = buffer.append(element, bufferingPolicy: policy) { dropped.append(element) }
      }
      var kept: [Int] = []
      while let element = buffer.popFirst() { kept.append(element) }
      return (dropped, kept)
    }
    #expect(run(.unbounded) == ([], [1, 2, 3, 4, 5]))
    #expect(run(.bufferingNewest(2)) == ([1, 2, 3], [4, 5]))
    #expect(run(.bufferingOldest(2)) == ([3, 4, 5], [1, 2]))
    #expect(run(.bufferingNewest(1)) == ([1, 2, 3, 4], [5]))
  }
}
