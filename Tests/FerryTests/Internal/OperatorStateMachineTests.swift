import Foundation
import Testing

@testable import Ferry

private struct Boom: Error, Equatable {}

/// Direct tests of the operators' state machines: each input, and what the storage is asked to do after its lock.
@Suite("Operator state machines")
struct OperatorStateMachineTests {
  // MARK: debounce

  @Test func debounceEmitsOnlyTheElementOfTheLatestTimer() {
    var machine = DebounceStateMachine<Int>()
    guard case .startTimer(let first, nil) = machine.next(1) else {
      Issue.record("the first element starts a timer and replaces nothing")
      return
    }
    guard case .startTimer(let second, let replaced) = machine.next(2) else {
      Issue.record("a later element starts another timer")
      return
    }
    #expect(replaced == 1, "the replaced element is handed back, to be released after the lock")
    #expect(first != second)
    #expect(delivered(machine.timerFired(first).emission) == [], "a superseded timer emits nothing")
    #expect(delivered(machine.timerFired(second).emission) == ["2"])
    #expect(delivered(machine.timerFired(second).emission) == [], "an element is emitted once")
  }

  @Test func debounceCompletionEmitsThePendingElementFirstAndErrorDropsIt() {
    var completing = DebounceStateMachine<Int>()
    _ = completing.next(7)
    #expect(delivered(completing.completed().emission) == ["7", "|"])
    guard case .ignore = completing.next(8) else {
      Issue.record("nothing is accepted after completion")
      return
    }
    #expect(delivered(completing.failed(Boom()).emission) == [])

    var failing = DebounceStateMachine<Int>()
    _ = failing.next(7)
    let action = failing.failed(Boom())
    #expect(delivered(action.emission) == ["x"])
    guard case .fail(_, let dropped) = action else {
      Issue.record("an error drops the pending element")
      return
    }
    #expect(dropped == 7)

    var idle = DebounceStateMachine<Int>()
    #expect(delivered(idle.completed().emission) == ["|"])
  }

  @Test func debounceCloseHandsBackThePendingElementAndStops() {
    var machine = DebounceStateMachine<Int>()
    guard case .startTimer(let id, _) = machine.next(3) else {
      Issue.record("an element starts a timer")
      return
    }
    #expect(machine.close() == 3)
    #expect(delivered(machine.timerFired(id).emission) == [])
    #expect(delivered(machine.completed().emission) == [])
    #expect(machine.close() == nil)
  }

  // MARK: buffer

  @Test func bufferClosesAFullArrayAndStartsTheNextTimeSpan() {
    var machine = BufferStateMachine<Int>(count: 2)
    #expect(delivered(machine.next(1).emission) == [], "an array that is not full waits")
    let full = machine.next(2)
    #expect(delivered(full.emission) == ["[1, 2]"])
    guard case .emit(_, let nextWindow) = full else {
      Issue.record("a full array closes and starts the next time span")
      return
    }
    #expect(nextWindow == 1)
    #expect(delivered(machine.timerFired(0).emission) == [], "the time span of an array already closed ends nothing")
    _ = machine.next(3)
    let timed = machine.timerFired(1)
    #expect(delivered(timed.emission) == ["[3]"], "the end of its time span closes an array that is not full")
    guard case .emit(_, 2) = timed else {
      Issue.record("the next time span is started")
      return
    }
    #expect(delivered(machine.timerFired(2).emission) == ["[]"], "an empty array is emitted too")
  }

  @Test func bufferCompletionEmitsTheCurrentArrayFirstAndErrorDropsIt() {
    var completing = BufferStateMachine<Int>(count: 5)
    _ = completing.next(1)
    #expect(delivered(completing.completed().emission) == ["[1]", "|"])
    #expect(delivered(completing.next(2).emission) == [], "nothing is accepted after completion")
    #expect(delivered(completing.timerFired(0).emission) == [])
    #expect(delivered(completing.failed(Boom()).emission) == [])

    var failing = BufferStateMachine<Int>(count: 5)
    _ = failing.next(1)
    _ = failing.next(2)
    let action = failing.failed(Boom())
    #expect(delivered(action.emission) == ["x"])
    guard case .fail(_, let dropped) = action else {
      Issue.record("an error drops the current array")
      return
    }
    #expect(dropped == [1, 2])
  }

