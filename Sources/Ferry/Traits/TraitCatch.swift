/// Mirrors `source`; when it fails, subscribes to the sequence `handler` returns and mirrors that instead.
final class TraitCatchObservable<Element>: Observable<Element>, @unchecked Sendable {
  let source: Observable<Element>
  let handler: @Sendable (any Swift.Error) throws -> Observable<Element>

  init(source: Observable<Element>, handler: @escaping @Sendable (any Swift.Error) throws -> Observable<Element>) {
    self.source = source
    self.handler = handler
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = TraitCatchSink(observer: observer, handler: handler)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class TraitCatchSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: `handler` is immutable; `fallback` is a `SingleAssignmentDisposable` (its own lock).
  let handler: @Sendable (any Swift.Error) throws -> Observable<Observer.Element>
  let fallback = SingleAssignmentDisposable()

  init(observer: Observer, handler: @escaping @Sendable (any Swift.Error) throws -> Observable<Observer.Element>) {
    self.handler = handler
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
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
      fallback.setDisposable(next.subscribe(TraitInnerObserver(sink: self)))
    }
  }

  override func disposeResources() { fallback.dispose() }
}
