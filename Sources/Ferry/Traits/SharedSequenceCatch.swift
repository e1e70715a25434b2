extension ObservableType {
  /// Replaces an error with the sequence returned by `handler`. Used to build `Driver` and `Signal`; the one
  /// `catch(_:)` operator does the work.
  @inlinable
  func catchForSharedSequence(
    _ handler: @escaping @Sendable (any Swift.Error) -> Observable<Element>
  ) -> Observable<Element> {
    catchObservable(asObservable(), handler: handler)
  }
}
