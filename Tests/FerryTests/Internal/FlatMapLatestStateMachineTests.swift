import Testing

@testable import Ferry

private struct Boom: Error, Equatable {}

/// A disposable that counts its disposals, to tell which subscription the machine hands back.
private final class CountingDisposable: Disposable, Sendable {
  let count = LockedBox(0)
  func dispose() { count.withLock { $0 += 1 } }
  var disposals: Int { count.current }
}

/// `flatMapLatest`'s state machine, input by input: which inner sequence is the latest, what is delivered, which
/// subscription is kept, handed back or left to the caller.
@Suite("FlatMapLatest state machine")
struct FlatMapLatestStateMachineTests {
  /// Subscribes a new inner sequence as the storage's caller does: the outer element, then the subscription.
  private func start(
    _ machine: inout FlatMapLatestStateMachine<Int>, keeping subscription: any Disposable
  ) -> (id: UInt64, previous: (any Disposable)?)? {
    var previous: (any Disposable)? = nil
    guard case .subscribe(let id) = machine.outerNext(previous: &previous) else { return nil }
    guard case .kept = machine.subscribed(id, subscription: subscription) else { return nil }
    return (id, previous)
  }

  @Test func eachOuterElementSupersedesThePreviousInnerSequenceAndHandsItsSubscriptionBack() throws {
    var machine = FlatMapLatestStateMachine<Int>()
    let first = CountingDisposable()
    let firstStart = try #require(start(&machine, keeping: first))
    #expect(firstStart.previous == nil, "nothing to dispose before the first inner sequence")
    let second = CountingDisposable()
    let secondStart = try #require(start(&machine, keeping: second))
    #expect(secondStart.id != firstStart.id)
    #expect(secondStart.previous as? CountingDisposable === first, "the superseded subscription, to dispose first")
    #expect(first.disposals == 0, "the machine never calls out: the caller disposes it after the lock")
    #expect(delivered(machine.innerNext(1, id: firstStart.id)) == [], "the superseded inner sequence is ignored")
    #expect(delivered(machine.innerNext(2, id: secondStart.id)) == ["2"])
    #expect(delivered(machine.innerCompleted(firstStart.id)) == [])
    #expect(delivered(machine.innerFailed(Boom(), id: firstStart.id)) == [])
    #expect(delivered(machine.innerNext(3, id: secondStart.id)) == ["3"], "still running")
  }

  @Test func aNewSubscriptionIsKeptOnlyWhileItsSequenceIsTheLatestAndRunning() {
    var machine = FlatMapLatestStateMachine<Int>()
    var previous: (any Disposable)? = nil
    guard case .subscribe(let first) = machine.outerNext(previous: &previous) else {
      Issue.record("running: the element starts an inner sequence")
      return
    }
    // A newer inner sequence came while the first was being subscribed to (re-entrantly, from its delivery).
    guard case .subscribe(let second) = machine.outerNext(previous: &previous) else {
      Issue.record("running: the element starts an inner sequence")
      return
    }
    #expect(previous == nil, "the first one's subscription was not kept yet: nothing to hand back")
    guard case .dispose = machine.subscribed(first, subscription: CountingDisposable()) else {
      Issue.record("superseded while being subscribed to: the caller disposes it")
      return
    }
    // The second one completes inside `subscribe` (a synchronous sequence such as `just`).
    #expect(delivered(machine.innerNext(5, id: second)) == ["5"])
    #expect(delivered(machine.innerCompleted(second)) == [])
    guard case .release = machine.subscribed(second, subscription: CountingDisposable()) else {
      Issue.record("completed inside subscribe: nothing to keep, nothing to dispose")
      return
    }
    guard case .subscribe(_) = machine.outerNext(previous: &previous) else {
      Issue.record("idle: the element starts an inner sequence")
      return
    }
    #expect(previous == nil, "no subscription was kept for the completed sequence")
  }

  @Test func aCompletedInnerSubscriptionStaysUntilTheNextInnerSequenceReplacesIt() throws {
    var machine = FlatMapLatestStateMachine<Int>()
    let first = CountingDisposable()
    let firstStart = try #require(start(&machine, keeping: first))
    #expect(delivered(machine.innerCompleted(firstStart.id)) == [], "the outer sequence still runs")
    #expect(delivered(machine.innerNext(1, id: firstStart.id)) == [], "nothing after its completion")
    #expect(delivered(machine.innerCompleted(firstStart.id)) == [], "a second completion is ignored")
    let second = try #require(start(&machine, keeping: CountingDisposable()))
    #expect(second.previous as? CountingDisposable === first, "handed back, to be disposed after the lock")
  }

