extension PrimitiveSequence where Trait == MaybeTrait {
  /// Succeeds with `resultSelector` applied to both elements once both sources have succeeded; completes empty
  /// when one completes empty (noticed as the Observable `zip` notices it); fails with the first error. The
  /// Observable `zip`, as in RxSwift.
  @preconcurrency
  public static func zip<E1, E2>(
    _ source1: Maybe<E1>,
    _ source2: Maybe<E2>,
    resultSelector: @escaping @Sendable (E1, E2) throws -> Element
  ) -> Maybe<Element> {
    Maybe(raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector))
  }

  /// `zip(_:_:resultSelector:)` for three sources.
  @preconcurrency
  public static func zip<E1, E2, E3>(
    _ source1: Maybe<E1>,
    _ source2: Maybe<E2>,
    _ source3: Maybe<E3>,
    resultSelector: @escaping @Sendable (E1, E2, E3) throws -> Element
  ) -> Maybe<Element> {
    Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, resultSelector: resultSelector))
  }

  /// `zip(_:_:resultSelector:)` for four sources.
  @preconcurrency
  public static func zip<E1, E2, E3, E4>(
    _ source1: Maybe<E1>,
    _ source2: Maybe<E2>,
    _ source3: Maybe<E3>,
    _ source4: Maybe<E4>,
    resultSelector: @escaping @Sendable (E1, E2, E3, E4) throws -> Element
  ) -> Maybe<Element> {
    Maybe(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, resultSelector: resultSelector))
  }

  /// Succeeds with the elements of all the sources, in order, once each has succeeded; completes empty when one
  /// completes empty. An empty collection succeeds with `[]`.
  public static func zip<C: Collection>(_ collection: C) -> Maybe<[Element]> where C.Element == Maybe<Element> {
    if collection.isEmpty { return .just([]) }
    return Maybe<[Element]>(raw: Observable.zip(collection.map(\.source)))
  }
}

extension PrimitiveSequence where Trait == MaybeTrait, Element == Any {
  /// Succeeds with the pair of elements once both sources have succeeded.
  public static func zip<E1, E2>(_ source1: Maybe<E1>, _ source2: Maybe<E2>) -> Maybe<(E1, E2)> {
    Maybe<(E1, E2)>.zip(source1, source2) { ($0, $1) }
  }

  /// Succeeds with the three elements once all sources have succeeded.
  public static func zip<E1, E2, E3>(
    _ source1: Maybe<E1>,
    _ source2: Maybe<E2>,
    _ source3: Maybe<E3>
  ) -> Maybe<(E1, E2, E3)> {
    Maybe<(E1, E2, E3)>.zip(source1, source2, source3) { ($0, $1, $2) }
  }

  /// Succeeds with the four elements once all sources have succeeded.
  public static func zip<E1, E2, E3, E4>(
    _ source1: Maybe<E1>,
    _ source2: Maybe<E2>,
    _ source3: Maybe<E3>,
    _ source4: Maybe<E4>
  ) -> Maybe<(E1, E2, E3, E4)> {
    Maybe<(E1, E2, E3, E4)>.zip(source1, source2, source3, source4) { ($0, $1, $2, $3) }
  }
}
