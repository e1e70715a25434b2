extension ObservableType {
  /// Calls the given handlers for side effects and passes every event through unchanged.
  ///
  /// Per subscription, in order: `onSubscribe` before the source is subscribed, `onSubscribed` after; for each
  /// element `onNext`, the element downstream, `afterNext`; for a stop event `onError`/`onCompleted`, the event
  /// downstream, `afterError`/`afterCompleted`; then `onDispose`, exactly once, when the subscription ends (after
  /// a stop event or on `dispose()`, whichever comes first). An error thrown by `onNext`, `afterNext`, `onError`
  /// or `onCompleted` is sent downstream in place of the event (an error thrown by an `after…` handler once a
  /// stop event was delivered is dropped).
  @preconcurrency
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
    DoObservable(
      source: asObservable(),
      handlers: DoHandlers(
        onNext: onNext,
        afterNext: afterNext,
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

/// The handlers of one `do(…)` operator.
struct DoHandlers<Element>: Sendable {
  let onNext: (@Sendable (Element) throws -> Void)?
  let afterNext: (@Sendable (Element) throws -> Void)?
  let onError: (@Sendable (any Swift.Error) throws -> Void)?
  let afterError: (@Sendable (any Swift.Error) throws -> Void)?
  let onCompleted: (@Sendable () throws -> Void)?
  let afterCompleted: (@Sendable () throws -> Void)?
  let onSubscribe: (@Sendable () -> Void)?
  let onSubscribed: (@Sendable () -> Void)?
  let onDispose: (@Sendable () -> Void)?
}

final class DoObservable<Element>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let handlers: DoHandlers<Element>

  init(source: Observable<Element>, handlers: DoHandlers<Element>) {
    self.source = source
    self.handlers = handlers
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    handlers.onSubscribe?()
    let sink = DoSink(observer: observer, handlers: handlers)
    sink.setUpstream(source.subscribe(sink))
    handlers.onSubscribed?()
    return sink
  }
}

final class DoSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: `handlers` is immutable except `onDispose`, which is read and cleared once by
  // `disposeResources()` (run once, by the caller that wins disposal).
  let handlers: DoHandlers<Observer.Element>
  private var onDispose: (@Sendable () -> Void)?

  init(observer: Observer, handlers: DoHandlers<Observer.Element>) {
    self.handlers = handlers
    onDispose = handlers.onDispose
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    guard !isDisposed else { return }
    do {
      switch event {
      case .next(let element):
        try handlers.onNext?(element)
        forwardNext(element)
        try handlers.afterNext?(element)
      case .error(let error):
        try handlers.onError?(error)
        guard let previous = claimDisposal() else { return }
        observer.on(.error(error))
        try? handlers.afterError?(error)
        finishDisposal(previous: previous)
      case .completed:
        try handlers.onCompleted?()
        guard let previous = claimDisposal() else { return }
        observer.on(.completed)
        try? handlers.afterCompleted?()
        finishDisposal(previous: previous)
      }
    } catch {
      forwardError(error)
    }
  }

  override func disposeResources() {
    let onDispose = self.onDispose
    self.onDispose = nil
    onDispose?()
  }
}
