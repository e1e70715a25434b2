extension ObservableType {
  /// Emits the source's elements until `other` emits an element, then completes.
  ///
  /// `other` is subscribed first; if it emits synchronously, the source is never subscribed. An error from
  /// `other` terminates the sequence with it; completion of `other` without an element changes nothing.
  @inlinable
  public func take<Other>(until other: some ObservableType<Other>) -> Observable<Element> {
    gated(by: other.asObservable(), .take)
  }
}
