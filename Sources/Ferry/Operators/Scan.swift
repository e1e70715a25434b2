extension ObservableType {
  /// Emits each intermediate result of folding the elements into `seed` with `accumulator`.
  ///
  /// An error thrown by `accumulator` terminates the sequence with it. Each subscription starts from `seed`.
  @_disfavoredOverload
  @preconcurrency
  @inlinable
  public func scan<A>(
    _ seed: A,
    accumulator: @escaping @Sendable (A, Element) throws -> A
  ) -> Observable<A> {
    scan(into: seed) { accumulated, element in accumulated = try accumulator(accumulated, element) }
  }

  /// Emits each intermediate result of folding the elements into `seed` with an accumulator that mutates the
  /// accumulated value in place.
  ///
  /// An error thrown by `accumulator` terminates the sequence with it. Each subscription starts from `seed`.
  @_disfavoredOverload
  @preconcurrency
  @inlinable
  public func scan<A>(
    into seed: A,
    accumulator: @escaping @Sendable (inout A, Element) throws -> Void
  ) -> Observable<A> {
    // The step is built here so that the client specialises it (see `StatefulStepObservable`); the accumulated
    // value is the subscription's state.
    StatefulStepObservable(source: asObservable(), initial: seed, operatorName: "scan") { event, accumulated, deliver in
      switch event {
      case .next(let element):
        do {
          try accumulator(&accumulated, element)
        } catch {
          return .error(error)
        }
        deliver(.next(accumulated))
        return .consumed
      case .error(let error): return .error(error)
      case .completed: return .completed
      }
    }
  }
}
