extension ObservableType {
  /// Continues with the observable returned by `handler` when the source fails.
  ///
  /// The source's elements are forwarded; on error, `handler(error)` is called and its observable subscribed in
  /// place of the source (errors from that observable are forwarded, not caught again). An error thrown by
  /// `handler` terminates the sequence with it.
  @preconcurrency
  @inlinable
  public func `catch`(
    _ handler: @escaping @Sendable (any Swift.Error) throws -> Observable<Element>
  ) -> Observable<Element> {
    // The event step is built here so that the client specialises it (see `EventStep`).
    CatchObservable(source: asObservable(), step: { passThroughStep($0) }, handler: handler)
  }

  /// Emits `element` and completes when the source fails.
  public func catchAndReturn(_ element: Element) -> Observable<Element> {
    let storage = ElementsStorage([element])
    return CatchObservable(source: asObservable(), step: { passThroughStep($0) }) { _ in ElementsObservable(storage) }
  }
}

@usableFromInline
final class CatchObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>
  let step: @Sendable (Event<Element>) -> EventStep
  let handler: @Sendable (any Swift.Error) throws -> Observable<Element>

  @usableFromInline
  init(
    source: Observable<Element>, step: @escaping @Sendable (Event<Element>) -> EventStep,
    handler: @escaping @Sendable (any Swift.Error) throws -> Observable<Element>
  ) {
    self.source = source
    self.step = step
    self.handler = handler
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = CatchSink(observer: observer, step: step, handler: handler)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class CatchSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: only immutable state; `handler` runs from `on(_:)` (serialised by the grammar); `fallback` is
  // a thread-safe `SerialDisposable`.
  #if DEBUG
  let synchronization = SynchronizationChecker("catch(_:) / catchAndReturn(_:)")
  #endif
  /// The source's events, classified by a step built in the client (`.next` is then forwarded by address): a
  /// `switch` over the generic event here looked the event type's metadata up on every element.
  let step: @Sendable (Event<Observer.Element>) -> EventStep
  let handler: @Sendable (any Swift.Error) throws -> Observable<Observer.Element>
  let fallback = SerialDisposable()

  init(
    observer: Observer, step: @escaping @Sendable (Event<Observer.Element>) -> EventStep,
    handler: @escaping @Sendable (any Swift.Error) throws -> Observable<Observer.Element>
  ) {
    self.step = step
    self.handler = handler
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
    switch step(event) {
    case .forwardNext: forwardNextEvent(event)
    case .consumed: break
    case .completed: forwardCompleted()
    case .error(let error): recover(from: error)
    }
  }

  /// Subscribes the fallback in place of the failed source. Out of line: it builds values of generic types, whose
  /// metadata the compiler looks up on entry to the function that does so, whichever path runs.
  @inline(never)
  private func recover(from error: any Swift.Error) {
    guard !isDisposed else { return }
    let next: Observable<Observer.Element>
    do {
      next = try handler(error)
    } catch {
      forwardError(error)
      return
    }
    fallback.disposable = next.subscribe(SinkForwarder(sink: self))
  }

  override func disposeResources() { fallback.dispose() }
}
