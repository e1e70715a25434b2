extension ObservableType {
  /// Drops the first `count` elements and emits the rest.
  ///
  /// - Precondition: `count >= 0`.
  @inlinable
  public func skip(_ count: Int) -> Observable<Element> {
    requireArgument(count >= 0, "skip(_:): count must be >= 0, got \(count)")
    // The step is built here so that the client specialises it (see `StatefulStepObservable`); the number of
    // elements still to drop is the subscription's state.
    return StatefulStepObservable(source: asObservable(), initial: count, operatorName: "skip(_:)") {
      event, remaining, deliver in
      switch event {
      case .next:
        if remaining > 0 {
          remaining -= 1
        } else {
          deliver(event)
        }
        return .consumed
      case .error(let error): return .error(error)
      case .completed: return .completed
      }
    }
  }
}
