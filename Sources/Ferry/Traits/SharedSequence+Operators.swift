// Operators on `Driver` and `Signal` that return the same trait. Each applies the Observable operator to the
// shared source (which already delivers on the sharing scheduler and never errors) and shares the result
// again, as RxCocoa does. Closures are non-throwing: a trait cannot error.

extension SharedSequenceConvertibleType {
  /// Transforms each element with `transform`.
  @_disfavoredOverload
  @preconcurrency
  public func map<Result>(
    _ transform: @escaping @Sendable (Element) -> Result
  ) -> SharedSequence<SharingStrategy, Result> {
    SharedSequence(asObservable().map(transform))
  }

  /// Transforms each element with `transform` and drops the `nil` results.
  @_disfavoredOverload
  @preconcurrency
  public func compactMap<Result>(
    _ transform: @escaping @Sendable (Element) -> Result?
  ) -> SharedSequence<SharingStrategy, Result> {
    SharedSequence(asObservable().compactMap(transform))
  }

  /// Keeps only the elements that satisfy `predicate`.
  @_disfavoredOverload
  @preconcurrency
  public func filter(
    _ predicate: @escaping @Sendable (Element) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().filter(predicate))
  }

  /// Drops each element whose key (from `keySelector`) equals the previous element's key.
  @preconcurrency
  public func distinctUntilChanged<Key: Equatable>(
    _ keySelector: @escaping @Sendable (Element) -> Key
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().distinctUntilChanged(keySelector))
  }

  /// Drops each element that `comparer` says equals the previous element.
  @preconcurrency
  public func distinctUntilChanged(
    _ comparer: @escaping @Sendable (Element, Element) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().distinctUntilChanged(comparer))
  }

  /// Drops each element whose key `comparer` says equals the previous element's key.
  @preconcurrency
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

extension SharedSequenceConvertibleType {
  /// Maps each element to a sequence and forwards only the most recent one's elements.
  @preconcurrency
  public func flatMapLatest<Sharing, Result>(
    _ selector: @escaping @Sendable (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    SharedSequence(asObservable().flatMapLatest(selector))
  }

  /// Maps each element to a sequence and merges the elements of all of them.
  @preconcurrency
  public func flatMap<Sharing, Result>(
    _ selector: @escaping @Sendable (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    SharedSequence(asObservable().flatMap(selector))
  }

  /// Combines each element with the latest element of `second` (elements are dropped until `second` emitted).
  @preconcurrency
  public func withLatestFrom<Second: SharedSequenceConvertibleType, Result>(
    _ second: Second,
    resultSelector: @escaping @Sendable (Element, Second.Element) -> Result
  ) -> SharedSequence<SharingStrategy, Result> {
    SharedSequence(asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector))
  }

  /// Emits the latest element of `second` for each element of `self` (once `second` has emitted).
  ///
  /// `second` may have any sharing strategy (a `Signal` can sample a `Driver`), as in RxCocoa.
  public func withLatestFrom<Second: SharedSequenceConvertibleType>(
    _ second: Second
  ) -> SharedSequence<SharingStrategy, Second.Element> {
    SharedSequence(asObservable().withLatestFrom(second.asObservable()))
  }

  /// Emits `elements` before the elements of `self`.
  ///
  /// Like RxCocoa, the elements are emitted synchronously on the subscribing thread.
  public func startWith(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(
      StartWithObservable(source: asObservable(), elements: ElementsStorage(elements), step: { passThroughStep($0) }))
  }

  /// Emits each accumulation of `accumulator`, starting from `seed`.
  @_disfavoredOverload
  @preconcurrency
  public func scan<A>(
    _ seed: A,
    accumulator: @escaping @Sendable (A, Element) -> A
  ) -> SharedSequence<SharingStrategy, A> {
    SharedSequence(asObservable().scan(seed, accumulator: accumulator))
  }

  /// Emits each accumulation of `accumulator`, which mutates the accumulated value in place.
  @_disfavoredOverload
  @preconcurrency
  public func scan<A>(
    into seed: A,
    accumulator: @escaping @Sendable (inout A, Element) -> Void
  ) -> SharedSequence<SharingStrategy, A> {
    SharedSequence(asObservable().scan(into: seed, accumulator: accumulator))
  }
}

extension SharedSequence {
  /// Merges the elements of `sources`.
  public static func merge(
    _ sources: SharedSequence<SharingStrategy, Element>...
  ) -> SharedSequence<
    SharingStrategy, Element
  > {
    merge(sources)
  }

  /// Merges the elements of `sources`.
  public static func merge<C: Collection>(_ sources: C) -> SharedSequence<SharingStrategy, Element>
  where C.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
  }
}
