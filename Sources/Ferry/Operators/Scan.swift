extension ObservableType {
  /// Emits each intermediate result of folding the elements into `seed` with `accumulator`.
  ///
  /// An error thrown by `accumulator` terminates the sequence with it. Each subscription starts from `seed`.
  @preconcurrency
  public func scan<A>(
    _ seed: A,
    accumulator: @escaping @Sendable (A, Element) throws -> A
  ) -> Observable<A> {
    ScanObservable(source: asObservable(), seed: ScanSeed(seed)) { accumulated, element in
      accumulated = try accumulator(accumulated, element)
    }
  }

  /// Emits each intermediate result of folding the elements into `seed` with an accumulator that mutates the
  /// accumulated value in place.
  ///
  /// An error thrown by `accumulator` terminates the sequence with it. Each subscription starts from `seed`.
  @preconcurrency
  public func scan<A>(
    into seed: A,
    accumulator: @escaping @Sendable (inout A, Element) throws -> Void
  ) -> Observable<A> {
    ScanObservable(source: asObservable(), seed: ScanSeed(seed), accumulator: accumulator)
  }
}

/// The seed of a `scan`, copied into each subscription.
///
/// `@unchecked Sendable`: never mutated after init; each subscription copies it (value semantics assumed, as in
/// RxSwift, where the seed is shared the same way).
struct ScanSeed<A>: @unchecked Sendable {
  let value: A
  init(_ value: A) { self.value = value }
}

final class ScanObservable<Source, A>: Observable<A>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Source>
  let seed: ScanSeed<A>
  let accumulator: @Sendable (inout A, Source) throws -> Void

  init(source: Observable<Source>, seed: ScanSeed<A>, accumulator: @escaping @Sendable (inout A, Source) throws -> Void)
  {
    self.source = source
    self.seed = seed
    self.accumulator = accumulator
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == A {
    let sink = ScanSink(observer: observer, seed: seed.value, accumulator: accumulator)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class ScanSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: `accumulated` is touched only from `on(_:)`, which the Rx grammar serialises.
  #if DEBUG
  let synchronization = SynchronizationChecker("scan")
  #endif
  let accumulator: @Sendable (inout Observer.Element, Source) throws -> Void
  var accumulated: Observer.Element

  init(
    observer: Observer,
    seed: Observer.Element,
    accumulator: @escaping @Sendable (inout Observer.Element, Source) throws -> Void
  ) {
    self.accumulated = seed
    self.accumulator = accumulator
    super.init(observer: observer)
  }

  func on(_ event: Event<Source>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
    switch event {
    case .next(let element):
      do {
        try accumulator(&accumulated, element)
        forwardNext(accumulated)
      } catch {
        forwardError(error)
      }
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
