extension ObservableType {
  /// Transforms each element with `transform` and emits the non-`nil` results; an error thrown by `transform`
  /// terminates the sequence with it.
  @preconcurrency
  public func compactMap<Result>(
    _ transform: @escaping @Sendable (Element) throws -> Result?
  ) -> Observable<Result> {
    CompactMapObservable(source: asObservable(), transform: transform)
  }
}

final class CompactMapObservable<Source, Result>: Observable<Result>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Source>
  let transform: @Sendable (Source) throws -> Result?

  init(source: Observable<Source>, transform: @escaping @Sendable (Source) throws -> Result?) {
    self.source = source
    self.transform = transform
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Result {
    let sink = CompactMapSink(observer: observer, transform: transform)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class CompactMapSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: only immutable state; events arrive serialised by the Rx grammar.
  #if DEBUG
  let synchronization = SynchronizationChecker("compactMap(_:)")
  #endif
  let transform: @Sendable (Source) throws -> Observer.Element?

  init(observer: Observer, transform: @escaping @Sendable (Source) throws -> Observer.Element?) {
    self.transform = transform
    super.init(observer: observer)
  }

  func on(_ event: Event<Source>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
    switch event {
    case .next(let element):
      do {
        if let result = try transform(element) { forwardNext(result) }
      } catch {
        forwardError(error)
      }
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