  @Test func bufferCloseHandsBackTheCurrentArrayAndStops() {
    var machine = BufferStateMachine<Int>(count: 5)
    _ = machine.next(4)
    #expect(machine.close().elements == [4])
    #expect(delivered(machine.next(5).emission) == [])
    #expect(delivered(machine.timerFired(0).emission) == [])
    #expect(delivered(machine.completed().emission) == [])
    #expect(machine.close().elements == [])
  }

  @Test func countOrTimeSpanEndsASpanByItsCountOrItsTimerWhicheverComesFirst() {
    var spans = CountOrTimeSpan(count: 2)
    #expect(spans.elementReceived() == nil, "one element of two")
    #expect(spans.elementReceived() == 1, "the second ends span 0 and starts span 1")
    #expect(spans.timerFired(0) == nil, "span 0's timer ends nothing: its span ended by its count")
    #expect(spans.elementReceived() == nil, "the count starts again with span 1")
    #expect(spans.timerFired(1) == 2, "span 1's timer ends it before its count")
    #expect(spans.received == 0, "span 2 has received nothing")
    #expect(spans.timerFired(1) == nil, "a timer fires once per span")
  }

  @Test func bufferKeepsTheTimerOfTheCurrentTimeSpanOnly() {
    var machine = BufferStateMachine<Int>(count: 2)
    let (first, second, third, stale) = (
      BooleanDisposable(), BooleanDisposable(), BooleanDisposable(), BooleanDisposable()
    )
    #expect(machine.timerStarted(0, first) == nil, "the first timer replaces nothing")
    _ = machine.next(1)
    _ = machine.next(2)
    #expect(machine.timerStarted(1, second) === first, "the current span's timer replaces the earlier one's")
    _ = machine.timerFired(1)
    #expect(machine.timerStarted(2, third) === second)
    #expect(machine.timerStarted(1, stale) === stale, "a timer for a span already closed is disposed itself")
    #expect(machine.close().timer === third, "disposal hands back the current timer")
    let late = BooleanDisposable()
    #expect(machine.timerStarted(3, late) === late, "after disposal, a new timer is disposed at once")
    #expect(machine.close().timer == nil, "the timer is handed back once")
  }

  // MARK: timeout

  @Test func timeoutSwitchesOnlyWhenTheLatestTimerFiresFirst() {
    var machine = TimeoutStateMachine<Int>()
    let forwarded = machine.source(.next(1))
    #expect(delivered(forwarded.emission) == ["1"])
    guard case .deliverAndRestart(_, let timer) = forwarded else {
      Issue.record("an element restarts the timer")
      return
    }
    #expect(timer == 1)
    guard case .ignore = machine.timerFired(0) else {
      Issue.record("a superseded timer does not switch")
      return
    }
    guard case .switchToOther = machine.timerFired(1) else {
      Issue.record("the latest timer switches to the other source")
      return
    }
    #expect(delivered(machine.source(.next(2)).emission) == [], "the source no longer counts after the switch")
    #expect(delivered(machine.other(.next(9)).emission) == ["9"])
    #expect(delivered(machine.other(.completed).emission) == ["|"])
    #expect(delivered(machine.other(.next(10)).emission) == [], "nothing after the other source's end")
  }

  @Test func timeoutAfterTheSourceEndedNoTimerSwitches() {
    var machine = TimeoutStateMachine<Int>()
    #expect(delivered(machine.source(.error(Boom())).emission) == ["x"])
    guard case .ignore = machine.timerFired(0) else {
      Issue.record("a timer after the end does not switch")
      return
    }
  }

  // MARK: throttle

