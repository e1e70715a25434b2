extension ObservableType {
  /// A ``Single`` with every element of the sequence, in order, once it completes.
  @inlinable
  public func toArray() -> Single<[Element]> {
    // The step is built here so that the client specialises it (see `StatefulStepObservable`); the elements
    // received so far are the subscription's state, emptied when the sequence stops so that they are not kept
    // until disposal.
    Single(
      raw: StatefulStepObservable(
        source: asObservable(), initial: [Element](), operatorName: "toArray()"
      ) {
        event, elements, deliver in
        switch event {
        case .next(let element):
          elements.append(element)
          return .consumed
        case .error(let error):
          elements = []
          return .error(error)
        case .completed:
          var all: [Element] = []
          swap(&all, &elements)
          deliver(.next(all))
          return .completed
        }
      })
  }
}
