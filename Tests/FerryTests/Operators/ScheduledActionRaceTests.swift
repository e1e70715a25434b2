import Ferry
import Foundation
import Testing

/// A scheduler that queues actions for ``run()``, except the `inlineCall`-th `schedule` call, whose action runs inside
/// that call: as if another thread ran it before `schedule` returned to its caller.
private final class RunsOneActionEarlyScheduler: SchedulerType, @unchecked Sendable {
  // `@unchecked Sendable`: `state` is a `LockedBox`; `inlineCall` is immutable.
  private let state = LockedBox((calls: 0, queue: [(BooleanDisposable, () -> Void)]()))
  private let inlineCall: Int

  init(inlineCall: Int) { self.inlineCall = inlineCall }

  var now: RxTime { Date() }

  func schedule<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let box = UncheckedBox(state)
    let cancel = BooleanDisposable()
    let runsNow = self.state.withLock { state in
      state.calls += 1
      if state.calls == inlineCall { return true }
      state.queue.append((cancel, { _ = action(box.value) }))
      return false
    }
    if runsNow { _ = action(box.value) }
    return cancel
  }

  func scheduleRelative<StateType>(
    _ state: StateType,
    dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    schedule(state, action: action)
  }

  func schedulePeriodic<StateType>(
    _ state: StateType,
    startAfter: RxTimeInterval,
    period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    schedule(state) { state in
      _ = action(state)
      return Disposables.create()
    }
  }

  /// Runs queued actions (including those they queue) until none is left.
  func run() {
    while let (cancel, action) = state.withLock({ $0.queue.isEmpty ? nil : $0.queue.removeFirst() }) {
      if !cancel.isDisposed { action() }
    }
  }
}

/// `observe(on:)` and `delay` schedule one action per event, each from inside the previous one. The action they
/// schedule may run (and schedule the next) before `schedule` returns; storing its disposable afterwards must not
/// cancel the next one, or the stream stalls.
@Suite struct ScheduledActionRaceTests {
  @Test func observeOnLosesNoActionThatRanBeforeScheduleReturned() {
    // Call 1 (at the first event) is queued; call 2 (from inside call 1's delivery) runs inline and queues call 3.
    let scheduler = RunsOneActionEarlyScheduler(inlineCall: 2)
    let recorder = EventRecorder<Int>()
    _ = Observable.of(1, 2, 3).observe(on: scheduler).subscribe(recorder)
    scheduler.run()
    #expect(recorder.events.current == [.next(1), .next(2), .next(3), .completed])
  }

  @Test func delayLosesNoTimerThatFiredBeforeScheduleReturned() {
    let scheduler = RunsOneActionEarlyScheduler(inlineCall: 2)
    let recorder = EventRecorder<Int>()
    _ = Observable.of(1, 2, 3).delay(.nanoseconds(0), scheduler: scheduler).subscribe(recorder)
    scheduler.run()
    #expect(recorder.events.current == [.next(1), .next(2), .next(3), .completed])
  }

  /// The same on real threads: each action may run on another thread before `schedule` returns.
  @Test func observeOnActionsOnOtherThreadsKeepTheGrammar() async {
    await timeOperatorStress { source, scheduler in source.observe(on: scheduler) }
  }
}
