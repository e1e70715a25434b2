import Ferry
import FerryTesting
import Foundation
import Testing

@Suite struct HistoricalSchedulerTests {
  @Test func runsActionsAtTheirDates() {
    let start = Date(timeIntervalSince1970: 1_000)
    let scheduler = HistoricalScheduler(initialClock: start)
    let fired = LockedBox<[TimeInterval]>([])
    _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
      fired.withLock { $0.append(scheduler.now.timeIntervalSince(start)) }
      return Disposables.create()
    }
    _ = scheduler.scheduleRelative((), dueTime: .milliseconds(1_500)) { _ in
      fired.withLock { $0.append(scheduler.now.timeIntervalSince(start)) }
      return Disposables.create()
    }
    scheduler.advanceTo(start.addingTimeInterval(2))
    #expect(fired.current == [1.5])
    #expect(scheduler.clock == start.addingTimeInterval(2))
    scheduler.start()
    #expect(fired.current == [1.5, 5])
  }

  @Test func drivesTimeOperators() {
    let scheduler = HistoricalScheduler()
    let values = LockedBox<[Int]>([])
    let subscription = Observable<Int>.interval(.seconds(60), scheduler: scheduler)
      .subscribe(onNext: { value in values.withLock { $0.append(value) } })
    scheduler.advanceTo(Date(timeIntervalSince1970: 3 * 60))
    subscription.dispose()
    scheduler.start()
    #expect(values.current == [0, 1, 2])
  }
}

/// A value behind a lock.
final class LockedBox<Value>: @unchecked Sendable {
  // `@unchecked Sendable`: `value` is only touched under `lock`.
  private var value: Value
  private let lock = NSLock()

  init(_ value: Value) { self.value = value }

  func withLock<R>(_ body: (inout Value) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }

  var current: Value { withLock { $0 } }
}
