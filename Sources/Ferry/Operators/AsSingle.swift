extension ObservableType {
  /// The sequence as a ``Single``: its only element, then success.
  ///
  /// Fails with ``RxError/noElements`` if the sequence completes without an element and with
  /// ``RxError/moreThanOneElement`` as soon as it emits a second one.
  public func asSingle() -> Single<Element> {
    Single(raw: AsSingleObservable(source: asObservable(), allowsEmpty: false))
  }
}

/// Emits the only element of `source` when it completes; fails on a second element, and on none unless
/// `allowsEmpty` (then it just completes). Backs `asSingle()` and `asMaybe()`.
final class AsSingleObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>
  let allowsEmpty: Bool

  init(source: Observable<Element>, allowsEmpty: Bool) {
    self.source = source
    self.allowsEmpty = allowsEmpty
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = AsSingleSink(observer: observer, allowsEmpty: allowsEmpty)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class AsSingleSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: `element` is touched only from `on(_:)`, which the grammar serialises.
  let allowsEmpty: Bool
  var element: Observer.Element?
  var hasElement = false
  #if DEBUG
  let synchronization: SynchronizationChecker
  #endif

  init(observer: Observer, allowsEmpty: Bool) {
    self.allowsEmpty = allowsEmpty
    #if DEBUG
    synchronization = SynchronizationChecker(allowsEmpty ? "asMaybe()" : "asSingle()")
    #endif
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
    switch event {
    case .next(let element):
      if hasElement {
        self.element = nil
        forwardError(RxError.moreThanOneElement)
      } else {
        hasElement = true
        self.element = element
      }
    case .error(let error):
      forwardError(error)
    case .completed:
      if hasElement, let element {
        self.element = nil
        forwardNext(element)
        forwardCompleted()
      } else if allowsEmpty {
        forwardCompleted()
      } else {
        forwardError(RxError.noElements)
      }
    }
  }
}
