extension ObservableType {
  /// Projects an element to an inner sequence with `selector` only when no inner sequence is active, and emits
  /// its elements; elements that arrive while one is active are ignored (`selector` is not called for them).
  ///
  /// Completes when `self` and the active inner sequence have completed.
  @preconcurrency
  @inlinable
  public func flatMapFirst<Source: ObservableConvertibleType>(
    _ selector: @escaping @Sendable (Element) throws -> Source
  ) -> Observable<Source.Element> {
    mergeObservable(asObservable(), maxConcurrent: 1, dropsWhileBusy: true) { try selector($0).asObservable() }
  }
}