  static let start = Date(timeIntervalSinceReferenceDate: 0)

  @Test func throttleEmitsTheFirstElementAndHoldsBackTheLatestOfTheQuietPeriod() {
    var machine = ThrottleStateMachine<Int>(dueTime: 10, latest: true)
    #expect(delivered(machine.next(1, now: Self.start).emission) == ["1"])
    guard case .startTimer(let delay) = machine.next(2, now: Self.start + 4) else {
      Issue.record("the first element of the quiet period starts the timer")
      return
    }
    #expect(delay == .seconds(6), "the timer ends the quiet period")
    guard case .hold(let replaced) = machine.next(3, now: Self.start + 5) else {
      Issue.record("a later element replaces the held-back one, the timer already runs")
      return
    }
    #expect(replaced == 2)
    #expect(delivered(machine.timerFired(now: Self.start + 10).emission) == ["3"])
    #expect(delivered(machine.timerFired(now: Self.start + 11).emission) == [], "nothing is held back any more")
    // The quiet period restarts from the timer's emission.
    guard case .startTimer(let next) = machine.next(4, now: Self.start + 15) else {
      Issue.record("an element 5 s after the last emission is held back")
      return
    }
    #expect(next == .seconds(5))
  }

  @Test func throttleWithoutLatestDropsTheQuietPeriodsElements() {
    var machine = ThrottleStateMachine<Int>(dueTime: 10, latest: false)
    #expect(delivered(machine.next(1, now: Self.start).emission) == ["1"])
    guard case .ignore = machine.next(2, now: Self.start + 4) else {
      Issue.record("latest: false drops an element of the quiet period")
      return
    }
    #expect(delivered(machine.next(3, now: Self.start + 10).emission) == ["3"])
  }

  @Test func throttleCompletionWaitsForTheHeldBackElementAndErrorDropsIt() {
    var machine = ThrottleStateMachine<Int>(dueTime: 10, latest: true)
    _ = machine.next(1, now: Self.start)
    _ = machine.next(2, now: Self.start + 1)
    #expect(delivered(machine.completed().emission) == [], "completion waits for the held-back element")
    #expect(delivered(machine.timerFired(now: Self.start + 10).emission) == ["2", "|"])
    #expect(delivered(machine.timerFired(now: Self.start + 20).emission) == [])

    var failing = ThrottleStateMachine<Int>(dueTime: 10, latest: true)
    _ = failing.next(1, now: Self.start)
    _ = failing.next(2, now: Self.start + 1)
    guard case .fail(_, let dropped) = failing.failed(Boom()) else {
      Issue.record("an error fails at once")
      return
    }
    #expect(dropped == 2)
    #expect(failing.close() == nil, "nothing is held after the error")
  }

  @Test func throttleCloseHandsBackTheHeldBackElement() {
    var machine = ThrottleStateMachine<Int>(dueTime: 10, latest: true)
    _ = machine.next(1, now: Self.start)
    _ = machine.next(2, now: Self.start + 1)
    #expect(machine.close() == 2)
    #expect(delivered(machine.timerFired(now: Self.start + 10).emission) == [])
  }

  // MARK: take(until:) / skip(until:)

  @Test func takeUntilForwardsUntilTheTriggerThenCompletes() {
    var machine = UntilStateMachine<Int>(.take)
    #expect(delivered(machine.source(.next(1)).emission) == ["1"])
    #expect(delivered(machine.triggerFired().emission) == ["|"])
    #expect(delivered(machine.source(.next(2)).emission) == [])
    #expect(delivered(machine.triggerFailed(Boom()).emission) == [])
  }

  @Test func skipUntilDropsUntilTheTriggerThenForwards() {
    var machine = UntilStateMachine<Int>(.skip)
    #expect(delivered(machine.source(.next(1)).emission) == [])
    guard case .opened = machine.triggerFired() else {
      Issue.record("the trigger opens the gate (and its subscription is disposed)")
      return
    }
    #expect(delivered(machine.source(.next(2)).emission) == ["2"])
    #expect(delivered(machine.source(.completed).emission) == ["|"])
    #expect(delivered(machine.source(.next(3)).emission) == [])
  }

