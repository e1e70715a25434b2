import Ferry
import FerryTesting
import Foundation

/// Subscribes an `EventRecorder` to `source` and returns it with the subscription.
func record<Source: ObservableConvertibleType>(
  _ source: Source
) -> (recorder: EventRecorder<Source.Element>, subscription: any Disposable) {
  let recorder = EventRecorder<Source.Element>()
  let subscription = source.asObservable().subscribe(recorder)
  return (recorder, subscription)
}

/// The events `source` delivers synchronously on subscription.
func events<Source: ObservableConvertibleType>(_ source: Source) -> [Event<Source.Element>] {
  record(source).recorder.events.current
}

/// A flag set from any thread.
final class Flag: @unchecked Sendable {
  // `@unchecked Sendable`: `box` is a `LockedBox`.
  private let box = LockedBox(false)
  func set() { box.withLock { $0 = true } }
  var isSet: Bool { box.current }
}

/// A counter incremented from any thread.
final class Counter: @unchecked Sendable {
  // `@unchecked Sendable`: `box` is a `LockedBox`.
  private let box = LockedBox(0)
  @discardableResult func increment() -> Int {
    box.withLock {
      $0 += 1; return $0
    }
  }
  var value: Int { box.current }
}

/// A manually driven Single: captures the callback of each subscription and counts disposals.
final class ManualSingle<Element>: @unchecked Sendable {
  // `@unchecked Sendable`: `observers` is a `LockedBox`; `disposals` and `subscriptions` are `Counter`s.
  let observers = LockedBox<[@Sendable (SingleEvent<Element>) -> Void]>([])
  let subscriptions = Counter()
  let disposals = Counter()

  var single: Single<Element> {
    Single.create { observer in
      self.observers.withLock { $0.append(observer) }
      self.subscriptions.increment()
      return Disposables.create { self.disposals.increment() }
    }
  }

  func send(_ event: SingleEvent<Element>) {
    for observer in observers.current { observer(event) }
  }
}

/// A manually driven Observable: captures the observer of each subscription.
final class ManualObservable<Element>: @unchecked Sendable {
  // `@unchecked Sendable`: `observers` is a `LockedBox`; `disposals` is a `Counter`.
  let observers = LockedBox<[AnyObserver<Element>]>([])
  let disposals = Counter()

  var observable: Observable<Element> {
    Observable.create { observer in
      self.observers.withLock { $0.append(observer) }
      return Disposables.create { self.disposals.increment() }
    }
  }

  func on(_ event: Event<Element>) {
    for observer in observers.current { observer.on(event) }
  }
}
