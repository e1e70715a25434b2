extension ObservableType {
  /// A ``Completable`` that drops every element and mirrors the sequence's termination.
  ///
  /// RxSwift 6 returns `Observable<Never>` here (RxSwift 5 returned `Completable`). Ferry returns a
  /// `Completable` and also offers the `Observable<Never>` form where the context asks for it, so both
  /// `ignoreElements().asCompletable()` and `let done: Completable = ignoreElements()` compile.
  public func ignoreElements() -> Completable {
    Completable(raw: IgnoreElementsObservable(source: asObservable()))
  }

  /// An `Observable<Never>` that drops every element and mirrors the sequence's termination (RxSwift 6's
  /// signature; chosen when the context needs an `Observable<Never>`).
  @_disfavoredOverload
  public func ignoreElements() -> Observable<Never> {
    IgnoreElementsObservable(source: asObservable())
  }
}

extension ObservableType where Element == Never {
  /// The sequence as a ``Completable``.
  public func asCompletable() -> Completable {
    Completable(raw: asObservable())
  }
}

final class IgnoreElementsObservable<Element>: Observable<Never>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>

  init(source: Observable<Element>) {
    self.source = source
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Never {
    let sink = IgnoreElementsSink<Element, Observer>(observer: observer)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class IgnoreElementsSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
where Observer.Element == Never {
  // @unchecked Sendable: no mutable state of its own.
  func on(_ event: Event<Element>) {
    switch event {
    case .next: break
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
