extension Infallible {
  /// An infallible that emits `element` and completes.
  public static func just(_ element: Element) -> Infallible<Element> {
    Infallible(raw: Observable.just(element))
  }

  /// An infallible that emits the given elements in order and completes.
  public static func of(_ elements: Element...) -> Infallible<Element> {
    Infallible(raw: Observable.from(elements))
  }

  /// An infallible that emits the elements of `array` in order and completes.
  public static func from(_ array: [Element]) -> Infallible<Element> {
    Infallible(raw: Observable.from(array))
  }

  /// An infallible that emits the elements of `sequence` in order and completes (the sequence is copied when
  /// the infallible is created).
  public static func from<S: Sequence>(_ sequence: S) -> Infallible<Element> where S.Element == Element {
    Infallible(raw: Observable.from(sequence))
  }

  /// An infallible that emits `optional`'s value if it has one, then completes.
  public static func from(optional: Element?) -> Infallible<Element> {
    Infallible(raw: Observable.from(optional: optional))
  }

  /// An infallible that completes immediately.
  public static func empty() -> Infallible<Element> {
    Infallible(raw: Observable.empty())
  }

  /// An infallible that never emits and never completes.
  public static func never() -> Infallible<Element> {
    Infallible(raw: Observable.never())
  }

  /// An infallible that calls `factory` for every subscription and subscribes to what it returns.
  @preconcurrency
  public static func deferred(_ factory: @escaping @Sendable () -> Infallible<Element>) -> Infallible<Element> {
    Infallible(raw: Observable.deferred { factory().source })
  }

  /// Transforms each element.
  @_disfavoredOverload
  @preconcurrency
  public func map<Result>(_ transform: @escaping @Sendable (Element) -> Result) -> Infallible<Result> {
    Infallible<Result>(raw: source.map(transform))
  }

  /// Emits only the elements for which `predicate` returns `true`.
  @_disfavoredOverload
  @preconcurrency
  public func filter(_ predicate: @escaping @Sendable (Element) -> Bool) -> Infallible<Element> {
    Infallible(raw: source.filter(predicate))
  }

  /// Transforms each element and drops the `nil` results.
  @_disfavoredOverload
  @preconcurrency
  public func compactMap<Result>(_ transform: @escaping @Sendable (Element) -> Result?) -> Infallible<Result> {
    Infallible<Result>(raw: source.compactMap(transform))
  }

  /// Drops each element whose key (from `keySelector`) equals the previous element's key.
  @preconcurrency
  public func distinctUntilChanged<Key: Equatable>(
    _ keySelector: @escaping @Sendable (Element) -> Key
  ) -> Infallible<Element> {
    Infallible(raw: source.distinctUntilChanged(keySelector))
  }

  /// Drops each element that `comparer` says equals the previous element.
  @preconcurrency
  public func distinctUntilChanged(
    _ comparer: @escaping @Sendable (Element, Element) -> Bool
  ) -> Infallible<Element> {
    Infallible(raw: source.distinctUntilChanged(comparer))
  }
}

extension Infallible where Element: Equatable {
  /// Drops each element equal to the one before it.
  public func distinctUntilChanged() -> Infallible<Element> {
    Infallible(raw: source.distinctUntilChanged())
  }
}
