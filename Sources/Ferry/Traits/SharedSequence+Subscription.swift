import Dispatch

// The one implementation of the terminal subscriptions of `Driver` (`drive(…)`) and `Signal` (`emit(…)`). The two
// public front doors (Driver+Subscription.swift, Signal+Subscription.swift) differ only in their RxCocoa names and
// call these with the same attributes, so they cannot drift apart.
extension SharedSequenceConvertibleType {
  /// Subscribes `@MainActor` handlers.
  ///
  /// Inlinable so that the client specialises the main-queue stage and the event switch for its element type.
  @inlinable
  func subscribeOnMainActor(
    onNext: (@MainActor (Element) -> Void)?,
    onCompleted: (@MainActor () -> Void)?,
    onDisposed: (@MainActor () -> Void)?
  ) -> any Disposable {
    asObservable().subscribeOnMainActor(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes `@MainActor` handlers that receive `object` (held weakly) first; nothing is called once `object` is
  /// deallocated.
  @inlinable
  func subscribeOnMainActor<Object: AnyObject>(
    with object: Object,
    onNext: (@MainActor (Object, Element) -> Void)?,
    onCompleted: (@MainActor (Object) -> Void)?,
    onDisposed: (@MainActor (Object) -> Void)?
  ) -> any Disposable {
    let weak = WeakReference(object)
    var next: (@MainActor (Element) -> Void)?
    if let onNext {
      next = { element in if let object = weak.object { onNext(object, element) } }
    }
    var completed: (@MainActor () -> Void)?
    if let onCompleted {
      completed = { if let object = weak.object { onCompleted(object) } }
    }
    var disposed: (@MainActor () -> Void)?
    if let onDisposed {
      disposed = { if let object = weak.object { onDisposed(object) } }
    }
    return subscribeOnMainActor(onNext: next, onCompleted: completed, onDisposed: disposed)
  }

  /// Sends every event to each of `observers` (a Driver or a Signal never errors, so only elements and completion).
  @inlinable
  func subscribe<Observer: ObserverType>(forwardingTo observers: [Observer]) -> any Disposable
  where Observer.Element == Element {
    asObservable().subscribe { event in observers.forEach { $0.on(event) } }
  }

  /// Sends every event, its element wrapped in an optional, to each of `observers`.
  @inlinable
  func subscribe<Observer: ObserverType>(forwardingTo observers: [Observer]) -> any Disposable
  where Observer.Element == Element? {
    asObservable().subscribe { event in observers.forEach { $0.on(event.map { $0 }) } }
  }
}

extension Observable {
  /// Subscribes `@MainActor` handlers to a sequence that delivers on the main thread.
  ///
  /// The handlers are called synchronously when an event arrives on the main queue; an event that arrives on another
  /// thread (an element emitted by `startWith` while subscribing on a background thread, or a mocked
  /// ``SharingScheduler`` running off the main thread) is hopped to the main queue, in order, by the
  /// `ensuringMainQueue()` stage, instead of trapping. Inlinable so that the client specialises that stage and the
  /// event switch of `subscribe(onNext:…)` for its element type.
  @inlinable
  func subscribeOnMainActor(
    onNext: (@MainActor (Element) -> Void)?,
    onCompleted: (@MainActor () -> Void)?,
    onDisposed: (@MainActor () -> Void)?
  ) -> any Disposable {
    var next: (@Sendable (Element) -> Void)?
    if let onNext {
      // Per element, `MainActor.assumeIsolated` allocates (it carries the closure as an escaping one). The stage
      // below (`ensuringMainQueue()`) guarantees the main queue, so the `@MainActor` handler is called directly:
      // the cast only drops the isolation from the type (the representation is the same); debug builds check it.
      let handler = MainActorHandler(unsafeBitCast(onNext, to: ((Element) -> Void).self))
      next = { element in
        assert(MainScheduler.isOnMainQueue, "Internal inconsistency: a Driver/Signal delivered off the main queue")
        handler.body(element)
      }
    }
    var completed: (@Sendable () -> Void)?
    if let onCompleted {
      let handler = MainActorHandler(onCompleted)
      completed = { MainActor.assumeIsolated { handler.body() } }
    }
    var disposed: (@Sendable () -> Void)?
    if let onDisposed {
      let handler = MainActorHandler(onDisposed)
      // Disposal may happen on any thread (a dispose bag released in the background): hop if needed.
      disposed = {
        if MainScheduler.isOnMainQueue {
          MainActor.assumeIsolated { handler.body() }
        } else {
          DispatchQueue.main.async { MainActor.assumeIsolated { handler.body() } }
        }
      }
    }
    return ensuringMainQueue().subscribe(onNext: next, onCompleted: completed, onDisposed: disposed)
  }
}

/// A `@MainActor` closure carried by a `@Sendable` one.
@usableFromInline
struct MainActorHandler<Body>: @unchecked Sendable {
  // @unchecked Sendable: `body` is only ever called on the main actor (inside `MainActor.assumeIsolated`, or after the
  // main-queue stage of `subscribeOnMainActor`).
  @usableFromInline let body: Body
  @inlinable init(_ body: Body) { self.body = body }
}
