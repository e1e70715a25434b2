extension ObservableType where Element: ObservableConvertibleType {
  /// Emits the elements of the most recent inner sequence only: when a new inner sequence arrives, the
  /// subscription to the previous one is disposed.
  ///
  /// Completes when `self` and the current inner sequence have completed.
  public func switchLatest() -> Observable<Element.Element> {
    SwitchObservable(source: asObservable()) { $0 }
  }
}
