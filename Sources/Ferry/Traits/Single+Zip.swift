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

  /// Succeeds with `resultSelector` applied to both elements once both sources have succeeded.
  @preconcurrency
  public static func zip<E1, E2>(
    _ source1: Single<E1>,
    _ source2: Single<E2>,
    resultSelector: @escaping @Sendable (E1, E2) throws -> Element
  ) -> Single<Element> {
    Single<Any>.zip([source1.erased, source2.erased]).map { try resultSelector($0[0] as! E1, $0[1] as! E2) }
  }

  /// Succeeds with `resultSelector` applied to the three elements once all sources have succeeded.
  @preconcurrency
  public static func zip<E1, E2, E3>(
    _ source1: Single<E1>,
    _ source2: Single<E2>,
    _ source3: Single<E3>,
    resultSelector: @escaping @Sendable (E1, E2, E3) throws -> Element
  ) -> Single<Element> {
    Single<Any>.zip([source1.erased, source2.erased, source3.erased]).map {
      try resultSelector($0[0] as! E1, $0[1] as! E2, $0[2] as! E3)
    }
  }

  /// Succeeds with `resultSelector` applied to the four elements once all sources have succeeded.
  @preconcurrency
  public static func zip<E1, E2, E3, E4>(
    _ source1: Single<E1>,
    _ source2: Single<E2>,
    _ source3: Single<E3>,
    _ source4: Single<E4>,
    resultSelector: @escaping @Sendable (E1, E2, E3, E4) throws -> Element
  ) -> Single<Element> {
    Single<Any>.zip([source1.erased, source2.erased, source3.erased, source4.erased]).map {
      try resultSelector($0[0] as! E1, $0[1] as! E2, $0[2] as! E3, $0[3] as! E4)
    }
  }

  /// Succeeds with `resultSelector` applied to the five elements once all sources have succeeded.
  @preconcurrency
  public static func zip<E1, E2, E3, E4, E5>(
    _ source1: Single<E1>,
    _ source2: Single<E2>,
    _ source3: Single<E3>,
    _ source4: Single<E4>,
    _ source5: Single<E5>,
    resultSelector: @escaping @Sendable (E1, E2, E3, E4, E5) throws -> Element
  ) -> Single<Element> {
    Single<Any>.zip([source1.erased, source2.erased, source3.erased, source4.erased, source5.erased]).map {
      try resultSelector($0[0] as! E1, $0[1] as! E2, $0[2] as! E3, $0[3] as! E4, $0[4] as! E5)
    }
  }

  /// Succeeds with `resultSelector` applied to the six elements once all sources have succeeded.
  @preconcurrency
  public static func zip<E1, E2, E3, E4, E5, E6>(
    _ source1: Single<E1>,
    _ source2: Single<E2>,
    _ source3: Single<E3>,
    _ source4: Single<E4>,
    _ source5: Single<E5>,
    _ source6: Single<E6>,
    resultSelector: @escaping @Sendable (E1, E2, E3, E4, E5, E6) throws -> Element
  ) -> Single<Element> {
    Single<Any>.zip([
      source1.erased, source2.erased, source3.erased, source4.erased, source5.erased, source6.erased,
    ]).map {
      try resultSelector($0[0] as! E1, $0[1] as! E2, $0[2] as! E3, $0[3] as! E4, $0[4] as! E5, $0[5] as! E6)
    }
  }

  /// The element type-erased to `Any` (for the heterogeneous zips).
  var erased: Single<Any> {
    Single<Any>(raw: source.map { $0 as Any })
  }
}

extension PrimitiveSequence where Trait == SingleTrait, Element == Any {
  /// Succeeds with the pair of elements once both sources have succeeded; fails with the first error.
  public static func zip<E1, E2>(_ source1: Single<E1>, _ source2: Single<E2>) -> Single<(E1, E2)> {
    Single<(E1, E2)>.zip(source1, source2) { ($0, $1) }
  }

  /// Succeeds with the three elements once all sources have succeeded; fails with the first error.
  public static func zip<E1, E2, E3>(
    _ source1: Single<E1>,
    _ source2: Single<E2>,
    _ source3: Single<E3>
  ) -> Single<(E1, E2, E3)> {
    Single<(E1, E2, E3)>.zip(source1, source2, source3) { ($0, $1, $2) }
  }

  /// Succeeds with the four elements once all sources have succeeded; fails with the first error.
  public static func zip<E1, E2, E3, E4>(
    _ source1: Single<E1>,
    _ source2: Single<E2>,
    _ source3: Single<E3>,
    _ source4: Single<E4>
  ) -> Single<(E1, E2, E3, E4)> {
    Single<(E1, E2, E3, E4)>.zip(source1, source2, source3, source4) { ($0, $1, $2, $3) }
  }

  /// Succeeds with the five elements once all sources have succeeded; fails with the first error.
  public static func zip<E1, E2, E3, E4, E5>(
    _ source1: Single<E1>,
    _ source2: Single<E2>,
    _ source3: Single<E3>,
    _ source4: Single<E4>,
    _ source5: Single<E5>
  ) -> Single<(E1, E2, E3, E4, E5)> {
    Single<(E1, E2, E3, E4, E5)>.zip(source1, source2, source3, source4, source5) { ($0, $1, $2, $3, $4) }
  }

  /// Succeeds with the six elements once all sources have succeeded; fails with the first error.
  public static func zip<E1, E2, E3, E4, E5, E6>(
    _ source1: Single<E1>,
    _ source2: Single<E2>,
    _ source3: Single<E3>,
    _ source4: Single<E4>,
    _ source5: Single<E5>,
    _ source6: Single<E6>
  ) -> Single<(E1, E2, E3, E4, E5, E6)> {
    Single<(E1, E2, E3, E4, E5, E6)>.zip(source1, source2, source3, source4, source5, source6) {
      ($0, $1, $2, $3, $4, $5)
    }
  }
}
