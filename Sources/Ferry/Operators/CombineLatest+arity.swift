// The arity 2...6 overloads of `combineLatest`, written out in one pattern (as RxSwift generates them). Each
// keeps its sources' latest elements in a tuple of optionals: typed end to end, no `Any`, no casts, nothing
// allocated per element.

extension ObservableType {
  /// Combines the latest elements of the sources with `resultSelector` whenever one emits, once all have emitted;
  /// completes when all completed or when one completes without having emitted.
  @preconcurrency
  @inlinable
  public static func combineLatest<O1: ObservableType, O2: ObservableType>(
    _ source1: O1,
    _ source2: O2,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    combineLatest2(source1.asObservable(), source2.asObservable(), resultSelector)
  }

  /// Combines the latest elements of the sources with `resultSelector` whenever one emits, once all have emitted;
  /// completes when all completed or when one completes without having emitted.
  @preconcurrency
  @inlinable
  public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    combineLatest3(source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector)
  }

  /// Combines the latest elements of the sources with `resultSelector` whenever one emits, once all have emitted;
  /// completes when all completed or when one completes without having emitted.
  @preconcurrency
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
  >(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    combineLatest4(
      source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector)
  }

  /// Combines the latest elements of the sources with `resultSelector` whenever one emits, once all have emitted;
  /// completes when all completed or when one completes without having emitted.
  @preconcurrency
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
  >(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4,
    _ source5: O5,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
  ) -> Observable<Element> {
    combineLatest5(
      source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
      source5.asObservable(), resultSelector)
  }

  /// Combines the latest elements of the sources with `resultSelector` whenever one emits, once all have emitted;
  /// completes when all completed or when one completes without having emitted.
  @preconcurrency
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
    O6: ObservableType
  >(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4,
    _ source5: O5,
    _ source6: O6,
    resultSelector:
      @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
  ) -> Observable<Element> {
    combineLatest6(
      source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
      source5.asObservable(), source6.asObservable(), resultSelector)
  }
}

extension ObservableType where Element == Any {
  /// Emits a tuple of the latest elements of the sources whenever one emits, once all have emitted; completes when
  /// all completed or when one completes without having emitted.
  @inlinable
  public static func combineLatest<O1: ObservableType, O2: ObservableType>(
    _ source1: O1,
    _ source2: O2,
  ) -> Observable<(O1.Element, O2.Element)> {
    combineLatest2(source1.asObservable(), source2.asObservable()) { ($0, $1) }
  }

  /// Emits a tuple of the latest elements of the sources whenever one emits, once all have emitted; completes when
  /// all completed or when one completes without having emitted.
  @inlinable
  public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
  ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
    combineLatest3(source1.asObservable(), source2.asObservable(), source3.asObservable()) { ($0, $1, $2) }
  }

  /// Emits a tuple of the latest elements of the sources whenever one emits, once all have emitted; completes when
  /// all completed or when one completes without having emitted.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
  >(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4,
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
    combineLatest4(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()) {
      ($0, $1, $2, $3)
    }
  }

  /// Emits a tuple of the latest elements of the sources whenever one emits, once all have emitted; completes when
  /// all completed or when one completes without having emitted.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
  >(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4,
    _ source5: O5,
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
    combineLatest5(
      source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
      source5.asObservable()
    ) { ($0, $1, $2, $3, $4) }
  }

  /// Emits a tuple of the latest elements of the sources whenever one emits, once all have emitted; completes when
  /// all completed or when one completes without having emitted.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
    O6: ObservableType
  >(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4,
    _ source5: O5,
    _ source6: O6,
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
    combineLatest6(
      source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
      source5.asObservable(), source6.asObservable()
    ) { ($0, $1, $2, $3, $4, $5) }
  }
}

/// `combineLatest` of 2 sources: the latest elements in a tuple of optionals, one per source.
@inlinable
func combineLatest2<E1, E2, Result>(
  _ source1: Observable<E1>, _ source2: Observable<E2>,
  _ resultSelector: @escaping @Sendable (E1, E2) throws -> Result
) -> Observable<Result> {
  CombineLatestObservable<(E1?, E2?), Result>(
    initial: (nil, nil),
    progress: CombineLatestProgress(count: 2),
    sources: [
      CombiningSource(latest: source1) { swap(&$0.0, &$1) },
      CombiningSource(latest: source2) { swap(&$0.1, &$1) },
    ],
    emptyValues: nil,
    combine: { try resultSelector($0.0!, $0.1!) }
  )
}

