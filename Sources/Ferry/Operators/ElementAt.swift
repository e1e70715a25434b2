extension ObservableType {
  /// Emits only the element at `index` (zero-based), then completes.
  ///
  /// If the source completes before producing that element, the sequence fails with
  /// ``RxError/argumentOutOfRange``.
  ///
  /// - Precondition: `index >= 0`.
  public func element(at index: Int) -> Observable<Element> {
    precondition(index >= 0, "element(at:): index must be >= 0, got \(index)")
    return ElementAtObservable(source: asObservable(), index: index)
  }
}

final class ElementAtObservable<Element>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let index: Int

  init(source: Observable<Element>, index: Int) {
    self.source = source
    self.index = index
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = ElementAtSink(observer: observer, index: index)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class ElementAtSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: `remaining` is touched only from `on(_:)`, which the Rx grammar serialises.
  #if DEBUG
  let synchronization = SynchronizationChecker("element(at:)")
  #endif
  private var remaining: Int

  init(observer: Observer, index: Int) {
    remaining = index
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
      if remaining == 0 {
        forwardNext(element)
        forwardCompleted()
      } else {
        remaining -= 1
      }
    case .error(let error): forwardError(error)
    case .completed: forwardError(RxError.argumentOutOfRange)
    }
  }
}
