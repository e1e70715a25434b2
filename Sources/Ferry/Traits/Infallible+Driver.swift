extension InfallibleType {
  /// The infallible sequence as a ``Driver`` (it cannot error, so no recovery is needed).
  public func asDriver() -> Driver<Element> {
    asDriver(onErrorDriveWith: .empty())
  }

  /// The infallible sequence as a ``Signal``.
  public func asSignal() -> Signal<Element> {
    asSignal(onErrorSignalWith: .empty())
  }
}
