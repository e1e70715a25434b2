extension ObservableType {
  /// Emits `elements`, in order, before the elements of `self`.
  public func startWith(_ elements: Element...) -> Observable<Element> {
    StartWithObservable(source: asObservable(), elements: ElementsStorage(elements))
  }
}

final class StartWithObservable<Element>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let elements: ElementsStorage<Element>

  init(source: Observable<Element>, elements: ElementsStorage<Element>) {
    self.source = source
    self.elements = elements
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = StartWithSink(observer: observer)
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

final class StartWithSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: no mutable state of its own.
  func on(_ event: Event<Observer.Element>) { forward(event) }
}
