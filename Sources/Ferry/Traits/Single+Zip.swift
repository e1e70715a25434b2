extension PrimitiveSequence where Trait == SingleTrait {
  /// Succeeds with `resultSelector` applied to the elements of all the sources once each has succeeded; fails
  /// with the first error. An empty collection succeeds with `resultSelector([])`.
  @preconcurrency
  public static func zip<C: Collection, Source>(
    _ collection: C,
    resultSelector: @escaping @Sendable ([Source]) throws -> Element
  ) -> Single<Element> where C.Element == Single<Source> {
    Single<Source>.zip(collection).map(resultSelector)
  }

  /// Succeeds with the elements of all the sources, in order, once each has succeeded; fails with the first
  /// error. An empty collection succeeds with `[]`.
  public static func zip<C: Collection>(_ collection: C) -> Single<[Element]> where C.Element == Single<Element> {
    if collection.isEmpty { return .just([]) }
    return Single<[Element]>(raw: Observable.zip(collection.map(\.source)))
  }
}
