extension ObservableType {
  /// Combines each element of `self` with the latest element of `second` using `resultSelector`.
  ///
  /// `second` is subscribed to first, so a `BehaviorRelay` or `BehaviorSubject` supplies its current value to
  /// the very first element of `self`. Elements of `self` that arrive before `second` has emitted are dropped.
  /// Completes when `self` completes (the completion of `second` is ignored); an error from either, or thrown
  /// by `resultSelector`, terminates the result.
  @preconcurrency
  @inlinable
  public func withLatestFrom<Source: ObservableConvertibleType, Result>(
    _ second: Source,
    resultSelector: @escaping @Sendable (Element, Source.Element) throws -> Result
  ) -> Observable<Result> {
    withLatestFromObservable(asObservable(), second.asObservable(), resultSelector)
  }

  /// Emits the latest element of `second` each time `self` emits. See ``withLatestFrom(_:resultSelector:)``.
  @inlinable
  public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
    withLatestFromObservable(asObservable(), second.asObservable()) { $1 }
  }
}

/// `withLatestFrom` as a combining operator (see ``CombiningStateMachine``): the storage is `second`'s latest element,
/// source 0 is `second` (subscribed first), source 1 the trigger, whose elements are paired with the latest one.
@inlinable
func withLatestFromObservable<First, Second, Result>(
  _ first: Observable<First>, _ second: Observable<Second>,
  _ resultSelector: @escaping @Sendable (First, Second) throws -> Result
) -> Observable<Result> {
  CombiningObservable<Second?, WithLatestFromProgress, (First, Second), Result>(
    initial: nil,
    progress: WithLatestFromProgress(),
    sources: [
      // The new latest element replaces the old one, which is released after the lock.
      CombiningSource(second) { latest, _, element, _ in
        swap(&latest, &element)
        return nil
      },
      // A trigger before `second` has emitted is dropped (RxSwift).
      CombiningSource(first) { latest, _, element, _ in
        guard let latest, let element else { return nil }
        return .next((element, latest))
      },
    ],
    emptyValues: nil,
    combine: { try resultSelector($0.0, $0.1) }
  )
}

/// The element-free decisions of `withLatestFrom`: the first stop event wins; the trigger's completion completes the
/// result, `second`'s is ignored.
@usableFromInline
struct WithLatestFromProgress: CombiningProgress {
  @usableFromInline var isStopped = false

  @inlinable init() {}

  /// A source failed: forwarded unless a stop event was decided.
  @inlinable
  mutating func error() -> Bool {
    defer { isStopped = true }
    return !isStopped
  }

  /// Source `index` completed: the trigger (1) completes the result; `second` (0) changes nothing.
  @inlinable
  mutating func completed(_ index: Int) -> Bool {
    guard index == 1 && !isStopped else { return false }
    isStopped = true
    return true
  }

  /// Stops without an event from a source (not reached: `withLatestFrom` always has two sources).
  @inlinable
  mutating func stop() { isStopped = true }
}
