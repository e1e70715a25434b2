extension ObservableConvertibleType {
  /// Converts to a ``SharedSequence`` of strategy `S` (a `Driver` or a `Signal`) that emits `onErrorJustReturn` and
  /// completes if the source errors: the generic form of `asDriver(onErrorJustReturn:)` / `asSignal(…)`.
  @inlinable
  public func asSharedSequence<S: SharingStrategyProtocol>(
    sharingStrategy _: S.Type = S.self, onErrorJustReturn: Element
  ) -> SharedSequence<S, Element> {
    let box = UncheckedBox(onErrorJustReturn)
    return asSharedSequence(S.self) { _ in SharedSequence(raw: Observable.just(box.value)) }
  }

  /// Converts to a ``SharedSequence`` of strategy `S` that continues with `onErrorDriveWith` if the source errors.
  @inlinable
  public func asSharedSequence<S: SharingStrategyProtocol>(
    sharingStrategy _: S.Type = S.self, onErrorDriveWith: SharedSequence<S, Element>
  ) -> SharedSequence<S, Element> {
    asSharedSequence(S.self) { _ in onErrorDriveWith }
  }

  /// Converts to a ``SharedSequence`` of strategy `S` that continues with `onErrorRecover(error)` if the source
  /// errors.
  @preconcurrency
  @inlinable
  public func asSharedSequence<S: SharingStrategyProtocol>(
    sharingStrategy _: S.Type = S.self,
    onErrorRecover: @escaping @Sendable (_ error: any Swift.Error) -> SharedSequence<S, Element>
  ) -> SharedSequence<S, Element> {
    asSharedSequence(S.self, onErrorRecover: onErrorRecover)
  }
}

extension SharedSequenceConvertibleType {
  /// The shared sequence as an observable: a type adopting ``SharedSequenceConvertibleType`` needs only
  /// `asSharedSequence()` (as in RxCocoa).
  public func asObservable() -> Observable<Element> {
    asSharedSequence().asObservable()
  }
}
