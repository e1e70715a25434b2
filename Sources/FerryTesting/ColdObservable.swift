import Ferry
import Foundation

/// A test observable that, for each subscription, emits its recorded events at their times relative to the
/// moment of subscription.
final class ColdObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
  // @unchecked Sendable: the only mutable state is the inherited subscription list, behind `lock`.
  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let index = recordSubscription()
    let scheduled = CompositeDisposable()
    for recorded in recordedEvents.indices {
      let event = UncheckedBox(recordedEvents[recorded].value)
      scheduled.insert(
        testScheduler.scheduleRelativeVirtual((), dueTime: recordedEvents[recorded].time) { _ in
          observer.on(event.value)
          return Disposables.create()
        })
    }
    return Disposables.create { [self] in
      scheduled.dispose()
      self.recordUnsubscription(index)
    }
  }
}
