// Operators on `Driver` and `Signal` that return the same trait. Each applies the Observable operator to the
// shared source (which already delivers on the sharing scheduler and never errors) and shares the result
// again, as RxCocoa does. Closures are non-throwing: a trait cannot error.

extension SharedSequenceConvertibleType {
  /// Transforms each element with `transform`.
  public func map<Result>(
    _ transform: @escaping @Sendable (Element) -> Result
  ) -> SharedSequence<SharingStrategy, Result> {
    SharedSequence(asObservable().map(transform))
  }

  /// Transforms each element with `transform` and drops the `nil` results.
  public func compactMap<Result>(
    _ transform: @escaping @Sendable (Element) -> Result?
  ) -> SharedSequence<SharingStrategy, Result> {
    SharedSequence(asObservable().map(transform).filter { $0 != nil }.map { $0! })
  }

  /// Keeps only the elements that satisfy `predicate`.
  public func filter(
    _ predicate: @escaping @Sendable (Element) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().filter(predicate))
  }

  /// Drops each element whose key (from `keySelector`) equals the previous element's key.
  public func distinctUntilChanged<Key: Equatable>(
    _ keySelector: @escaping @Sendable (Element) -> Key
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().distinctUntilChanged(keySelector))
  }

  /// Drops each element that `comparer` says equals the previous element.
  public func distinctUntilChanged(
    _ comparer: @escaping @Sendable (Element, Element) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().distinctUntilChanged(comparer))
  }

  /// Drops each element whose key `comparer` says equals the previous element's key.
  public func distinctUntilChanged<Key>(
    _ keySelector: @escaping @Sendable (Element) -> Key,
    comparer: @escaping @Sendable (Key, Key) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
  }

  /// Drops each element whose value at `keyPath` equals the previous element's.
  public func distinctUntilChanged<Property: Equatable>(
    at keyPath: KeyPath<Element, Property> & Sendable
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().distinctUntilChanged(at: keyPath))
  }
}

extension SharedSequenceConvertibleType where Element: Equatable {
  /// Drops each element equal to the one before it.
  public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().distinctUntilChanged())
  }
}
