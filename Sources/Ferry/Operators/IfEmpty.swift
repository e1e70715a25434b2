extension ObservableType {
  /// Emits `element` and completes if `self` completes without an element; otherwise mirrors `self`.
  public func ifEmpty(default element: Element) -> Observable<Element> {
    let storage = ElementsStorage([element])
    return IfEmptyObservable(source: asObservable(), fallback: ElementsObservable(storage))
  }

  /// Continues with `other` if `self` completes without an element; otherwise mirrors `self`.
  public func ifEmpty<Other: ObservableConvertibleType>(switchTo other: Other) -> Observable<Element>
  where Other.Element == Element {
    IfEmptyObservable(source: asObservable(), fallback: other.asObservable())
  }
}

/// Mirrors `source`; if it completes without an element, subscribes to `fallback` and mirrors that instead.
final class IfEmptyObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>
  let fallback: Observable<Element>

  init(source: Observable<Element>, fallback: Observable<Element>) {
    self.source = source
    self.fallback = fallback
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = IfEmptySink(observer: observer, fallback: fallback)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class IfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: `hasElement` is touched only from `on(_:)` (serialised by the grammar); `inner` is a
  // `SingleAssignmentDisposable` (its own lock).
  #if DEBUG
  let synchronization = SynchronizationChecker("ifEmpty(switchTo:)")
  #endif
  let fallback: Observable<Observer.Element>
  let inner = SingleAssignmentDisposable()
  var hasElement = false

  init(observer: Observer, fallback: Observable<Observer.Element>) {
    self.fallback = fallback
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
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
        inner.setDisposable(fallback.subscribe(SinkForwarder(sink: self)))
      }
    }
  }

  override func disposeResources() { inner.dispose() }
}
