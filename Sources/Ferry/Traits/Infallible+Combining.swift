extension Infallible {
  /// Transforms each element into an infallible and merges the elements of all of them.
  @preconcurrency
  public func flatMap<Source: InfallibleType>(
    _ selector: @escaping @Sendable (Element) -> Source
  ) -> Infallible<Source.Element> {
    Infallible<Source.Element>(raw: source.flatMap(selector))
  }

  /// Transforms each element into an infallible and mirrors only the most recent one.
  @preconcurrency
  public func flatMapLatest<Source: InfallibleType>(
    _ selector: @escaping @Sendable (Element) -> Source
  ) -> Infallible<Source.Element> {
    Infallible<Source.Element>(raw: source.flatMapLatest(selector))
  }

  /// Emits each intermediate result of folding the elements into `seed` with `accumulator`.
  @preconcurrency
  public func scan<Seed>(
    _ seed: Seed,
    accumulator: @escaping @Sendable (Seed, Element) -> Seed
  ) -> Infallible<Seed> {
    Infallible<Seed>(raw: source.scan(seed, accumulator: accumulator))
  }

  /// Emits each intermediate result of folding the elements into `seed` in place with `accumulator`.
  @preconcurrency
  public func scan<Seed>(
    into seed: Seed,
    accumulator: @escaping @Sendable (inout Seed, Element) -> Void
  ) -> Infallible<Seed> {
    Infallible<Seed>(raw: source.scan(into: seed, accumulator: accumulator))
  }

  /// Emits `elements` first, then the elements of `self`.
  public func startWith(_ elements: Element...) -> Infallible<Element> {
    Infallible(
      raw: StartWithObservable(source: source, elements: ElementsStorage(elements), step: { passThroughStep($0) }))
  }

  /// Combines each element with the latest element of `second`; elements that arrive before `second` has
  /// produced one are dropped.
  @preconcurrency
  public func withLatestFrom<Source: InfallibleType, Result>(
    _ second: Source,
    resultSelector: @escaping @Sendable (Element, Source.Element) -> Result
  ) -> Infallible<Result> {
    Infallible<Result>(raw: source.withLatestFrom(second, resultSelector: resultSelector))
  }

  /// Replaces each element with the latest element of `second`; elements that arrive before `second` has
  /// produced one are dropped.
  public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
    Infallible<Source.Element>(raw: source.withLatestFrom(second))
  }

  /// Emits `resultSelector` applied to the latest elements of both sources whenever either emits (once both
  /// have emitted).
  @preconcurrency
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
    _ source1: I1,
    _ source2: I2,
    resultSelector: @escaping @Sendable (I1.Element, I2.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      raw: Observable<Element>.combineLatest(
        source1.asObservable(),
        source2.asObservable(),
        resultSelector: resultSelector
      )
    )
  }

  /// Emits `resultSelector` applied to the latest elements of the three sources whenever one emits (once all
  /// have emitted).
  @preconcurrency
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
    _ source1: I1,
    _ source2: I2,
    _ source3: I3,
    resultSelector: @escaping @Sendable (I1.Element, I2.Element, I3.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      raw: Observable<Element>.combineLatest(
        source1.asObservable(),
        source2.asObservable(),
        source3.asObservable(),
        resultSelector: resultSelector
      )
    )
  }

  /// Emits `resultSelector` applied to the latest elements of the four sources whenever one emits (once all
  /// have emitted).
  @preconcurrency
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
    _ source1: I1,
    _ source2: I2,
    _ source3: I3,
    _ source4: I4,
    resultSelector: @escaping @Sendable (I1.Element, I2.Element, I3.Element, I4.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      raw: Observable<Element>.combineLatest(
        source1.asObservable(),
        source2.asObservable(),
        source3.asObservable(),
        source4.asObservable(),
        resultSelector: resultSelector
      )
    )
  }
}

extension Infallible where Element == Any {
  /// Emits the latest elements of both sources as a tuple whenever either emits (once both have emitted).
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
    _ source1: I1,
    _ source2: I2
  ) -> Infallible<(I1.Element, I2.Element)> {
    Infallible<(I1.Element, I2.Element)>.combineLatest(source1, source2) { ($0, $1) }
  }

  /// Emits the latest elements of the three sources as a tuple whenever one emits (once all have emitted).
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
    _ source1: I1,
    _ source2: I2,
    _ source3: I3
  ) -> Infallible<(I1.Element, I2.Element, I3.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element)>.combineLatest(source1, source2, source3) { ($0, $1, $2) }
  }

  /// Emits the latest elements of the four sources as a tuple whenever one emits (once all have emitted).
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
    _ source1: I1,
    _ source2: I2,
    _ source3: I3,
    _ source4: I4
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)>.combineLatest(source1, source2, source3, source4) {
      ($0, $1, $2, $3)
    }
  }
}
