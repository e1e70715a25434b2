extension ObservableType {
  /// Drops elements while `predicate` returns `true`, then emits every element from the first one for which it
  /// returns `false` (the predicate is not called again).
  ///
  /// An error thrown by `predicate` terminates the sequence with it.
  @preconcurrency
  @inlinable
  public func skip(while predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
    // The step is built here so that the client specialises it (see `StatefulStepObservable`); whether elements are
    // still being skipped is the subscription's state.
    StatefulStepObservable(source: asObservable(), initial: true, operatorName: "skip(while:)") {
      event, skipping, deliver in
      switch event {
      case .next(let element):
        if skipping {
          do {
            skipping = try predicate(element)
          } catch {
            return .error(error)
          }
          if skipping { return .consumed }
        }
        deliver(event)
        return .consumed
      case .error(let error): return .error(error)
      case .completed: return .completed
      }
    }
  }
}
