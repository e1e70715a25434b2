extension ObservableType {
  /// Pairs each element with `object`, held weakly; completes as soon as an element arrives after `object` has
  /// been deallocated.
  ///
  /// An error thrown by `resultSelector` terminates the sequence with it.
  @preconcurrency
  public func withUnretained<Object: AnyObject, Out>(
    _ object: Object,
    resultSelector: @escaping @Sendable (Object, Element) throws -> Out
  ) -> Observable<Out> {
    WithUnretainedObservable(source: asObservable(), object: WeakReference(object), resultSelector: resultSelector)
  }

  /// Pairs each element with `object`, held weakly, as `(object, element)`; completes as soon as an element
  /// arrives after `object` has been deallocated.
  public func withUnretained<Object: AnyObject>(_ object: Object) -> Observable<(Object, Element)> {
    withUnretained(object) { ($0, $1) }
  }
}

final class WithUnretainedObservable<Object: AnyObject, Element, Out>: Observable<Out>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>
  let object: WeakReference<Object>
  let resultSelector: @Sendable (Object, Element) throws -> Out

  init(
    source: Observable<Element>,
    object: WeakReference<Object>,
    resultSelector: @escaping @Sendable (Object, Element) throws -> Out
  ) {
    self.source = source
    self.object = object
    self.resultSelector = resultSelector
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Out {
    let sink = WithUnretainedSink(observer: observer, object: object, resultSelector: resultSelector)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class WithUnretainedSink<Object: AnyObject, Element, Observer: ObserverType>: Sink<Observer>, ObserverType,
  @unchecked Sendable
{
  // @unchecked Sendable: only immutable state (a weak reference, which is safe to read from any thread).
  let object: WeakReference<Object>
  let resultSelector: @Sendable (Object, Element) throws -> Observer.Element

  init(
    observer: Observer,
    object: WeakReference<Object>,
    resultSelector: @escaping @Sendable (Object, Element) throws -> Observer.Element
  ) {
    self.object = object
    self.resultSelector = resultSelector
    super.init(observer: observer)
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      guard !isDisposed else { return }
      guard let object = object.object else {
        forwardCompleted()
        return
      }
      do {
        forwardNext(try resultSelector(object, element))
      } catch {
        forwardError(error)
      }
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
