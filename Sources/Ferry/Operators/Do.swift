extension ObservableType {
  /// Calls the given handlers for side effects and passes every event through unchanged.
  ///
  /// Per subscription, in order: `onSubscribe` before the source is subscribed, `onSubscribed` after; for each
  /// element `onNext`, the element downstream, `afterNext`; for a stop event `onError`/`onCompleted`, the event
  /// downstream, `afterError`/`afterCompleted`; then `onDispose`, exactly once, when the subscription ends (after
  /// a stop event or on `dispose()`, whichever comes first), after the source's subscription is disposed and after
  /// `onSubscribed` (a source that terminates while being subscribed ends the subscription before `onSubscribed`).
  /// An error thrown by `onNext`, `afterNext`, `onError` or `onCompleted` is sent downstream in place of the event
  /// (an error thrown by an `after…` handler once a stop event was delivered is dropped).
  @preconcurrency
  @inlinable
  public func `do`(
    onNext: (@Sendable (Element) throws -> Void)? = nil,
    afterNext: (@Sendable (Element) throws -> Void)? = nil,
    onError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    afterError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    onCompleted: (@Sendable () throws -> Void)? = nil,
    afterCompleted: (@Sendable () throws -> Void)? = nil,
    onSubscribe: (@Sendable () -> Void)? = nil,
    onSubscribed: (@Sendable () -> Void)? = nil,
    onDispose: (@Sendable () -> Void)? = nil
  ) -> Observable<Element> {
    // The element step is built here so that the client specialises it (see `EventStep`): `onNext`, the element
    // downstream through `deliver`, `afterNext`. Stop events pass through it untouched; the sink runs their
    // handlers, which do not depend on the element type.
    DoObservable(
      source: asObservable(),
      step: { event, deliver in
        switch event {
        case .next(let element):
          do {
            try onNext?(element)
            deliver(.next(element))
            try afterNext?(element)
            return .delivered
          } catch {
            return .handlerFailed(error)
          }
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
      },
      handlers: DoStopHandlers(
        onError: onError,
        afterError: afterError,
        onCompleted: onCompleted,
        afterCompleted: afterCompleted,
        onSubscribe: onSubscribe,
        onSubscribed: onSubscribed,
        onDispose: onDispose
      )
    )
  }

  /// Like `do(onNext:…)`, with handlers that receive `object` (held weakly) as their first argument.
  ///
  /// A handler is skipped once `object` has been deallocated; the events still pass through.
  @preconcurrency
  public func `do`<Object: AnyObject>(
    with object: Object,
    onNext: (@Sendable (Object, Element) throws -> Void)? = nil,
    afterNext: (@Sendable (Object, Element) throws -> Void)? = nil,
    onError: (@Sendable (Object, any Swift.Error) throws -> Void)? = nil,
    afterError: (@Sendable (Object, any Swift.Error) throws -> Void)? = nil,
    onCompleted: (@Sendable (Object) throws -> Void)? = nil,
    afterCompleted: (@Sendable (Object) throws -> Void)? = nil,
    onSubscribe: (@Sendable (Object) -> Void)? = nil,
    onSubscribed: (@Sendable (Object) -> Void)? = nil,
    onDispose: (@Sendable (Object) -> Void)? = nil
  ) -> Observable<Element> {
    let weak = WeakReference(object)
    func bind<A>(_ handler: (@Sendable (Object, A) throws -> Void)?) -> (@Sendable (A) throws -> Void)? {
      guard let handler else { return nil }
      return { value in if let object = weak.object { try handler(object, value) } }
    }
    func bindThrowing(_ handler: (@Sendable (Object) throws -> Void)?) -> (@Sendable () throws -> Void)? {
      guard let handler else { return nil }
      return { if let object = weak.object { try handler(object) } }
    }
    func bind(_ handler: (@Sendable (Object) -> Void)?) -> (@Sendable () -> Void)? {
      guard let handler else { return nil }
      return { if let object = weak.object { handler(object) } }
    }
    return self.do(
      onNext: bind(onNext),
      afterNext: bind(afterNext),
      onError: bind(onError),
      afterError: bind(afterError),
      onCompleted: bindThrowing(onCompleted),
      afterCompleted: bindThrowing(afterCompleted),
      onSubscribe: bind(onSubscribe),
      onSubscribed: bind(onSubscribed),
      onDispose: bind(onDispose)
    )
  }
}

/// What `do`'s step did with an event.
@usableFromInline
enum DoStep {
  /// Delivered an element between `onNext` and `afterNext`.
  case delivered
  /// `onNext` or `afterNext` threw: the error goes downstream in place of the sequence.
  case handlerFailed(any Swift.Error)
  /// The upstream error, for the sink to run `onError`, deliver it and run `afterError`.
  case error(any Swift.Error)
  /// The upstream completion, handled the same way.
  case completed
}

/// The handlers of one `do(…)` operator that do not take an element (the element handlers are in its step).
@usableFromInline
struct DoStopHandlers: Sendable {
  let onError: (@Sendable (any Swift.Error) throws -> Void)?
  let afterError: (@Sendable (any Swift.Error) throws -> Void)?
  let onCompleted: (@Sendable () throws -> Void)?
  let afterCompleted: (@Sendable () throws -> Void)?
  let onSubscribe: (@Sendable () -> Void)?
  let onSubscribed: (@Sendable () -> Void)?
  let onDispose: (@Sendable () -> Void)?

  @usableFromInline
  init(
    onError: (@Sendable (any Swift.Error) throws -> Void)?,
    afterError: (@Sendable (any Swift.Error) throws -> Void)?,
    onCompleted: (@Sendable () throws -> Void)?,
    afterCompleted: (@Sendable () throws -> Void)?,
    onSubscribe: (@Sendable () -> Void)?,
    onSubscribed: (@Sendable () -> Void)?,
    onDispose: (@Sendable () -> Void)?
  ) {
    self.onError = onError
    self.afterError = afterError
    self.onCompleted = onCompleted
    self.afterCompleted = afterCompleted
    self.onSubscribe = onSubscribe
    self.onSubscribed = onSubscribed
    self.onDispose = onDispose
  }
}

@usableFromInline
final class DoObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  /// Handles one upstream event: runs the element handlers around delivering a `.next` through its second
  /// argument; hands stop events back to the sink.
  @usableFromInline
  typealias Step = @Sendable (Event<Element>, (Event<Element>) -> Void) -> DoStep

  let source: Observable<Element>
  let step: Step
  let handlers: DoStopHandlers

  @usableFromInline
  init(source: Observable<Element>, step: @escaping Step, handlers: DoStopHandlers) {
    self.source = source
    self.step = step
    self.handlers = handlers
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    handlers.onSubscribe?()
    let sink = DoSink(observer: observer, step: step, handlers: handlers)
    sink.setUpstream(source.subscribe(sink))
    handlers.onSubscribed?()
    sink.subscribed()
    return sink
  }
}

