// The arity 2...6 overloads of `zip`, written out in one pattern (as RxSwift generates them). Each keeps one
// FIFO of unpaired elements per source in a tuple: typed end to end, no `Any`, no casts, nothing allocated per
// element once the FIFOs have grown to their steady-state size.

extension ObservableType {
  /// Combines the elements of the sources by index with `resultSelector`; completes when every source has
  /// completed (as RxSwift), or at the first error.
  @preconcurrency
  @inlinable
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
  @inlinable
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
  @inlinable
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
  @inlinable
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
  @inlinable
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
  @inlinable
  public static func zip<O1: ObservableType, O2: ObservableType>(
    _ source1: O1,
    _ source2: O2,
  ) -> Observable<(O1.Element, O2.Element)> {
    zip2(source1.asObservable(), source2.asObservable()) { ($0, $1) }
  }

  /// Emits tuples of the elements of the sources combined by index; completes when every source has completed (as
  /// RxSwift), or at the first error.
  @inlinable
  public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
  ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
    zip3(source1.asObservable(), source2.asObservable(), source3.asObservable()) { ($0, $1, $2) }
  }

  /// Emits tuples of the elements of the sources combined by index; completes when every source has completed (as
  /// RxSwift), or at the first error.
  @inlinable
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
  @inlinable
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
  @inlinable
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
@inlinable
func zip2<E1, E2, Result>(
  _ source1: Observable<E1>, _ source2: Observable<E2>,
  _ resultSelector: @escaping @Sendable (E1, E2) throws -> Result
) -> Observable<Result> {
  let pop: @Sendable (inout (FIFOBuffer<E1>, FIFOBuffer<E2>)) -> (E1, E2) = {
    ($0.0.popFirst()!, $0.1.popFirst()!)
  }
  return ZipObservable(
    initial: (FIFOBuffer(), FIFOBuffer()),
    progress: ZipProgress(count: 2),
    sources: [
      CombiningSource(zip: source1, pop: pop) { $0.0.append($1) },
      CombiningSource(zip: source2, pop: pop) { $0.1.append($1) },
    ],
    emptyValues: nil,
    combine: { try resultSelector($0.0, $0.1) }
  )
}

/// `zip` of 3 sources: one FIFO of unpaired elements per source, in a tuple.
@inlinable
func zip3<E1, E2, E3, Result>(
  _ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>,
  _ resultSelector: @escaping @Sendable (E1, E2, E3) throws -> Result
) -> Observable<Result> {
  let pop: @Sendable (inout (FIFOBuffer<E1>, FIFOBuffer<E2>, FIFOBuffer<E3>)) -> (E1, E2, E3) = {
    ($0.0.popFirst()!, $0.1.popFirst()!, $0.2.popFirst()!)
  }
  return ZipObservable(
    initial: (FIFOBuffer(), FIFOBuffer(), FIFOBuffer()),
    progress: ZipProgress(count: 3),
    sources: [
      CombiningSource(zip: source1, pop: pop) { $0.0.append($1) },
      CombiningSource(zip: source2, pop: pop) { $0.1.append($1) },
      CombiningSource(zip: source3, pop: pop) { $0.2.append($1) },
    ],
    emptyValues: nil,
    combine: { try resultSelector($0.0, $0.1, $0.2) }
  )
}

/// `zip` of 4 sources: one FIFO of unpaired elements per source, in a tuple.
@inlinable
func zip4<E1, E2, E3, E4, Result>(
  _ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>, _ source4: Observable<E4>,
  _ resultSelector: @escaping @Sendable (E1, E2, E3, E4) throws -> Result
) -> Observable<Result> {
  let pop: @Sendable (inout (FIFOBuffer<E1>, FIFOBuffer<E2>, FIFOBuffer<E3>, FIFOBuffer<E4>)) -> (E1, E2, E3, E4) = {
    ($0.0.popFirst()!, $0.1.popFirst()!, $0.2.popFirst()!, $0.3.popFirst()!)
  }
  return ZipObservable(
    initial: (FIFOBuffer(), FIFOBuffer(), FIFOBuffer(), FIFOBuffer()),
    progress: ZipProgress(count: 4),
    sources: [
      CombiningSource(zip: source1, pop: pop) { $0.0.append($1) },
      CombiningSource(zip: source2, pop: pop) { $0.1.append($1) },
      CombiningSource(zip: source3, pop: pop) { $0.2.append($1) },
      CombiningSource(zip: source4, pop: pop) { $0.3.append($1) },
    ],
    emptyValues: nil,
    combine: { try resultSelector($0.0, $0.1, $0.2, $0.3) }
  )
}

