extension ObservableType {
  /// Folds every element into an accumulator starting from `seed`, then emits `mapResult(accumulator)` when
  /// the source completes.
  ///
  /// An error thrown by `accumulator` or `mapResult` terminates the sequence with it.
  @_disfavoredOverload
  @preconcurrency
  @inlinable
  public func reduce<Accumulate, Result>(
    _ seed: Accumulate,
    accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate,
    mapResult: @escaping @Sendable (Accumulate) throws -> Result
  ) -> Observable<Result> {
    // The step is built here so that the client specialises it (see `StatefulStepObservable`); the accumulated
    // value is the subscription's state, starting from `seed` in each subscription.
    StatefulStepObservable(source: asObservable(), initial: seed, operatorName: "reduce(_:accumulator:)") {
      event, accumulated, deliver in
      switch event {
      case .next(let element):
        do {
          accumulated = try accumulator(accumulated, element)
        } catch {
          return .error(error)
        }
        return .consumed
      case .error(let error): return .error(error)
      case .completed:
        do {
          deliver(.next(try mapResult(accumulated)))
        } catch {
          return .error(error)
        }
        return .completed
      }
    }
  }

  /// Folds every element into an accumulator starting from `seed`, then emits the result when the source
  /// completes (an empty source emits `seed`).
  ///
  /// An error thrown by `accumulator` terminates the sequence with it.
  @_disfavoredOverload
  @preconcurrency
  @inlinable
  public func reduce<Accumulate>(
    _ seed: Accumulate,
    accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    reduce(seed, accumulator: accumulator) { $0 }
  }
}
