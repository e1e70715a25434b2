extension ObservableType {
  /// Folds every element into an accumulator starting from `seed`, then emits `mapResult(accumulator)` when
  /// the source completes.
  ///
  /// An error thrown by `accumulator` or `mapResult` terminates the sequence with it.
  @_disfavoredOverload
  @preconcurrency
  public func reduce<Accumulate, Result>(
    _ seed: Accumulate,
    accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate,
    mapResult: @escaping @Sendable (Accumulate) throws -> Result
  ) -> Observable<Result> {
    ReduceObservable(
      source: asObservable(), seed: ElementsStorage([seed]), accumulator: accumulator, mapResult: mapResult)
  }

  /// Folds every element into an accumulator starting from `seed`, then emits the result when the source
  /// completes (an empty source emits `seed`).
  ///
  /// An error thrown by `accumulator` terminates the sequence with it.
  @_disfavoredOverload
  @preconcurrency
  public func reduce<Accumulate>(
    _ seed: Accumulate,
    accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    ReduceObservable(source: asObservable(), seed: ElementsStorage([seed]), accumulator: accumulator) { $0 }
  }
}

final class ReduceObservable<Source, Accumulate, Result>: Observable<Result>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Source>
  // The seed is copied into each subscription; `ElementsStorage` is never mutated.
  let seed: ElementsStorage<Accumulate>
  let accumulator: @Sendable (Accumulate, Source) throws -> Accumulate
  let mapResult: @Sendable (Accumulate) throws -> Result

  init(
    source: Observable<Source>,
    seed: ElementsStorage<Accumulate>,
    accumulator: @escaping @Sendable (Accumulate, Source) throws -> Accumulate,
    mapResult: @escaping @Sendable (Accumulate) throws -> Result
  ) {
    self.source = source
    self.seed = seed
    self.accumulator = accumulator
    self.mapResult = mapResult
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Result {
    let sink = ReduceSink(
      observer: observer,
      seed: seed.elements[0],
      accumulator: accumulator,
      mapResult: mapResult
    )
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class ReduceSink<Source, Accumulate, Observer: ObserverType>: Sink<Observer>, ObserverType,
  @unchecked Sendable
{
  // @unchecked Sendable: `accumulate` is touched only from `on(_:)`, which the Rx grammar serialises.
  #if DEBUG
  let synchronization = SynchronizationChecker("reduce(_:accumulator:)")
  #endif
  private var accumulate: Accumulate
  let accumulator: @Sendable (Accumulate, Source) throws -> Accumulate
  let mapResult: @Sendable (Accumulate) throws -> Observer.Element

  init(
    observer: Observer,
    seed: Accumulate,
    accumulator: @escaping @Sendable (Accumulate, Source) throws -> Accumulate,
    mapResult: @escaping @Sendable (Accumulate) throws -> Observer.Element
  ) {
    accumulate = seed
    self.accumulator = accumulator
    self.mapResult = mapResult
    super.init(observer: observer)
  }

  func on(_ event: Event<Source>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
    switch event {
    case .next(let element):
      guard !isDisposed else { return }
      do {
        accumulate = try accumulator(accumulate, element)
      } catch {
        forwardError(error)
      }
    case .error(let error): forwardError(error)
    case .completed:
      guard !isDisposed else { return }
      do {
        forwardNext(try mapResult(accumulate))
        forwardCompleted()
      } catch {
        forwardError(error)
      }
    }
  }
}
