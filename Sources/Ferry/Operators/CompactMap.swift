extension ObservableType {
  /// Transforms each element with `transform` and emits the non-`nil` results; an error thrown by `transform`
  /// terminates the sequence with it.
  @_disfavoredOverload
  @preconcurrency
  @inlinable
  public func compactMap<Result>(
    _ transform: @escaping @Sendable (Element) throws -> Result?
  ) -> Observable<Result> {
    // `map`'s engine with a step that delivers only the non-`nil` results; built here so that the client
    // specialises it (see `EventStep`): a sink of its own, run as generic code, cost about five times `map`.
    MapObservable(source: asObservable()) { event, deliver in
      switch event {
      case .next(let element):
        do {
          if let result = try transform(element) { deliver(.next(result)) }
          return .consumed
        } catch {
          return .error(error)
        }
      case .error(let error): return .error(error)
      case .completed: return .completed
      }
    }
  }
}
