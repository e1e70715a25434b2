extension ObservableType {
  /// Emits the first `count` elements, then completes (and disposes the source).
  ///
  /// `take(0)` completes at once without subscribing to the source.
  ///
  /// - Precondition: `count >= 0`.
  @inlinable
  public func take(_ count: Int) -> Observable<Element> {
    requireArgument(count >= 0, "take(_:): count must be >= 0, got \(count)")
    if count == 0 { return Observable.empty() }
    // The step is built here so that the client specialises it (see `StatefulStepObservable`); the number of
    // elements still to take is the subscription's state. It is counted down before the element is delivered, so
    // that an element sent again from inside the observer finds it already taken.
    return StatefulStepObservable(source: asObservable(), initial: count, operatorName: "take(_:)") {
      event, remaining, deliver in
      switch event {
      case .next:
        guard remaining > 0 else { return .consumed }
        remaining -= 1
        let isLast = remaining == 0
        deliver(event)
        return isLast ? .completed : .consumed
      case .error(let error): return .error(error)
      case .completed: return .completed
      }
    }
  }
}
