import Ferry
import Foundation

/// An observer that records every event it receives with the virtual time of its ``TestScheduler``.
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {
  // @unchecked Sendable: `eventsStorage` is only touched under `lock`.
  /// The scheduler whose clock stamps the events.
  public let scheduler: TestScheduler
  private let lock = NSLock()
  private var eventsStorage: [Recorded<Event<Element>>] = []

  init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  /// The events received so far, with the virtual time of each.
  public var events: [Recorded<Event<Element>>] {
    lock.lock()
    defer { lock.unlock() }
    return eventsStorage
  }

  /// Records `event` at the scheduler's current virtual time.
  public func on(_ event: Event<Element>) {
    let time = scheduler.clock
    lock.lock()
    eventsStorage.append(Recorded(time: time, value: event))
    lock.unlock()
  }
}
