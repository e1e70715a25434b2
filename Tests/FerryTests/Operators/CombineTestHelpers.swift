import Ferry
import Foundation

/// Counts subscriptions to, and disposals of, a wrapped source.
final class SubscriptionCounter: @unchecked Sendable {
  // `@unchecked Sendable`: the counts are `LockedBox`es.
  private let counts = LockedBox((subscribed: 0, disposed: 0))

  var subscribed: Int { counts.current.subscribed }
  var disposed: Int { counts.current.disposed }
  var active: Int { counts.current.subscribed - counts.current.disposed }

  /// `source`, counting each subscription and each disposal through this counter.
  func track<Element>(_ source: Observable<Element>) -> Observable<Element> {
    Observable.create { observer in
      self.counts.withLock { $0.subscribed += 1 }
      let subscription = source.subscribe(observer)
      return Disposables.create {
        self.counts.withLock { $0.disposed += 1 }
        subscription.dispose()
      }
    }
  }
}

/// An observer that records elements and detects overlapping (non-serialised) deliveries.
final class SerialCheckingObserver<Element>: ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: all state is in `LockedBox`es.
  private let inDelivery = LockedBox(false)
  let overlaps = LockedBox(0)
  let events = LockedBox<[Event<Element>]>([])

  func on(_ event: Event<Element>) {
    inDelivery.withLock { busy in
      if busy { overlaps.withLock { $0 += 1 } }
      busy = true
    }
    events.withLock { $0.append(event) }
    // Widen the window in which an overlapping delivery would be caught.
    for _ in 0..<20 { _ = inDelivery.current }
    inDelivery.withLock { $0 = false }
  }

  var elements: [Element] { events.current.compactMap(\.element) }
  var stopEvents: Int { events.current.filter(\.isStopEvent).count }
}
