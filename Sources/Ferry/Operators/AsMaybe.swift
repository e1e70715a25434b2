extension ObservableType {
  /// The sequence as a ``Maybe``: its only element, or completion if it has none.
  ///
  /// Fails with ``RxError/moreThanOneElement`` as soon as the sequence emits a second element.
  @inlinable
  public func asMaybe() -> Maybe<Element> {
    Maybe(raw: onlyElement(allowsEmpty: true, operatorName: "asMaybe()"))
  }
}
