extension ObservableType {
  /// Emits only the elements for which `predicate` returns `true`; an error thrown by `predicate` terminates
  /// the sequence with it.
  @preconcurrency
  public func filter(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
    FilterObservable(source: asObservable(), predicate: predicate)
  }
}

final class FilterObservable<Element>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let predicate: @Sendable (Element) throws -> Bool

  init(source: Observable<Element>, predicate: @escaping @Sendable (Element) throws -> Bool) {
    self.source = source
    self.predicate = predicate
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = FilterSink(observer: observer, predicate: predicate)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class FilterSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: only immutable state (`predicate`); `Sink`'s own state is atomic.
  let predicate: @Sendable (Observer.Element) throws -> Bool

  init(observer: Observer, predicate: @escaping @Sendable (Observer.Element) throws -> Bool) {
    self.predicate = predicate
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element):
      do {
        if try predicate(element) { forwardNext(element) }
      } catch {
        forwardError(error)
      }
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