  @Test func skipForDurationForwardsTheCompletionWhileShut() {
    var machine = UntilStateMachine<Int>(.skipForDuration)
    #expect(delivered(machine.source(.next(1)).emission) == [])
    #expect(delivered(machine.source(.completed).emission) == ["|"])
    #expect(delivered(machine.triggerFired().emission) == [])
    var silent = UntilStateMachine<Int>(.skip)
    guard case .end = silent.source(.completed) else {
      Issue.record("skip(until:) ends silently when the source completes while the gate is shut")
      return
    }
  }

  @Test func untilTerminalEventsPassWhateverTheGateAndTheTriggersErrorFails() {
    var shut = UntilStateMachine<Int>(.skip)
    #expect(delivered(shut.source(.error(Boom())).emission) == ["x"])
    var failing = UntilStateMachine<Int>(.take)
    #expect(delivered(failing.triggerFailed(Boom()).emission) == ["x"])
    #expect(delivered(failing.source(.completed).emission) == [])
    var closed = UntilStateMachine<Int>(.take)
    closed.close()
    #expect(delivered(closed.source(.next(1)).emission) == [])
    #expect(delivered(closed.triggerFired().emission) == [])
  }
}

/// The shared storage: transitions under its lock, delivery after it (re-entrant sends queue behind the delivery in
/// progress), nothing after disposal, leftovers released after the lock.
@Suite("OperatorStorage")
struct OperatorStorageTests {
  @Test func reentrantTransitionsAreDeliveredAfterTheDeliveryInProgressInOrder() {
    let subject = PublishSubject<Int>()
    let received = LockedBox<[String]>([])
    let trigger = PublishSubject<Void>()
    let subscription = subject.take(until: trigger).subscribe { event in
      received.withLock { $0.append("\(event)") }
      // Re-entrant: queued behind this delivery, delivered after it returns.
      if case .next(1) = event { subject.onNext(2) }
    }
    subject.onNext(1)
    trigger.onNext(())
    subject.onNext(3)
    #expect(received.withLock { $0 } == ["next(1)", "next(2)", "completed"])
    subscription.dispose()
  }

  @Test func disposalReleasesTheStateAfterTheLockAndStopsDelivery() {
    final class Probe: Sendable {
      let onDeinit: @Sendable () -> Void
      init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
      deinit { onDeinit() }
    }
    let scheduler = HistoricalScheduler()
    let subject = PublishSubject<Probe>()
    let reentered = LockedBox(false)
    let received = LockedBox(0)
    let subscription = subject.debounce(.seconds(1), scheduler: scheduler)
      .subscribe(onNext: { _ in received.withLock { $0 += 1 } })
    // The probe's deinit re-enters the operator: released under its (non-recursive) lock, it would deadlock, and
    // the thread would not finish.
    subject.onNext(
      Probe { [subject] in
        subject.onNext(Probe {})
        reentered.withLock { $0 = true }
      })
    let finished = runOnThreads(1, timeout: 10) { _ in subscription.dispose() }
    #expect(finished)
    #expect(reentered.withLock { $0 }, "the pending element was released on disposal")
    scheduler.advanceTo(Date(timeIntervalSince1970: 5))
    #expect(received.withLock { $0 } == 0, "nothing is delivered after disposal")
  }
}

extension OperatorStateMachineTests {
  // MARK: ifEmpty

