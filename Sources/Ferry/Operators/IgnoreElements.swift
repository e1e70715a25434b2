extension ObservableType {
  /// A ``Completable`` that drops every element and mirrors the sequence's termination.
  ///
  /// RxSwift 6 returns `Observable<Never>` here (RxSwift 5 returned `Completable`). Ferry returns a
  /// `Completable` and also offers the `Observable<Never>` form where the context asks for it, so both
  /// `ignoreElements().asCompletable()` and `let done: Completable = ignoreElements()` compile.
  @inlinable
  public func ignoreElements() -> Completable {
    Completable(raw: ignoreElements())
  }

  /// An `Observable<Never>` that drops every element and mirrors the sequence's termination (RxSwift 6's
  /// signature; chosen when the context needs an `Observable<Never>`).
  @_disfavoredOverload
  @inlinable
  public func ignoreElements() -> Observable<Never> {
    // The event step is built here so that the client specialises it (see `EventStep`); it delivers nothing.
    MapObservable(source: asObservable()) { event, _ in
      switch event {
      case .next: return .consumed
      case .error(let error): return .error(error)
      case .completed: return .completed
      }
    }
  }
}

extension ObservableType where Element == Never {
  /// The sequence as a ``Completable``.
  public func asCompletable() -> Completable {
    Completable(raw: asObservable())
  }
}
