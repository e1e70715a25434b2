extension ObservableType {
  /// Transforms each element with `transform`; an error thrown by `transform` terminates the sequence with it.
  @preconcurrency
  public func map<Result>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Observable<Result> {
    MapObservable(source: asObservable(), transform: transform)
  }
}

final class MapObservable<Source, Result>: Observable<Result>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Source>
  let transform: @Sendable (Source) throws -> Result

  init(source: Observable<Source>, transform: @escaping @Sendable (Source) throws -> Result) {
    self.source = source
    self.transform = transform
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Result {
    let sink = MapSink(observer: observer, transform: transform)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class MapSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: only immutable state (`transform`); `Sink`'s own state is atomic.
  let transform: @Sendable (Source) throws -> Observer.Element

  init(observer: Observer, transform: @escaping @Sendable (Source) throws -> Observer.Element) {
    self.transform = transform
    super.init(observer: observer)
  }

  func on(_ event: Event<Source>) {
    switch event {
    case .next(let element):
      do {
        forwardNext(try transform(element))
      } catch {
        forwardError(error)
      }
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