  @Test func ifEmptyMirrorsTheSourceOrSwitchesWhenItCompletesEmpty() {
    var emitting = IfEmptyStateMachine<Int>()
    #expect(delivered(emitting.source(.next(1)).emission) == ["1"])
    #expect(delivered(emitting.source(.completed).emission) == ["|"], "a source that emitted completes the result")
    #expect(delivered(emitting.source(.next(2)).emission) == [], "nothing after the end")

    var empty = IfEmptyStateMachine<Int>()
    guard case .switchToFallback = empty.source(.completed) else {
      Issue.record("a source that completes empty switches to the fallback")
      return
    }
    #expect(delivered(empty.source(.next(3)).emission) == [], "the source is not heard after the switch")
    #expect(delivered(empty.fallback(.next(7))) == ["7"])
    #expect(delivered(empty.fallback(.error(Boom()))) == ["x"])
    #expect(delivered(empty.fallback(.next(8))) == [], "nothing after the fallback's end")

    var failing = IfEmptyStateMachine<Int>()
    #expect(delivered(failing.source(.error(Boom())).emission) == ["x"], "an error is not caught")
    failing.close()
    #expect(delivered(failing.source(.completed).emission) == [])
  }
}

extension OperatorStateMachineTests {
  // MARK: delay

  @Test func delayDeliversEachEventWhenDueOnePerTimer() {
    var machine = DelayStateMachine<Int>()
    let t0 = Date(timeIntervalSinceReferenceDate: 100)
    let started = machine.delayed(.next(1), due: t0)
    #expect(started, "the first waiting event starts the timer")
    let waiting = machine.delayed(.next(2), due: t0.addingTimeInterval(1))
    #expect(!waiting, "a timer already runs")
    _ = machine.delayed(.completed, due: t0.addingTimeInterval(1))
    let early = machine.timerFired(now: t0.addingTimeInterval(-0.5))
    #expect(delivered(early.emission) == [], "a head that is not due waits")
    #expect(abs((early.nextIn ?? 0) - 0.5) < 1e-9, "the timer is started again for the head")
    let first = machine.timerFired(now: t0)
    #expect(delivered(first.emission) == ["1"])
    #expect(abs((first.nextIn ?? 0) - 1) < 1e-9, "the next head gets a timer")
    #expect(delivered(machine.timerFired(now: t0.addingTimeInterval(1)).emission) == ["2"])
    let last = machine.timerFired(now: t0.addingTimeInterval(1))
    #expect(delivered(last.emission) == ["|"])
    #expect(last.nextIn == nil, "nothing waits: the timer stops")
    #expect(
      delivered(machine.timerFired(now: t0.addingTimeInterval(2)).emission) == [], "a stale timer delivers nothing")
    let restarted = machine.delayed(.next(3), due: t0.addingTimeInterval(2))
    #expect(restarted, "an event after the queue emptied starts the timer")
  }

  @Test func delayErrorGoesOutAtOnceDroppingWhatWaits() {
    var machine = DelayStateMachine<Int>()
    let t0 = Date(timeIntervalSinceReferenceDate: 0)
    _ = machine.delayed(.next(1), due: t0)
    _ = machine.delayed(.next(2), due: t0)
    let action = machine.failed(Boom())
    #expect(delivered(action.emission) == ["x"])
    guard case .fail(_, let dropped) = action else {
      Issue.record("an error drops what waits")
      return
    }
    #expect(dropped.count == 2)
    #expect(delivered(machine.timerFired(now: t0).emission) == [], "nothing after the error")
    let afterError = machine.delayed(.next(3), due: t0)
    #expect(!afterError, "nothing waits after the error")
    guard case .ignore = machine.failed(Boom()) else {
      Issue.record("a second error is ignored")
      return
    }
    #expect(machine.close().isEmpty)
  }

  @Test func delayCloseHandsBackWhatWaits() {
    var machine = DelayStateMachine<Int>()
    _ = machine.delayed(.next(1), due: Date(timeIntervalSinceReferenceDate: 0))
    #expect(machine.close().count == 1)
    let afterClose = machine.delayed(.next(2), due: Date(timeIntervalSinceReferenceDate: 0))
    #expect(!afterClose, "disposed: ignored")
  }
}

extension OperatorStateMachineTests {
  // MARK: sample

