extension ObservableType {
  /// Projects each element to an inner sequence with `selector` and concatenates them: an inner sequence is
  /// subscribed to only after the previous one completed (later ones are queued, in order).
  ///
  /// `selector` runs when the element arrives. Completes when `self` and every inner sequence have completed.
  @preconcurrency
  @inlinable
  public func concatMap<Source: ObservableConvertibleType>(
    _ selector: @escaping @Sendable (Element) throws -> Source
  ) -> Observable<Source.Element> {
    mergeObservable(asObservable(), maxConcurrent: 1, dropsWhileBusy: false) { try selector($0).asObservable() }
  }
}
