extension ObservableType {
  /// Projects each element to an inner sequence with `selector` and merges the elements of all inner sequences.
  ///
  /// Completes when `self` and every inner sequence have completed; an error from `self`, from an inner
  /// sequence or thrown by `selector` terminates the result. Disposing the result disposes every inner
  /// subscription.
  @preconcurrency
  @inlinable
  public func flatMap<Source: ObservableConvertibleType>(
    _ selector: @escaping @Sendable (Element) throws -> Source
  ) -> Observable<Source.Element> {
    mergeObservable(asObservable(), maxConcurrent: .max, dropsWhileBusy: false) { try selector($0).asObservable() }
  }
}
