extension ObservableType {
  /// A ``Single`` with the first element of the sequence, or `nil` if it completes without one.
  ///
  /// The subscription to the sequence is disposed as soon as the first element arrives.
  public func first() -> Single<Element?> {
    Single(raw: FirstObservable(source: asObservable()))
  }
}

final class FirstObservable<Element>: Observable<Element?>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>

  init(source: Observable<Element>) {
    self.source = source
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element? {
    let sink = FirstSink<Element, Observer>(observer: observer)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class FirstSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
where Observer.Element == Element? {
  // `@unchecked Sendable`: no mutable state of its own.
  func on(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      forwardNext(element)
      forwardCompleted()
    case .error(let error):
      forwardError(error)
    case .completed:
      forwardNext(nil)
      forwardCompleted()
    }
  }
}
