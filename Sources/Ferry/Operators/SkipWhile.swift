extension ObservableType {
  /// Drops elements while `predicate` returns `true`, then emits every element from the first one for which it
  /// returns `false` (the predicate is not called again).
  ///
  /// An error thrown by `predicate` terminates the sequence with it.
  @preconcurrency
  public func skip(while predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
    SkipWhileObservable(source: asObservable(), predicate: predicate)
  }
}

final class SkipWhileObservable<Element>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let predicate: @Sendable (Element) throws -> Bool

  init(source: Observable<Element>, predicate: @escaping @Sendable (Element) throws -> Bool) {
    self.source = source
    self.predicate = predicate
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = SkipWhileSink(observer: observer, predicate: predicate)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class SkipWhileSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: `skipping` is touched only from `on(_:)`, which the Rx grammar serialises.
  #if DEBUG
  let synchronization = SynchronizationChecker("skip(while:)")
  #endif
  private var skipping = true
  let predicate: @Sendable (Observer.Element) throws -> Bool

  init(observer: Observer, predicate: @escaping @Sendable (Observer.Element) throws -> Bool) {
    self.predicate = predicate
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
    switch event {
    case .next(let element):
      guard !isDisposed else { return }
      if skipping {
        do {
          skipping = try predicate(element)
        } catch {
          forwardError(error)
          return
        }
        if skipping { return }
      }
      forwardNext(element)
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
