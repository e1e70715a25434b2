/// The side-effect hooks of the traits' `do` operators.
struct TraitDoHandlers<Element>: Sendable {
  var onNext: (@Sendable (Element) throws -> Void)?
  var afterNext: (@Sendable (Element) throws -> Void)?
  var onError: (@Sendable (any Swift.Error) throws -> Void)?
  var afterError: (@Sendable (any Swift.Error) throws -> Void)?
  var onCompleted: (@Sendable () throws -> Void)?
  var afterCompleted: (@Sendable () throws -> Void)?
  var onSubscribe: (@Sendable () -> Void)?
  var onSubscribed: (@Sendable () -> Void)?
  var onDispose: (@Sendable () -> Void)?
}

/// Calls the handlers around the events of `source`.
///
/// `onSubscribe` runs before subscribing, `onSubscribed` after; `onDispose` runs once when the subscription
/// ends (after a stop event, or on disposal). An error thrown by a handler terminates the sequence with it.
final class TraitDoObservable<Element>: Observable<Element>, @unchecked Sendable {
  let source: Observable<Element>
  let handlers: TraitDoHandlers<Element>

  init(source: Observable<Element>, handlers: TraitDoHandlers<Element>) {
    self.source = source
    self.handlers = handlers
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    handlers.onSubscribe?()
    let sink = TraitDoSink(observer: observer, handlers: handlers)
    sink.setUpstream(source.subscribe(sink))
    handlers.onSubscribed?()
    return sink
  }
}

final class TraitDoSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: `handlers` is immutable; `onDispose` is read and cleared once, by
  // `disposeResources()` (which runs once).
  let handlers: TraitDoHandlers<Observer.Element>
  var onDispose: (@Sendable () -> Void)?

  init(observer: Observer, handlers: TraitDoHandlers<Observer.Element>) {
    self.handlers = handlers
    self.onDispose = handlers.onDispose
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element):
      do {
        try handlers.onNext?(element)
        forwardNext(element)
        try handlers.afterNext?(element)
      } catch {
        forwardError(error)
      }
    case .error(let error):
      stop(.error(error), before: handlers.onError.map { handler in { try handler(error) } }) {
        try handlers.afterError?(error)
      }
    case .completed:
      stop(.completed, before: handlers.onCompleted) { try handlers.afterCompleted?() }
    }
  }

  /// Delivers a stop event between its `before` and `after` handlers, then disposes (so `onDispose` runs after
  /// `after`, as in RxSwift). An error thrown by `before` replaces the event; one thrown by `after` is dropped
  /// (the sequence has already terminated).
  private func stop(_ event: Event<Observer.Element>, before: (() throws -> Void)?, after: () throws -> Void) {
    guard let previous = claimDisposal() else { return }
    do {
      try before?()
      observer.on(event)
      try? after()
    } catch {
      observer.on(.error(error))
    }
    finishDisposal(previous: previous)
  }
  override func disposeResources() {
    let onDispose = self.onDispose
    self.onDispose = nil
    onDispose?()
  }
}

/// Wraps a handler taking `object` and one argument so that it runs only while `object` is alive.
func weakly<Object: AnyObject, Argument>(
  _ object: Object,
  _ handler: (@Sendable (Object, Argument) throws -> Void)?
) -> (@Sendable (Argument) throws -> Void)? {
  guard let handler else { return nil }
  let reference = WeakReference(object)
  return { argument in
    if let object = reference.object { try handler(object, argument) }
  }
}

/// Wraps a handler taking `object` so that it runs only while `object` is alive.
func weakly<Object: AnyObject>(
  _ object: Object,
  _ handler: (@Sendable (Object) throws -> Void)?
) -> (@Sendable () throws -> Void)? {
  guard let handler else { return nil }
  let reference = WeakReference(object)
  return {
    if let object = reference.object { try handler(object) }
  }
}

/// Wraps a non-throwing handler taking `object` so that it runs only while `object` is alive.
func weaklyNonThrowing<Object: AnyObject>(
  _ object: Object,
  _ handler: (@Sendable (Object) -> Void)?
) -> (@Sendable () -> Void)? {
  guard let handler else { return nil }
  let reference = WeakReference(object)
  return {
    if let object = reference.object { handler(object) }
  }
}
