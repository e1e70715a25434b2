extension ObservableType {
  /// The sequence as a ``Single``: its only element, then success.
  ///
  /// Fails with ``RxError/noElements`` if the sequence completes without an element and with
  /// ``RxError/moreThanOneElement`` as soon as it emits a second one.
  @inlinable
  public func asSingle() -> Single<Element> {
    Single(raw: onlyElement(allowsEmpty: false, operatorName: "asSingle()"))
  }

  /// Emits the only element of the sequence when it completes; fails on a second element, and on none unless
  /// `allowsEmpty` (then it just completes). Backs `asSingle()` and `asMaybe()`.
  @inlinable
  func onlyElement(allowsEmpty: Bool, operatorName: StaticString) -> Observable<Element> {
    // The step is built here so that the client specialises it (see `StatefulStepObservable`); the element seen so
    // far is the subscription's state (an optional of `Element`, so a `nil` element of an optional type is still
    // an element), handed out or dropped when the sequence stops.
    StatefulStepObservable(source: asObservable(), initial: Element?.none, operatorName: operatorName) {
      event, only, deliver in
      switch event {
      case .next(let element):
        guard only == nil else {
          only = nil
          return .error(RxError.moreThanOneElement)
        }
        only = element
        return .consumed
      case .error(let error):
        only = nil
        return .error(error)
      case .completed:
        guard let element = only.take() else {
          return allowsEmpty ? .completed : .error(RxError.noElements)
        }
        deliver(.next(element))
        return .completed
      }
    }
  }
}
