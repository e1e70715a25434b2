extension ObservableType {
  /// Drops the source's elements until `other` emits an element, then emits every later element.
  ///
  /// `other` is subscribed first and disposed after its first element. An error from `other` terminates the
  /// sequence with it; completion of `other` without an element leaves the gate closed (the source's elements
  /// keep being dropped until it terminates). If the source completes while the gate is closed, the result ends
  /// without an event (as in RxSwift): its subscriptions are disposed and nothing is delivered; a source error is
  /// always forwarded.
  @inlinable
  public func skip<Other>(until other: some ObservableType<Other>) -> Observable<Element> {
    gated(by: other.asObservable(), .skip)
  }
}
