// The arity 2...6 overloads of `zip`, written out in one pattern (as RxSwift generates them). Each keeps one
// FIFO of unpaired elements per source in a tuple: typed end to end, no `Any`, no casts, nothing allocated per
// element once the FIFOs have grown to their steady-state size.

extension ObservableType {
  /// Combines the elements of the sources by index with `resultSelector`; completes when every source has
  /// completed (as RxSwift), or at the first error.
  @preconcurrency
  public static func zip<O1: ObservableType, O2: ObservableType>(
    _ source1: O1,
    _ source2: O2,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    zip2(source1.asObservable(), source2.asObservable(), resultSelector)
  }

  /// Combines the elements of the sources by index with `resultSelector`; completes when every source has
  /// completed (as RxSwift), or at the first error.
  @preconcurrency
  public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    zip3(source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector)
  }

  /// Combines the elements of the sources by index with `resultSelector`; completes when every source has
  /// completed (as RxSwift), or at the first error.
  @preconcurrency
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
  >(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    zip4(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector)
  }

  /// Combines the elements of the sources by index with `resultSelector`; completes when every source has
  /// completed (as RxSwift), or at the first error.
  @preconcurrency
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
  >(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4,
    _ source5: O5,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
  ) -> Observable<Element> {
    zip5(
      source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
      source5.asObservable(), resultSelector)
  }

  /// Combines the elements of the sources by index with `resultSelector`; completes when every source has
  /// completed (as RxSwift), or at the first error.
  @preconcurrency
  public static func zip<
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
    zip6(
      source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
      source5.asObservable(), source6.asObservable(), resultSelector)
  }
}

extension ObservableType where Element == Any {
  /// Emits tuples of the elements of the sources combined by index; completes when every source has completed (as
  /// RxSwift), or at the first error.
  public static func zip<O1: ObservableType, O2: ObservableType>(
    _ source1: O1,
    _ source2: O2,
  ) -> Observable<(O1.Element, O2.Element)> {
    zip2(source1.asObservable(), source2.asObservable()) { ($0, $1) }
  }

  /// Emits tuples of the elements of the sources combined by index; completes when every source has completed (as
  /// RxSwift), or at the first error.
  public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
  ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
    zip3(source1.asObservable(), source2.asObservable(), source3.asObservable()) { ($0, $1, $2) }
  }

  /// Emits tuples of the elements of the sources combined by index; completes when every source has completed (as
  /// RxSwift), or at the first error.
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
  >(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4,
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
    zip4(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()) {
      ($0, $1, $2, $3)
    }
  }

  /// Emits tuples of the elements of the sources combined by index; completes when every source has completed (as
  /// RxSwift), or at the first error.
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
  >(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4,
    _ source5: O5,
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
    zip5(
      source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
      source5.asObservable()
    ) { ($0, $1, $2, $3, $4) }
  }

  /// Emits tuples of the elements of the sources combined by index; completes when every source has completed (as
  /// RxSwift), or at the first error.
  public static func zip<
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
    zip6(
      source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
      source5.asObservable(), source6.asObservable()
    ) { ($0, $1, $2, $3, $4, $5) }
  }
}

/// `zip` of 2 sources: one FIFO of unpaired elements per source, in a tuple.
func zip2<E1, E2, Result>(
  _ source1: Observable<E1>, _ source2: Observable<E2>,
  _ resultSelector: @escaping @Sendable (E1, E2) throws -> Result
) -> Observable<Result> {
  ZipObservable<(FIFOBuffer<E1>, FIFOBuffer<E2>), (E1, E2), Result>(
    initial: (FIFOBuffer(), FIFOBuffer()),
    sources: [
      CombiningSource(source1, zipSlot { $0.0.append($1) }),
      CombiningSource(source2, zipSlot { $0.1.append($1) }),
    ],
    pop: { ($0.0.popFirst()!, $0.1.popFirst()!) },
    combine: { try resultSelector($0.0, $0.1) }
  )
}

/// `zip` of 3 sources: one FIFO of unpaired elements per source, in a tuple.
func zip3<E1, E2, E3, Result>(
  _ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>,
  _ resultSelector: @escaping @Sendable (E1, E2, E3) throws -> Result
) -> Observable<Result> {
  ZipObservable<(FIFOBuffer<E1>, FIFOBuffer<E2>, FIFOBuffer<E3>), (E1, E2, E3), Result>(
    initial: (FIFOBuffer(), FIFOBuffer(), FIFOBuffer()),
    sources: [
      CombiningSource(source1, zipSlot { $0.0.append($1) }),
      CombiningSource(source2, zipSlot { $0.1.append($1) }),
      CombiningSource(source3, zipSlot { $0.2.append($1) }),
    ],
    pop: { ($0.0.popFirst()!, $0.1.popFirst()!, $0.2.popFirst()!) },
    combine: { try resultSelector($0.0, $0.1, $0.2) }
  )
}

