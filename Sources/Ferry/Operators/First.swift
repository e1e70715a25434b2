extension ObservableType {
  /// A ``Single`` with the first element of the sequence, or `nil` if it completes without one.
  ///
  /// The subscription to the sequence is disposed as soon as the first element arrives.
  @inlinable
  public func first() -> Single<Element?> {
    // The step is built here so that the client specialises it (see `StatefulStepObservable`); it keeps no state.
    Single(
      raw: StatefulStepObservable(source: asObservable(), initial: (), operatorName: "first()") {
        event, _, deliver in
        switch event {
        case .next(let element):
          deliver(.next(element))
          return .completed
        case .error(let error): return .error(error)
        case .completed:
          deliver(.next(nil))
          return .completed
        }
      })
  }
}