final class DoSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: `step` and `handlers` are immutable except `onDispose`, which is read and cleared once, by
  // whichever of `disposeResources()` and `subscribed()` comes second (an atomic fetch-or of the state word decides).
  let step: DoObservable<Observer.Element>.Step
  let handlers: DoStopHandlers
  private var onDispose: (@Sendable () -> Void)?
  /// The state word's `subscribedBit` is set once `onSubscribed` has run, its `endedBit` once the subscription has
  /// ended: `onDispose` runs when both are set, so after the source's disposal and after `onSubscribed` (a source that
  /// terminates during `subscribe` is disposed before `onSubscribed`, as in RxSwift).
  private static var subscribedBit: Int { firstSubclassBit }
  private static var endedBit: Int { firstSubclassBit << 1 }

  init(observer: Observer, step: @escaping DoObservable<Observer.Element>.Step, handlers: DoStopHandlers) {
    self.step = step
    self.handlers = handlers
    onDispose = handlers.onDispose
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    guard !isDisposed else { return }
    let result = step(event, { forwardNextEvent($0) })
    if case .delivered = result { return }
    finish(result)
  }

  /// The stop path, out of line: building an `Event` of the generic element type looks its metadata up, and the
  /// compiler does that on entry to the function that builds it, whichever path runs (about 300 instructions per
  /// element when this code was inside `on(_:)`, callgrind).
  @inline(never)
  private func finish(_ result: DoStep) {
    switch result {
    case .delivered: break
    case .handlerFailed(let error): forwardError(error)
    case .error(let error):
      do {
        try handlers.onError?(error)
      } catch {
        return forwardError(error)
      }
      guard let previous = claimDisposal() else { return }
      observer.on(.error(error))
      try? handlers.afterError?(error)
      finishDisposal(previous: previous)
    case .completed:
      do {
        try handlers.onCompleted?()
      } catch {
        return forwardError(error)
      }
      guard let previous = claimDisposal() else { return }
      observer.on(.completed)
      try? handlers.afterCompleted?()
      finishDisposal(previous: previous)
    }
  }

  /// `onSubscribed` has run: runs `onDispose` if the subscription already ended.
  func subscribed() {
    if fetchOrState(Self.subscribedBit) & Self.endedBit != 0 { runOnDispose() }
  }

  override func disposeResources() {
    if fetchOrState(Self.endedBit) & Self.subscribedBit != 0 { runOnDispose() }
  }

  private func runOnDispose() {
    let onDispose = self.onDispose
    self.onDispose = nil
    onDispose?()
  }
}
