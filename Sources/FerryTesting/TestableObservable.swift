import Ferry
import Foundation

/// An observable created by a ``TestScheduler``: it emits recorded events at virtual times and records when it
/// was subscribed and unsubscribed.
public class TestableObservable<Element>: ObservableType, @unchecked Sendable {
  // @unchecked Sendable: `subscriptions` and the observer list of subclasses are only touched under `lock`;
  // `recordedEvents` is immutable.
  /// The scheduler that drives this observable.
  public let testScheduler: TestScheduler
  /// The events this observable emits, with their times.
  public let recordedEvents: [Recorded<Event<Element>>]

  let lock = NSLock()
  var subscriptionsStorage: [Subscription] = []

  init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
    self.testScheduler = testScheduler
    self.recordedEvents = recordedEvents
  }

  /// Every subscription so far, with its subscription and unsubscription times (`Int.max` while active).
  public var subscriptions: [Subscription] {
    lock.lock()
    defer { lock.unlock() }
    return subscriptionsStorage
  }

  /// Subscribes `observer`. Subclasses override this.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    preconditionFailure("Internal inconsistency: TestableObservable.subscribe is abstract")
  }

  /// Records a subscription at the current virtual time and returns its index.
  func recordSubscription() -> Int {
    let now = testScheduler.clock
    lock.lock()
    defer { lock.unlock() }
    subscriptionsStorage.append(Subscription(now))
    return subscriptionsStorage.count - 1
  }

  /// Records the end of the subscription at `index` at the current virtual time.
  func recordUnsubscription(_ index: Int) {
    let now = testScheduler.clock
    lock.lock()
    defer { lock.unlock() }
    subscriptionsStorage[index] = Subscription(subscriptionsStorage[index].subscribe, now)
  }
}
