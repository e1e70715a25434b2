extension ObservableType {
  /// Continues with the observable returned by `handler` when the source fails.
  ///
  /// The source's elements are forwarded; on error, `handler(error)` is called and its observable subscribed in
  /// place of the source (errors from that observable are forwarded, not caught again). An error thrown by
  /// `handler` terminates the sequence with it.
  @preconcurrency
  public func `catch`(
    _ handler: @escaping @Sendable (any Swift.Error) throws -> Observable<Element>
  ) -> Observable<Element> {
    CatchObservable(source: asObservable(), handler: handler)
  }

  /// Emits `element` and completes when the source fails.
  public func catchAndReturn(_ element: Element) -> Observable<Element> {
    let storage = ElementsStorage([element])
    return CatchObservable(source: asObservable()) { _ in ElementsObservable(storage) }
  }
}

final class CatchObservable<Element>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let handler: @Sendable (any Swift.Error) throws -> Observable<Element>

  init(source: Observable<Element>, handler: @escaping @Sendable (any Swift.Error) throws -> Observable<Element>) {
    self.source = source
    self.handler = handler
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = CatchSink(observer: observer, handler: handler)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class CatchSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: only immutable state; `handler` runs from `on(_:)` (serialised by the grammar);
  // `fallback` is a thread-safe `SerialDisposable`.
  #if DEBUG
  let synchronization = SynchronizationChecker("catch(_:) / catchAndReturn(_:)")
  #endif
  let handler: @Sendable (any Swift.Error) throws -> Observable<Observer.Element>
  let fallback = SerialDisposable()

  init(observer: Observer, handler: @escaping @Sendable (any Swift.Error) throws -> Observable<Observer.Element>) {
    self.handler = handler
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
    switch event {
    case .next(let element): forwardNext(element)
    case .completed: forwardCompleted()
    case .error(let error):
      guard !isDisposed else { return }
      let next: Observable<Observer.Element>
      do {
        next = try handler(error)
      } catch {
        forwardError(error)
        return
      }
      fallback.disposable = next.subscribe(CatchFallbackObserver(sink: self))
    }
  }

  override func disposeResources() { fallback.dispose() }
}

/// Forwards the events of the fallback observable of `catch(_:)` to its sink.
struct CatchFallbackObserver<Observer: ObserverType>: ObserverType {
  let sink: CatchSink<Observer>

  func on(_ event: Event<Observer.Element>) { sink.forward(event) }
}
