extension AsyncSequence where Self: Sendable {
  /// The elements of this async sequence as a ``Driver``, continuing with `onErrorJustReturn` if it throws.
  ///
  /// Same iteration rules as `asObservable(priority:)`; then the ``Driver`` rules: delivered on the main actor,
  /// one shared iteration for all subscribers, the latest element replayed.
  public func asDriver(onErrorJustReturn: Element, priority: TaskPriority? = nil) -> Driver<Element> {
    asObservable(priority: priority).asDriver(onErrorJustReturn: onErrorJustReturn)
  }

  /// The elements of this async sequence as a ``Driver``, continuing with `onErrorDriveWith` if it throws.
  public func asDriver(onErrorDriveWith: Driver<Element>, priority: TaskPriority? = nil) -> Driver<Element> {
    asObservable(priority: priority).asDriver(onErrorDriveWith: onErrorDriveWith)
  }

  /// The elements of this async sequence as a ``Driver``, continuing with `onErrorRecover(error)` if it throws.
  @preconcurrency
  public func asDriver(
    priority: TaskPriority? = nil,
    onErrorRecover: @escaping @Sendable (_ error: any Swift.Error) -> Driver<Element>
  ) -> Driver<Element> {
    asObservable(priority: priority).asDriver(onErrorRecover: onErrorRecover)
  }

  /// The elements of this async sequence as a ``Signal``, continuing with `onErrorJustReturn` if it throws.
  ///
  /// Same iteration rules as `asObservable(priority:)`; then the ``Signal`` rules: delivered on the main actor,
  /// one shared iteration for all subscribers, nothing replayed.
  public func asSignal(onErrorJustReturn: Element, priority: TaskPriority? = nil) -> Signal<Element> {
    asObservable(priority: priority).asSignal(onErrorJustReturn: onErrorJustReturn)
  }

  /// The elements of this async sequence as a ``Signal``, continuing with `onErrorSignalWith` if it throws.
  public func asSignal(onErrorSignalWith: Signal<Element>, priority: TaskPriority? = nil) -> Signal<Element> {
    asObservable(priority: priority).asSignal(onErrorSignalWith: onErrorSignalWith)
  }

  /// The elements of this async sequence as a ``Signal``, continuing with `onErrorRecover(error)` if it throws.
  @preconcurrency
  public func asSignal(
    priority: TaskPriority? = nil,
    onErrorRecover: @escaping @Sendable (_ error: any Swift.Error) -> Signal<Element>
  ) -> Signal<Element> {
    asObservable(priority: priority).asSignal(onErrorRecover: onErrorRecover)
  }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension AsyncSequence where Self: Sendable, Failure == Never {
  /// The elements of this non-throwing async sequence as a ``Driver`` (it cannot error).
  public func asDriver(priority: TaskPriority? = nil) -> Driver<Element> {
    asObservable(priority: priority).asDriver(onErrorDriveWith: .empty())
  }

  /// The elements of this non-throwing async sequence as a ``Signal`` (it cannot error).
  public func asSignal(priority: TaskPriority? = nil) -> Signal<Element> {
    asObservable(priority: priority).asSignal(onErrorSignalWith: .empty())
  }
}
