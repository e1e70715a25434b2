extension ObservableType {
  /// Turns every event of the source into an element: `.next(x)` → `.next(.next(x))`, a stop event `e` →
  /// `.next(e)` followed by `.completed`. The result never errors.
  public func materialize() -> Observable<Event<Element>> {
    MaterializeObservable(source: asObservable())
  }
}

final class MaterializeObservable<Element>: Observable<Event<Element>>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>

  init(source: Observable<Element>) { self.source = source }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Event<Element> {
    let sink = MaterializeSink(observer: observer)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class MaterializeSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
where Observer.Element == Event<Element> {
  // @unchecked Sendable: no mutable state of its own.
  func on(_ event: Event<Element>) {
    forwardNext(event)
    if event.isStopEvent { forwardCompleted() }
  }
}
