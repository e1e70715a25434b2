extension ObservableType where Element: ObservableConvertibleType {
  /// Emits the elements of the most recent inner sequence only: when a new inner sequence arrives, the
  /// subscription to the previous one is disposed.
  ///
  /// Completes when `self` and the current inner sequence have completed.
  @inlinable
  public func switchLatest() -> Observable<Element.Element> {
    SwitchObservable(subscribeOuter: SwitchObservable.makeSubscribe(asObservable()) { $0.asObservable() })
  }
}
