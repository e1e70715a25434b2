extension ObservableType {
  /// Drops the first `count` elements and emits the rest.
  ///
  /// - Precondition: `count >= 0`.
  public func skip(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "skip(_:): count must be >= 0, got \(count)")
    return SkipCountObservable(source: asObservable(), count: count)
  }
}

final class SkipCountObservable<Element>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let count: Int

  init(source: Observable<Element>, count: Int) {
    self.source = source
    self.count = count
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = SkipCountSink(observer: observer, count: count)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class SkipCountSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: `remaining` is touched only from `on(_:)`, which the Rx grammar serialises.
  #if DEBUG
  let synchronization = SynchronizationChecker("skip(_:)")
  #endif
  private var remaining: Int

  init(observer: Observer, count: Int) {
    remaining = count
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
    switch event {
    case .next(let element):
      if remaining > 0 {
        remaining -= 1
      } else {
        forwardNext(element)
      }
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
