import Dispatch
import Ferry
import FerryTesting
import Testing

/// Helpers shared by the subject, relay and filtering/utility operator tests.
enum Harness {
  /// Subscribes a fresh recorder to `source` and returns both.
  static func record<Source: ObservableType>(_ source: Source) -> (EventRecorder<Source.Element>, any Disposable) {
    let recorder = EventRecorder<Source.Element>()
    let subscription = source.subscribe(recorder)
    return (recorder, subscription)
  }

  /// The events a synchronous `source` delivers on subscription.
  static func events<Source: ObservableType>(_ source: Source) -> [Event<Source.Element>] {
    let (recorder, subscription) = record(source)
    subscription.dispose()
    return recorder.events.current
  }

  /// Checks that a subscription to `build(subject)` keeps what its handlers capture alive until it is
  /// disposed, releases it afterwards, and leaves the subject without observers.
  static func expectReleasedAfterDispose<Result>(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ build: (PublishSubject<Int>) -> Observable<Result>
  ) {
    let subject = PublishSubject<Int>()
    weak var weakTracked: Tracked?
    var subscription: (any Disposable)?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      subscription = build(subject).subscribe(onNext: { _ in _ = tracked.id })
    }
    #expect(weakTracked != nil, sourceLocation: sourceLocation)
    subject.onNext(1)
    subscription?.dispose()
    #expect(weakTracked == nil, "handler captures must be released on dispose", sourceLocation: sourceLocation)
    #expect(!subject.hasObservers, "the source must be unsubscribed on dispose", sourceLocation: sourceLocation)
  }

  /// Checks that disposing from inside `onNext` stops delivery at once (nothing after the first element).
  static func expectDisposeInsideOnNextStops<Result>(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ build: (PublishSubject<Int>) -> Observable<Result>,
    send: (PublishSubject<Int>) -> Void
  ) {
    let subject = PublishSubject<Int>()
    let received = LockedBox(0)
    let holder = LockedBox<(any Disposable)?>(nil)
    let subscription = build(subject).subscribe(
      onNext: { _ in
        received.withLock { $0 += 1 }
        holder.current?.dispose()
      },
      onCompleted: { received.withLock { $0 += 100 } }
    )
    holder.withLock { $0 = subscription }
    send(subject)
    #expect(received.current == 1, sourceLocation: sourceLocation)
    #expect(!subject.hasObservers, sourceLocation: sourceLocation)
  }

  /// Waits (as a hang guard only) for `semaphore`; records a test failure if it times out.
  static func wait(
    _ semaphore: DispatchSemaphore,
    seconds: Int = 20,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let result = semaphore.wait(timeout: .now() + .seconds(seconds))
    #expect(result == .success, "timed out waiting", sourceLocation: sourceLocation)
  }
}

/// An observable that counts its subscriptions and disposals and hands out its observers.
final class CountingSource<Element>: @unchecked Sendable {
  // `@unchecked Sendable`: all state is in `LockedBox`es.
  let subscriptions = LockedBox(0)
  let disposals = LockedBox(0)
  let observers = LockedBox<[AnyObserver<Element>]>([])
  private let onSubscribe: @Sendable (AnyObserver<Element>, Int) -> Void

  /// `onSubscribe(observer, attempt)` runs inside `subscribe` (attempt counts from 1).
  init(onSubscribe: @escaping @Sendable (AnyObserver<Element>, Int) -> Void = { _, _ in }) {
    self.onSubscribe = onSubscribe
  }

  var observable: Observable<Element> {
    Observable.create { [self] observer in
      let attempt = subscriptions.withLock { count -> Int in
        count += 1
        return count
      }
      observers.withLock { $0.append(observer) }
      onSubscribe(observer, attempt)
      return Disposables.create { [self] in disposals.withLock { $0 += 1 } }
    }
  }
}
