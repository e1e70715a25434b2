/// Mirrors `source`; if it completes without an element, subscribes to `fallback` and mirrors that instead.
final class TraitIfEmptyObservable<Element>: Observable<Element>, @unchecked Sendable {
  let source: Observable<Element>
  let fallback: Observable<Element>

  init(source: Observable<Element>, fallback: Observable<Element>) {
    self.source = source
    self.fallback = fallback
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = TraitIfEmptySink(observer: observer, fallback: fallback)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class TraitIfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: `hasElement` is touched only from `on(_:)` (serialised by the grammar); `inner` is a
  // `SingleAssignmentDisposable` (its own lock).
  let fallback: Observable<Observer.Element>
  let inner = SingleAssignmentDisposable()
  var hasElement = false

  init(observer: Observer, fallback: Observable<Observer.Element>) {
    self.fallback = fallback
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element):
      hasElement = true
      forwardNext(element)
    case .error(let error):
      forwardError(error)
    case .completed:
      if hasElement {
        forwardCompleted()
      } else if !isDisposed {
        inner.setDisposable(fallback.subscribe(TraitInnerObserver(sink: self)))
      }
    }
  }

  override func disposeResources() { inner.dispose() }
}
