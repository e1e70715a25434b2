extension ObservableType {
  /// Emits the last `count` elements when the source completes, then completes.
  ///
  /// Elements are buffered until completion; an error is forwarded at once and the buffer dropped.
  ///
  /// - Precondition: `count >= 0`.
  @inlinable
  public func takeLast(_ count: Int) -> Observable<Element> {
    requireArgument(count >= 0, "takeLast(_:): count must be >= 0, got \(count)")
    // The step is built here so that the client specialises it (see `StatefulStepObservable`); the last `count`
    // elements are the subscription's state, emptied when the sequence stops so that they are not kept until
    // disposal. A disposal from inside the observer stops the replay: the sink delivers nothing once disposed.
    return StatefulStepObservable(
      source: asObservable(), initial: RingBuffer<Element>(capacity: count), operatorName: "takeLast(_:)"
    ) {
      event, buffer, deliver in
      switch event {
      case .next(let element):
        buffer.append(element)
        return .consumed
      case .error(let error):
        buffer.removeAll()
        return .error(error)
      case .completed:
        let elements = buffer.elements
        buffer.removeAll()
        for element in elements { deliver(.next(element)) }
        return .completed
      }
    }
  }
}
