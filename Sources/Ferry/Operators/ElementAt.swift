extension ObservableType {
  /// Emits only the element at `index` (zero-based), then completes.
  ///
  /// If the source completes before producing that element, the sequence fails with
  /// ``RxError/argumentOutOfRange``.
  ///
  /// - Precondition: `index >= 0`.
  @inlinable
  public func element(at index: Int) -> Observable<Element> {
    requireArgument(index >= 0, "element(at:): index must be >= 0, got \(index)")
    // The step is built here so that the client specialises it (see `StatefulStepObservable`); the number of
    // elements still to skip is the subscription's state.
    return StatefulStepObservable(
      source: asObservable(), initial: index, operatorName: "element(at:)"
    ) {
      event, remaining, deliver in
      switch event {
      case .next:
        guard remaining == 0 else {
          remaining -= 1
          return .consumed
        }
        deliver(event)
        return .completed
      case .error(let error): return .error(error)
      case .completed: return .error(RxError.argumentOutOfRange)
      }
    }
  }
}