  @Test func sampleEmitsTheLatestElementOncePerSample() {
    var machine = SampleStateMachine<Int>(defaultValue: nil)
    #expect(delivered(machine.sampled().emission) == [], "nothing arrived: nothing to sample")
    #expect(machine.next(1) == nil)
    #expect(machine.next(2) == 1, "the replaced element is handed back, to be released after the lock")
    #expect(delivered(machine.sampled().emission) == ["2"])
    #expect(delivered(machine.sampled().emission) == [], "an element is sampled once")
  }

  @Test func sampleWithADefaultValueEmitsItWhenNothingArrived() {
    var machine = SampleStateMachine<Int>(defaultValue: 0)
    #expect(delivered(machine.sampled().emission) == ["0"])
    _ = machine.next(5)
    #expect(delivered(machine.sampled().emission) == ["5"])
    #expect(delivered(machine.sampled().emission) == ["0"])
  }

  @Test func sampleCompletesAtTheSampleAfterTheSourceCompleted() {
    var holding = SampleStateMachine<Int>(defaultValue: nil)
    _ = holding.next(3)
    holding.sourceCompleted()
    #expect(holding.next(4) == 4, "nothing is accepted after the source completed")
    #expect(delivered(holding.sampled().emission) == ["3", "|"])
    #expect(delivered(holding.sampled().emission) == [], "stopped")

    var empty = SampleStateMachine<Int>(defaultValue: nil)
    empty.sourceCompleted()
    #expect(delivered(empty.sampled().emission) == ["|"])
  }

  @Test func sampleErrorDropsTheHeldElementAndStops() {
    var machine = SampleStateMachine<Int>(defaultValue: 0)
    _ = machine.next(9)
    let action = machine.failed(Boom())
    #expect(delivered(action.emission) == ["x"])
    guard case .fail(_, let dropped) = action else {
      Issue.record("an error drops the held element")
      return
    }
    #expect(dropped == 9)
    #expect(delivered(machine.failed(Boom()).emission) == [], "the first terminal event wins")
    #expect(delivered(machine.sampled().emission) == [], "not even the default value once stopped")
  }

  @Test func sampleCloseHandsBackTheHeldElementAndStops() {
    var machine = SampleStateMachine<Int>(defaultValue: 0)
    _ = machine.next(6)
    #expect(machine.close() == 6)
    #expect(machine.next(7) == 7)
    #expect(delivered(machine.sampled().emission) == [])
    #expect(machine.close() == nil)
  }
}

extension OperatorStateMachineTests {
  // MARK: merge

  @Test func mergeSubscribesWhileThereIsCapacityAndQueuesTheRest() {
    var machine = MergeStateMachine<Int>(maxConcurrent: 1, dropsWhileBusy: false)
    guard case .subscribe(let first) = machine.outerNext(.just(1)) else {
      Issue.record("capacity and nothing waiting: subscribe now")
      return
    }
    var subscription: (any Disposable)? = Disposables.create()
    machine.subscribed(first, subscription: &subscription)
    #expect(subscription == nil, "a running inner sequence's subscription is kept")
    guard case .startPending = machine.outerNext(.just(2)) else {
      Issue.record("no capacity: the inner sequence waits")
      return
    }
    #expect(machine.nextToStart() == nil, "at capacity, nothing starts")
    #expect(delivered(machine.innerNext(10)) == ["10"])
    let completed = machine.innerCompleted(first)
    #expect(completed.subscription != nil, "the completed inner sequence's subscription is handed back to dispose")
    #expect(delivered(completed.emission) == [])
    guard let (_, second) = machine.nextToStart() else {
      Issue.record("a completion frees capacity for the waiting inner sequence")
      return
    }
    #expect(machine.nextToStart() == nil, "one start loop at a time")
    var completedInside: (any Disposable)? = Disposables.create()
    _ = machine.innerCompleted(second)
    machine.subscribed(second, subscription: &completedInside)
    #expect(completedInside != nil, "completed inside subscribe: not kept, released by the caller")
  }

