extension ObservableType {
  /// Emits the elements of `self`, then, once it completed, those of `second`.
  @inlinable
  public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
  where Source.Element == Element {
    Observable.concat([asObservable(), second.asObservable()])
  }

  /// Emits the elements of each of `sources` in turn, subscribing to the next one when the previous completed.
  ///
  /// Synchronously completing sources are subscribed to in a loop, not recursively, so long chains do not grow
  /// the stack.
  @inlinable
  public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
    Observable.concat(sources)
  }
}

extension ObservableType where Element: ObservableConvertibleType {
  /// Emits the elements of each inner sequence in turn: the next one is subscribed to when the previous one
  /// completed (inner sequences that arrive meanwhile are queued, in order).
  @inlinable
  public func concat() -> Observable<Element.Element> {
    mergeObservable(asObservable(), maxConcurrent: 1, dropsWhileBusy: false) { $0.asObservable() }
  }
}