/// `combineLatest` of 3 sources: the latest elements in a tuple of optionals, one per source.
@inlinable
func combineLatest3<E1, E2, E3, Result>(
  _ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>,
  _ resultSelector: @escaping @Sendable (E1, E2, E3) throws -> Result
) -> Observable<Result> {
  CombineLatestObservable<(E1?, E2?, E3?), Result>(
    initial: (nil, nil, nil),
    progress: CombineLatestProgress(count: 3),
    sources: [
      CombiningSource(latest: source1) { swap(&$0.0, &$1) },
      CombiningSource(latest: source2) { swap(&$0.1, &$1) },
      CombiningSource(latest: source3) { swap(&$0.2, &$1) },
    ],
    emptyValues: nil,
    combine: { try resultSelector($0.0!, $0.1!, $0.2!) }
  )
}

/// `combineLatest` of 4 sources: the latest elements in a tuple of optionals, one per source.
@inlinable
func combineLatest4<E1, E2, E3, E4, Result>(
  _ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>, _ source4: Observable<E4>,
  _ resultSelector: @escaping @Sendable (E1, E2, E3, E4) throws -> Result
) -> Observable<Result> {
  CombineLatestObservable<(E1?, E2?, E3?, E4?), Result>(
    initial: (nil, nil, nil, nil),
    progress: CombineLatestProgress(count: 4),
    sources: [
      CombiningSource(latest: source1) { swap(&$0.0, &$1) },
      CombiningSource(latest: source2) { swap(&$0.1, &$1) },
      CombiningSource(latest: source3) { swap(&$0.2, &$1) },
      CombiningSource(latest: source4) { swap(&$0.3, &$1) },
    ],
    emptyValues: nil,
    combine: { try resultSelector($0.0!, $0.1!, $0.2!, $0.3!) }
  )
}

/// `combineLatest` of 5 sources: the latest elements in a tuple of optionals, one per source.
@inlinable
func combineLatest5<E1, E2, E3, E4, E5, Result>(
  _ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>, _ source4: Observable<E4>,
  _ source5: Observable<E5>,
  _ resultSelector: @escaping @Sendable (E1, E2, E3, E4, E5) throws -> Result
) -> Observable<Result> {
  CombineLatestObservable<(E1?, E2?, E3?, E4?, E5?), Result>(
    initial: (nil, nil, nil, nil, nil),
    progress: CombineLatestProgress(count: 5),
    sources: [
      CombiningSource(latest: source1) { swap(&$0.0, &$1) },
      CombiningSource(latest: source2) { swap(&$0.1, &$1) },
      CombiningSource(latest: source3) { swap(&$0.2, &$1) },
      CombiningSource(latest: source4) { swap(&$0.3, &$1) },
      CombiningSource(latest: source5) { swap(&$0.4, &$1) },
    ],
    emptyValues: nil,
    combine: { try resultSelector($0.0!, $0.1!, $0.2!, $0.3!, $0.4!) }
  )
}

/// `combineLatest` of 6 sources: the latest elements in a tuple of optionals, one per source.
@inlinable
func combineLatest6<E1, E2, E3, E4, E5, E6, Result>(
  _ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>, _ source4: Observable<E4>,
  _ source5: Observable<E5>, _ source6: Observable<E6>,
  _ resultSelector: @escaping @Sendable (E1, E2, E3, E4, E5, E6) throws -> Result
) -> Observable<Result> {
  CombineLatestObservable<(E1?, E2?, E3?, E4?, E5?, E6?), Result>(
    initial: (nil, nil, nil, nil, nil, nil),
    progress: CombineLatestProgress(count: 6),
    sources: [
      CombiningSource(latest: source1) { swap(&$0.0, &$1) },
      CombiningSource(latest: source2) { swap(&$0.1, &$1) },
      CombiningSource(latest: source3) { swap(&$0.2, &$1) },
      CombiningSource(latest: source4) { swap(&$0.3, &$1) },
      CombiningSource(latest: source5) { swap(&$0.4, &$1) },
      CombiningSource(latest: source6) { swap(&$0.5, &$1) },
    ],
    emptyValues: nil,
    combine: { try resultSelector($0.0!, $0.1!, $0.2!, $0.3!, $0.4!, $0.5!) }
  )
}
