extension ObservableType {
  /// Emits the last `count` elements when the source completes, then completes.
  ///
  /// Elements are buffered until completion; an error is forwarded at once and the buffer dropped.
  ///
  /// - Precondition: `count >= 0`.
  public func takeLast(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "takeLast(_:): count must be >= 0, got \(count)")
    return TakeLastObservable(source: asObservable(), count: count)
  }
}

final class TakeLastObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>
  let count: Int

  init(source: Observable<Element>, count: Int) {
    self.source = source
    self.count = count
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = TakeLastSink(observer: observer, count: count)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class TakeLastSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: `buffer` is touched only from `on(_:)` (serialised by the grammar) and released by
  // `disposeResources()`, which runs once after the upstream is disposed.
  #if DEBUG
  let synchronization = SynchronizationChecker("takeLast(_:)")
  #endif
  private var buffer: RingBuffer<Observer.Element>

  init(observer: Observer, count: Int) {
    buffer = RingBuffer(capacity: count)
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
      buffer.append(element)
    case .error(let error): forwardError(error)
    case .completed:
      guard !isDisposed else { return }
      let elements = buffer.elements
      buffer.removeAll()
      for element in elements {
        if isDisposed { return }
        forwardNext(element)
      }
      forwardCompleted()
    }
  }
}
