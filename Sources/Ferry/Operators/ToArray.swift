extension ObservableType {
  /// A ``Single`` with every element of the sequence, in order, once it completes.
  public func toArray() -> Single<[Element]> {
    Single(raw: ToArrayObservable(source: asObservable()))
  }
}

final class ToArrayObservable<Element>: Observable<[Element]>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>

  init(source: Observable<Element>) {
    self.source = source
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == [Element] {
    let sink = ToArraySink<Element, Observer>(observer: observer)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class ToArraySink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
where Observer.Element == [Element] {
  // `@unchecked Sendable`: `elements` is touched only from `on(_:)`, which the grammar serialises.
  #if DEBUG
  let synchronization = SynchronizationChecker("toArray()")
  #endif
  var elements: [Element] = []

  func on(_ event: Event<Element>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
    switch event {
    case .next(let element):
      elements.append(element)
    case .error(let error):
      elements = []
      forwardError(error)
    case .completed:
      let elements = self.elements
      self.elements = []
      forwardNext(elements)
      forwardCompleted()
    }
  }
}
