extension ObservableType {
  /// Pairs each element with its index, counting from 0; fails with `RxError.overflow` if the index would overflow.
  @inlinable
  public func enumerated() -> Observable<(index: Int, element: Element)> {
    // The step is built here so that the client specialises it (see `StatefulStepObservable`); the next index is the
    // subscription's state.
    StatefulStepObservable(source: asObservable(), initial: 0, operatorName: "enumerated()") {
      event, index, deliver in
      switch event {
      case .next(let element):
        let (next, overflow) = index.addingReportingOverflow(1)
        if overflow { return .error(RxError.overflow) }
        deliver(.next((index: index, element: element)))
        index = next
        return .consumed
      case .error(let error): return .error(error)
      case .completed: return .completed
      }
    }
  }
}
