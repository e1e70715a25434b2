extension ObservableType {
  /// Replaces an error with the sequence returned by `handler`. Used to build `Driver` and `Signal`.
  func catchForSharedSequence(
    _ handler: @escaping @Sendable (any Swift.Error) -> Observable<Element>
  ) -> Observable<Element> {
    SharedSequenceCatchObservable(source: asObservable(), handler: handler)
  }
}

final class SharedSequenceCatchObservable<Element>: Observable<Element>, @unchecked Sendable {
  let source: Observable<Element>
  let handler: @Sendable (any Swift.Error) -> Observable<Element>

  init(source: Observable<Element>, handler: @escaping @Sendable (any Swift.Error) -> Observable<Element>) {
    self.source = source
    self.handler = handler
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = SharedSequenceCatchSink(observer: observer, handler: handler)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

/// Forwards the source, then on error the recovery sequence.
///
/// `@unchecked Sendable`: `recovery` is a `SingleAssignmentDisposable`; `handler` is immutable.
final class SharedSequenceCatchSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  let handler: @Sendable (any Swift.Error) -> Observable<Observer.Element>
  let recovery = SingleAssignmentDisposable()

  init(observer: Observer, handler: @escaping @Sendable (any Swift.Error) -> Observable<Observer.Element>) {
    self.handler = handler
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next, .completed:
      forward(event)
    case .error(let error):
      guard !isDisposed else { return }
      recovery.setDisposable(handler(error).subscribe(RecoveryObserver(sink: self)))
    }
  }

  override func disposeResources() { recovery.dispose() }

  struct RecoveryObserver: ObserverType {
    let sink: SharedSequenceCatchSink
    func on(_ event: Event<Observer.Element>) { sink.forward(event) }
  }
}
