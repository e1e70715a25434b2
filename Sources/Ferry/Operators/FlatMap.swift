extension ObservableType {
  /// Projects each element to an inner sequence with `selector` and merges the elements of all inner sequences.
  ///
  /// Completes when `self` and every inner sequence have completed; an error from `self`, from an inner
  /// sequence or thrown by `selector` terminates the result. Disposing the result disposes every inner
  /// subscription.
  @preconcurrency
  public func flatMap<Source: ObservableConvertibleType>(
    _ selector: @escaping @Sendable (Element) throws -> Source
  ) -> Observable<Source.Element> {
    MergeObservable(source: asObservable(), maxConcurrent: .max, overflow: .queue, selector: selector)
  }
}