  @Test func mergeCompletesWhenTheOuterAndEveryInnerSequenceHave() {
    var machine = MergeStateMachine<Int>(maxConcurrent: .max, dropsWhileBusy: false)
    guard case .subscribe(let id) = machine.outerNext(.just(1)) else {
      Issue.record("capacity: subscribe now")
      return
    }
    var subscription: (any Disposable)? = nil
    machine.subscribed(id, subscription: &subscription)
    #expect(delivered(machine.outerCompleted()) == [], "an inner sequence still runs")
    #expect(delivered(machine.innerCompleted(id).emission) == ["|"])
    #expect(delivered(machine.innerNext(2)) == [], "nothing after the completion")

    var empty = MergeStateMachine<Int>(maxConcurrent: .max, dropsWhileBusy: false)
    #expect(delivered(empty.outerCompleted()) == ["|"])
  }

  @Test func mergeFirstErrorWinsAndStopsEverything() {
    var machine = MergeStateMachine<Int>(maxConcurrent: 1, dropsWhileBusy: false)
    _ = machine.outerNext(.just(1))
    #expect(delivered(machine.failed(Boom())) == ["x"])
    #expect(delivered(machine.failed(Boom())) == [])
    #expect(delivered(machine.innerNext(1)) == [])
    #expect(delivered(machine.outerCompleted()) == [])
    guard case .ignore = machine.outerNext(.just(2)) else {
      Issue.record("stopped: the outer sequence's elements are ignored")
      return
    }
    #expect(machine.admitsOuterElement() == false)
  }

  @Test func flatMapFirstAdmitsAnOuterElementOnlyWhenIdle() {
    var machine = MergeStateMachine<Int>(maxConcurrent: 1, dropsWhileBusy: true)
    #expect(machine.admitsOuterElement())
    guard case .subscribe(let id) = machine.outerNext(.just(1)) else {
      Issue.record("idle: subscribe now")
      return
    }
    var subscription: (any Disposable)? = nil
    machine.subscribed(id, subscription: &subscription)
    #expect(machine.admitsOuterElement() == false, "busy: dropped without making its inner sequence")
    _ = machine.innerCompleted(id)
    #expect(machine.admitsOuterElement())
  }

  @Test func mergeInnerCompletionWithWaitingSequencesHandsTheHandlerToTheStartLoop() {
    var machine = MergeStateMachine<Int>(maxConcurrent: 1, dropsWhileBusy: false)
    machine.innerHandlerBuilt { _, _ in }
    guard case .subscribe(let id) = machine.outerNext(.just(1)) else {
      Issue.record("capacity: subscribe now")
      return
    }
    var subscription: (any Disposable)? = nil
    machine.subscribed(id, subscription: &subscription)
    _ = machine.outerNext(.just(2))
    #expect(machine.innerCompleted(id).startsPending != nil)
  }

  @Test func mergeCloseHandsBackRunningSubscriptionsWaitingSequencesAndTheHandler() {
    var machine = MergeStateMachine<Int>(maxConcurrent: 1, dropsWhileBusy: false)
    machine.innerHandlerBuilt { _, _ in }
    guard case .subscribe(let id) = machine.outerNext(.just(1)) else {
      Issue.record("capacity: subscribe now")
      return
    }
    let disposed = LockedBox(false)
    var subscription: (any Disposable)? = Disposables.create { disposed.withLock { $0 = true } }
    machine.subscribed(id, subscription: &subscription)
    _ = machine.outerNext(.just(2))
    let leftovers = machine.close()
    #expect(leftovers.pending.count == 1)
    #expect(leftovers.innerHandler != nil, "the handler, which holds the storage, leaves with the machine")
    MergeStateMachine<Int>.finish(leftovers)
    #expect(disposed.withLock { $0 }, "finishing the leftovers disposes the running inner subscriptions")
    #expect(delivered(machine.innerNext(3)) == [])
  }
}