  @Test func completesWhenTheOuterAndTheLatestInnerSequenceHave() throws {
    var machine = FlatMapLatestStateMachine<Int>()
    let first = try #require(start(&machine, keeping: CountingDisposable()))
    let second = try #require(start(&machine, keeping: CountingDisposable()))
    #expect(delivered(machine.outerCompleted()) == [], "the latest inner sequence still runs")
    #expect(delivered(machine.outerCompleted()) == [], "a second completion is ignored")
    var previous: (any Disposable)? = nil
    guard case .ignore = machine.outerNext(previous: &previous) else {
      Issue.record("an element after the outer completion (a misbehaving source) is ignored")
      return
    }
    #expect(delivered(machine.innerNext(7, id: second.id)) == ["7"], "the latest still delivers")
    #expect(delivered(machine.innerCompleted(first.id)) == [], "a superseded sequence's completion does not count")
    #expect(delivered(machine.innerCompleted(second.id)) == ["|"])
    #expect(delivered(machine.innerNext(8, id: second.id)) == [], "nothing after the completion")
    guard case .dispose = machine.subscribed(second.id, subscription: CountingDisposable()) else {
      Issue.record("stopped: a subscription that arrives now is disposed")
      return
    }
  }

  @Test func outerCompletionWithNoRunningInnerSequenceCompletesAtOnce() throws {
    var empty = FlatMapLatestStateMachine<Int>()
    #expect(delivered(empty.outerCompleted()) == ["|"])

    var machine = FlatMapLatestStateMachine<Int>()
    let only = try #require(start(&machine, keeping: CountingDisposable()))
    #expect(delivered(machine.innerCompleted(only.id)) == [])
    #expect(delivered(machine.outerCompleted()) == ["|"], "the latest inner sequence already completed")
  }

  @Test func theFirstErrorWinsFromTheLatestInnerSequenceTheOuterOneOrTheSelector() throws {
    var machine = FlatMapLatestStateMachine<Int>()
    let kept = CountingDisposable()
    let only = try #require(start(&machine, keeping: kept))
    #expect(delivered(machine.innerFailed(Boom(), id: only.id)) == ["x"])
    #expect(delivered(machine.failed(Boom())) == [], "the first terminal event wins")
    #expect(delivered(machine.innerNext(1, id: only.id)) == [])
    #expect(delivered(machine.outerCompleted()) == [])
    var previous: (any Disposable)? = nil
    guard case .ignore = machine.outerNext(previous: &previous) else {
      Issue.record("stopped: the outer sequence's elements are ignored")
      return
    }
    #expect(machine.close() as? CountingDisposable === kept, "kept after the error until disposal")

    var outerFailed = FlatMapLatestStateMachine<Int>()
    #expect(delivered(outerFailed.failed(Boom())) == ["x"])
    #expect(delivered(outerFailed.outerCompleted()) == [])
  }

  @Test func closeHandsBackTheLatestSubscriptionAndStops() throws {
    var machine = FlatMapLatestStateMachine<Int>()
    let kept = CountingDisposable()
    let only = try #require(start(&machine, keeping: kept))
    let leftovers = machine.close()
    #expect(leftovers as? CountingDisposable === kept)
    #expect(kept.disposals == 0, "disposed by finish, after the lock")
    FlatMapLatestStateMachine<Int>.finish(leftovers)
    #expect(kept.disposals == 1)
    #expect(delivered(machine.innerNext(1, id: only.id)) == [])
    #expect(delivered(machine.innerCompleted(only.id)) == [])
    #expect(delivered(machine.outerCompleted()) == [])
    #expect(machine.close() == nil, "nothing is handed back twice")
    FlatMapLatestStateMachine<Int>.finish(nil)
  }

  @Test func aSubscriptionForAnInnerSequenceNeverMadeIsAnInternalInconsistency() async {
    await #expect(processExitsWith: .failure) {
      var machine = FlatMapLatestStateMachine<Int>()
      _ = machine.subscribed(1, subscription: Disposables.create())
    }
  }
}
