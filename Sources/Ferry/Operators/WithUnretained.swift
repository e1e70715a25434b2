extension ObservableType {
  /// Pairs each element with `object`, held weakly; completes as soon as an element arrives after `object` has
  /// been deallocated.
  ///
  /// An error thrown by `resultSelector` terminates the sequence with it.
  @preconcurrency
  @inlinable
  public func withUnretained<Object: AnyObject, Out>(
    _ object: Object,
    resultSelector: @escaping @Sendable (Object, Element) throws -> Out
  ) -> Observable<Out> {
    let reference = WeakReference(object)
    // The event step is built here so that the client specialises it (see `EventStep`); it holds `object` weakly
    // and keeps it alive only while `resultSelector` runs.
    return MapObservable(source: asObservable()) { event, deliver in
      switch event {
      case .next(let element):
        guard let object = reference.object else { return .completed }
        do {
          deliver(.next(try resultSelector(object, element)))
        } catch {
          return .error(error)
        }
        return .consumed
      case .error(let error): return .error(error)
      case .completed: return .completed
      }
    }
  }

  /// Pairs each element with `object`, held weakly, as `(object, element)`; completes as soon as an element
  /// arrives after `object` has been deallocated.
  @inlinable
  public func withUnretained<Object: AnyObject>(_ object: Object) -> Observable<(Object, Element)> {
    withUnretained(object) { ($0, $1) }
  }
}
