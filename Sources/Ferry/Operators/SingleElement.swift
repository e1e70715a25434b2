extension ObservableType {
  /// Emits the only element of the sequence as soon as it arrives and completes with the sequence; fails with
  /// `RxError.moreThanOneElement` at a second element and with `RxError.noElements` if the sequence completes empty
  /// (as RxSwift's `single()`).
  @inlinable
  public func single() -> Observable<Element> {
    single { _ in true }
  }

  /// Emits the only element that satisfies `predicate` as soon as it arrives and completes with the sequence; fails
  /// with `RxError.moreThanOneElement` at a second such element, with `RxError.noElements` if the sequence
  /// completes without one, and with the error `predicate` throws.
  @preconcurrency
  @inlinable
  public func single(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
    // The step is built here so that the client specialises it (see `StatefulStepObservable`); whether the one
    // element has been seen is the subscription's state.
    StatefulStepObservable(source: asObservable(), initial: false, operatorName: "single(_:)") {
      event, seen, deliver in
      switch event {
      case .next(let element):
        do {
          guard try predicate(element) else { return .consumed }
        } catch {
          return .error(error)
        }
        if seen { return .error(RxError.moreThanOneElement) }
        seen = true
        deliver(event)
        return .consumed
      case .error(let error): return .error(error)
      case .completed: return seen ? .completed : .error(RxError.noElements)
      }
    }
  }
}
