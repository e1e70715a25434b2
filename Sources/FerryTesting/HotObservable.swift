import Ferry
import Foundation

/// A test observable that emits its recorded events at their absolute virtual times to the observers
/// subscribed at that moment (like a subject fed by a timeline).
final class HotObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
  // @unchecked Sendable: `observers` is only touched under the inherited `lock`; events are delivered outside it, on
  // the thread that runs the scheduler.
  private var observers: [Int: AnyObserver<Element>] = [:]
  private var nextKey = 0

  override init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
    super.init(testScheduler: testScheduler, recordedEvents: recordedEvents)
    for index in recordedEvents.indices {
      _ = testScheduler.scheduleAbsoluteVirtual(index, time: recordedEvents[index].time) { [self] index in
        self.emit(self.recordedEvents[index].value)
        return Disposables.create()
      }
    }
  }

  private func emit(_ event: Event<Element>) {
    lock.lock()
    let current = observers.sorted { $0.key < $1.key }.map(\.value)
    lock.unlock()
    for observer in current { observer.on(event) }
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let index = recordSubscription()
    lock.lock()
    let key = nextKey
    nextKey += 1
    observers[key] = AnyObserver(observer)
    lock.unlock()
    return Disposables.create { [self] in
      self.lock.lock()
      self.observers[key] = nil
      self.lock.unlock()
      self.recordUnsubscription(index)
    }
  }
}
