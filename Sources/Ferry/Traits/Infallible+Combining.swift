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
}
