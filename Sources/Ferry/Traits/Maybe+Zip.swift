extension PrimitiveSequence where Trait == MaybeTrait {
  /// Succeeds with the elements of all the sources, in order, once each has succeeded; completes empty when one
  /// completes empty. An empty collection succeeds with `[]`.
  public static func zip<C: Collection>(_ collection: C) -> Maybe<[Element]> where C.Element == Maybe<Element> {
    if collection.isEmpty { return .just([]) }
    return Maybe<[Element]>(raw: Observable.zip(collection.map(\.source)))
  }
}