/// `zip` of 4 sources: one FIFO of unpaired elements per source, in a tuple.
func zip4<E1, E2, E3, E4, Result>(
  _ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>, _ source4: Observable<E4>,
  _ resultSelector: @escaping @Sendable (E1, E2, E3, E4) throws -> Result
) -> Observable<Result> {
  ZipObservable<(FIFOBuffer<E1>, FIFOBuffer<E2>, FIFOBuffer<E3>, FIFOBuffer<E4>), (E1, E2, E3, E4), Result>(
    initial: (FIFOBuffer(), FIFOBuffer(), FIFOBuffer(), FIFOBuffer()),
    sources: [
      CombiningSource(source1, zipSlot { $0.0.append($1) }),
      CombiningSource(source2, zipSlot { $0.1.append($1) }),
      CombiningSource(source3, zipSlot { $0.2.append($1) }),
      CombiningSource(source4, zipSlot { $0.3.append($1) }),
    ],
    pop: { ($0.0.popFirst()!, $0.1.popFirst()!, $0.2.popFirst()!, $0.3.popFirst()!) },
    combine: { try resultSelector($0.0, $0.1, $0.2, $0.3) }
  )
}

/// `zip` of 5 sources: one FIFO of unpaired elements per source, in a tuple.
func zip5<E1, E2, E3, E4, E5, Result>(
  _ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>, _ source4: Observable<E4>,
  _ source5: Observable<E5>,
  _ resultSelector: @escaping @Sendable (E1, E2, E3, E4, E5) throws -> Result
) -> Observable<Result> {
  ZipObservable<
    (FIFOBuffer<E1>, FIFOBuffer<E2>, FIFOBuffer<E3>, FIFOBuffer<E4>, FIFOBuffer<E5>), (E1, E2, E3, E4, E5), Result
  >(
    initial: (FIFOBuffer(), FIFOBuffer(), FIFOBuffer(), FIFOBuffer(), FIFOBuffer()),
    sources: [
      CombiningSource(source1, zipSlot { $0.0.append($1) }),
      CombiningSource(source2, zipSlot { $0.1.append($1) }),
      CombiningSource(source3, zipSlot { $0.2.append($1) }),
      CombiningSource(source4, zipSlot { $0.3.append($1) }),
      CombiningSource(source5, zipSlot { $0.4.append($1) }),
    ],
    pop: { ($0.0.popFirst()!, $0.1.popFirst()!, $0.2.popFirst()!, $0.3.popFirst()!, $0.4.popFirst()!) },
    combine: { try resultSelector($0.0, $0.1, $0.2, $0.3, $0.4) }
  )
}

/// `zip` of 6 sources: one FIFO of unpaired elements per source, in a tuple.
func zip6<E1, E2, E3, E4, E5, E6, Result>(
  _ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>, _ source4: Observable<E4>,
  _ source5: Observable<E5>, _ source6: Observable<E6>,
  _ resultSelector: @escaping @Sendable (E1, E2, E3, E4, E5, E6) throws -> Result
) -> Observable<Result> {
  ZipObservable<
    (FIFOBuffer<E1>, FIFOBuffer<E2>, FIFOBuffer<E3>, FIFOBuffer<E4>, FIFOBuffer<E5>, FIFOBuffer<E6>),
    (E1, E2, E3, E4, E5, E6), Result
  >(
    initial: (FIFOBuffer(), FIFOBuffer(), FIFOBuffer(), FIFOBuffer(), FIFOBuffer(), FIFOBuffer()),
    sources: [
      CombiningSource(source1, zipSlot { $0.0.append($1) }),
      CombiningSource(source2, zipSlot { $0.1.append($1) }),
      CombiningSource(source3, zipSlot { $0.2.append($1) }),
      CombiningSource(source4, zipSlot { $0.3.append($1) }),
      CombiningSource(source5, zipSlot { $0.4.append($1) }),
      CombiningSource(source6, zipSlot { $0.5.append($1) }),
    ],
    pop: {
      ($0.0.popFirst()!, $0.1.popFirst()!, $0.2.popFirst()!, $0.3.popFirst()!, $0.4.popFirst()!, $0.5.popFirst()!)
    },
    combine: { try resultSelector($0.0, $0.1, $0.2, $0.3, $0.4, $0.5) }
  )
}
