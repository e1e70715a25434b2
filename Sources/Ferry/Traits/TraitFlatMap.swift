/// Forwards the events of an inner subscription to a sink (which enforces the grammar and disposal).
///
/// `Sendable`: `Sink` is `@unchecked Sendable` (see `UpstreamDisposer`).
struct TraitInnerObserver<Observer: ObserverType>: ObserverType {
  let sink: Sink<Observer>

  func on(_ event: Event<Observer.Element>) { sink.forward(event) }
}

/// Subscribes to the sequence `selector` returns for the first element of `source` and mirrors it; completes
/// if `source` completes without an element. The flat-map of ``Single`` and ``Maybe``.
final class TraitFlatMapObservable<Source, Result>: Observable<Result>, @unchecked Sendable {
  let source: Observable<Source>
  let selector: @Sendable (Source) throws -> Observable<Result>

  init(source: Observable<Source>, selector: @escaping @Sendable (Source) throws -> Observable<Result>) {
    self.source = source
    self.selector = selector
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Result {
    let sink = TraitFlatMapSink(observer: observer, selector: selector)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class TraitFlatMapSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: `started` is touched only from `on(_:)` (serialised by the grammar); `inner` is a
  // `SingleAssignmentDisposable` (its own lock).
  let selector: @Sendable (Source) throws -> Observable<Observer.Element>
  let inner = SingleAssignmentDisposable()
  var started = false

  init(observer: Observer, selector: @escaping @Sendable (Source) throws -> Observable<Observer.Element>) {
    self.selector = selector
    super.init(observer: observer)
  }

  func on(_ event: Event<Source>) {
    switch event {
    case .next(let element):
      guard !started else { return }
      started = true
      let next: Observable<Observer.Element>
      do {
        next = try selector(element)
      } catch {
        forwardError(error)
        return
      }
      inner.setDisposable(next.subscribe(TraitInnerObserver(sink: self)))
    case .error(let error):
      forwardError(error)
    case .completed:
      if !started { forwardCompleted() }
    }
  }

  override func disposeResources() { inner.dispose() }
}

/// Mirrors `first` until it completes, then mirrors `second`. The `andThen` of ``Completable``.
final class TraitConcatObservable<Element>: Observable<Element>, @unchecked Sendable {
  let first: Observable<Never>
  let second: Observable<Element>

  init(first: Observable<Never>, second: Observable<Element>) {
    self.first = first
    self.second = second
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = TraitConcatSink(observer: observer, second: second)
    sink.setUpstream(first.subscribe(sink))
    return sink
  }
}

final class TraitConcatSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: `second` is immutable; `inner` is a `SingleAssignmentDisposable` (its own lock).
  let second: Observable<Observer.Element>
  let inner = SingleAssignmentDisposable()

  init(observer: Observer, second: Observable<Observer.Element>) {
    self.second = second
    super.init(observer: observer)
  }

  func on(_ event: Event<Never>) {
    switch event {
    case .error(let error): forwardError(error)
    case .completed:
      if !isDisposed { inner.setDisposable(second.subscribe(TraitInnerObserver(sink: self))) }
    }
  }

  override func disposeResources() { inner.dispose() }
}
