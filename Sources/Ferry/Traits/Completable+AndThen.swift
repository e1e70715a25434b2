extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
  /// Completes `self`, then continues with `second`.
  public func andThen<Other>(_ second: Single<Other>) -> Single<Other> {
    Single(raw: TraitConcatObservable(first: source, second: second.asObservable()))
  }

  /// Completes `self`, then continues with `second`.
  public func andThen<Other>(_ second: Maybe<Other>) -> Maybe<Other> {
    Maybe(raw: TraitConcatObservable(first: source, second: second.asObservable()))
  }

  /// Completes `self`, then continues with `second`.
  public func andThen(_ second: Completable) -> Completable {
    Completable(raw: TraitConcatObservable(first: source, second: second.asObservable()))
  }

  /// Completes `self`, then continues with `second`.
  public func andThen<Other>(_ second: Observable<Other>) -> Observable<Other> {
    TraitConcatObservable(first: source, second: second)
  }
}
