extension ObservableType {
  /// Emits the first `count` elements, then completes (and disposes the source).
  ///
  /// `take(0)` completes at once without subscribing to the source.
  ///
  /// - Precondition: `count >= 0`.
  public func take(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "take(_:): count must be >= 0, got \(count)")
    if count == 0 { return Observable.empty() }
    return TakeCountObservable(source: asObservable(), count: count)
  }
}

final class TakeCountObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>
  let count: Int

  init(source: Observable<Element>, count: Int) {
    self.source = source
    self.count = count
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = TakeCountSink(observer: observer, count: count)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class TakeCountSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: `remaining` is touched only from `on(_:)`, which the Rx grammar serialises.
  #if DEBUG
  let synchronization = SynchronizationChecker("take(_:)")
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
      guard remaining > 0 else { return }
      remaining -= 1
      forwardNext(element)
      if remaining == 0 { forwardCompleted() }
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