/// `zip` of 5 sources: one FIFO of unpaired elements per source, in a tuple.
@inlinable
func zip5<E1, E2, E3, E4, E5, Result>(
  _ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>, _ source4: Observable<E4>,
  _ source5: Observable<E5>,
  _ resultSelector: @escaping @Sendable (E1, E2, E3, E4, E5) throws -> Result
) -> Observable<Result> {
  let pop:
    @Sendable (inout (FIFOBuffer<E1>, FIFOBuffer<E2>, FIFOBuffer<E3>, FIFOBuffer<E4>, FIFOBuffer<E5>)) -> (
      E1, E2, E3, E4, E5
    ) = {
      ($0.0.popFirst()!, $0.1.popFirst()!, $0.2.popFirst()!, $0.3.popFirst()!, $0.4.popFirst()!)
    }
  return ZipObservable(
    initial: (FIFOBuffer(), FIFOBuffer(), FIFOBuffer(), FIFOBuffer(), FIFOBuffer()),
    progress: ZipProgress(count: 5),
    sources: [
      CombiningSource(zip: source1, pop: pop) { $0.0.append($1) },
      CombiningSource(zip: source2, pop: pop) { $0.1.append($1) },
      CombiningSource(zip: source3, pop: pop) { $0.2.append($1) },
      CombiningSource(zip: source4, pop: pop) { $0.3.append($1) },
      CombiningSource(zip: source5, pop: pop) { $0.4.append($1) },
    ],
    emptyValues: nil,
    combine: { try resultSelector($0.0, $0.1, $0.2, $0.3, $0.4) }
  )
}

/// `zip` of 6 sources: one FIFO of unpaired elements per source, in a tuple.
@inlinable
func zip6<E1, E2, E3, E4, E5, E6, Result>(
  _ source1: Observable<E1>, _ source2: Observable<E2>, _ source3: Observable<E3>, _ source4: Observable<E4>,
  _ source5: Observable<E5>, _ source6: Observable<E6>,
  _ resultSelector: @escaping @Sendable (E1, E2, E3, E4, E5, E6) throws -> Result
) -> Observable<Result> {
  let pop:
    @Sendable (inout (FIFOBuffer<E1>, FIFOBuffer<E2>, FIFOBuffer<E3>, FIFOBuffer<E4>, FIFOBuffer<E5>, FIFOBuffer<E6>))
      -> (E1, E2, E3, E4, E5, E6) = {
        ($0.0.popFirst()!, $0.1.popFirst()!, $0.2.popFirst()!, $0.3.popFirst()!, $0.4.popFirst()!, $0.5.popFirst()!)
      }
  return ZipObservable(
    initial: (FIFOBuffer(), FIFOBuffer(), FIFOBuffer(), FIFOBuffer(), FIFOBuffer(), FIFOBuffer()),
    progress: ZipProgress(count: 6),
    sources: [
      CombiningSource(zip: source1, pop: pop) { $0.0.append($1) },
      CombiningSource(zip: source2, pop: pop) { $0.1.append($1) },
      CombiningSource(zip: source3, pop: pop) { $0.2.append($1) },
      CombiningSource(zip: source4, pop: pop) { $0.3.append($1) },
      CombiningSource(zip: source5, pop: pop) { $0.4.append($1) },
      CombiningSource(zip: source6, pop: pop) { $0.5.append($1) },
    ],
    emptyValues: nil,
    combine: { try resultSelector($0.0, $0.1, $0.2, $0.3, $0.4, $0.5) }
  )
}
