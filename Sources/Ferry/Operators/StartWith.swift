extension ObservableType {
  /// Emits `elements`, in order, before the elements of `self`.
  @inlinable
  public func startWith(_ elements: Element...) -> Observable<Element> {
    // The step is built here so that the client specialises it (see `EventStep`).
    StartWithObservable(source: asObservable(), elements: ElementsStorage(elements), step: { passThroughStep($0) })
  }
}

@usableFromInline
final class StartWithObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>
  let elements: ElementsStorage<Element>
  let step: @Sendable (Event<Element>) -> EventStep

  @usableFromInline
  init(
    source: Observable<Element>, elements: ElementsStorage<Element>,
    step: @escaping @Sendable (Event<Element>) -> EventStep
  ) {
    self.source = source
    self.elements = elements
    self.step = step
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    // The sink of `filter`, whose step also passes the source's elements on unchanged.
    let sink = FilterSink(observer: observer, step: step)
    for element in elements.elements {
      // Disposal from inside `onNext` stops the prefix and skips the subscription to `source`.
      if sink.isDisposed { return sink }
      sink.forwardNext(element)
    }
    if sink.isDisposed { return sink }
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}
