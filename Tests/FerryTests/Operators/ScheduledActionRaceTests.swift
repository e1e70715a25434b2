import Ferry
import Foundation
import Testing

/// `observe(on:)` and `delay` schedule one action per event, each from inside the previous one. The action they
/// schedule may run (and schedule the next) before `schedule` returns; storing its disposable afterwards must not
/// cancel the next one, or the stream stalls.
@Suite struct ScheduledActionRaceTests {
  @Test func observeOnLosesNoActionThatRanBeforeScheduleReturned() {
    // Call 1 (at the first event) is queued; call 2 (from inside call 1's delivery) runs inline and queues call 3.
    let scheduler = ManualScheduler(runsInline: 2)
    let recorder = EventRecorder<Int>()
    _ = Observable.of(1, 2, 3).observe(on: scheduler).subscribe(recorder)
    scheduler.run()
    #expect(recorder.events.current == [.next(1), .next(2), .next(3), .completed])
  }

  @Test func delayLosesNoTimerThatFiredBeforeScheduleReturned() {
    let scheduler = ManualScheduler(runsInline: 2)
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
