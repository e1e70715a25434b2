extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
  /// Completes `self`, then continues with `second`.
  public func andThen<Other>(_ second: Single<Other>) -> Single<Other> {
    Single(raw: andThen(second.asObservable()))
  }

  /// Completes `self`, then continues with `second`.
  public func andThen<Other>(_ second: Maybe<Other>) -> Maybe<Other> {
    Maybe(raw: andThen(second.asObservable()))
  }

  /// Completes `self`, then continues with `second`.
  public func andThen(_ second: Completable) -> Completable {
    Completable(raw: andThen(second.asObservable()))
  }

  /// Completes `self`, then continues with `second`.
  public func andThen<Other>(_ second: Observable<Other>) -> Observable<Other> {
    // `self` has no elements: the `map` only changes the element type for `concat`.
    source.map(absurd).concat(second)
  }
}

/// The element type change of a sequence without elements: never called.
@Sendable private func absurd<Result>(_ never: Never) -> Result {}
