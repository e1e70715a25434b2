extension SharedSequenceConvertibleType {
  /// Runs side effects for each event of every subscription, without changing the sequence.
  ///
  /// The handlers run where the events are delivered (the main thread for `Driver`/`Signal`); `onSubscribe`,
  /// `onSubscribed` and `onDispose` run on the thread that subscribes or disposes, so all are `@Sendable`.
  @preconcurrency
  public func `do`(
    onNext: (@Sendable (Element) -> Void)? = nil,
    afterNext: (@Sendable (Element) -> Void)? = nil,
    onCompleted: (@Sendable () -> Void)? = nil,
    afterCompleted: (@Sendable () -> Void)? = nil,
    onSubscribe: (@Sendable () -> Void)? = nil,
    onSubscribed: (@Sendable () -> Void)? = nil,
    onDispose: (@Sendable () -> Void)? = nil
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(
      asObservable().do(
        onNext: onNext,
        afterNext: afterNext,
        onCompleted: onCompleted,
        afterCompleted: afterCompleted,
        onSubscribe: onSubscribe,
        onSubscribed: onSubscribed,
        onDispose: onDispose
      )
    )
  }

  /// Runs side effects that receive `object` (held weakly) first; nothing runs once it is deallocated.
  @preconcurrency
  public func `do`<Object: AnyObject>(
    with object: Object,
    onNext: (@Sendable (Object, Element) -> Void)? = nil,
    afterNext: (@Sendable (Object, Element) -> Void)? = nil,
    onCompleted: (@Sendable (Object) -> Void)? = nil,
    afterCompleted: (@Sendable (Object) -> Void)? = nil,
    onSubscribe: (@Sendable (Object) -> Void)? = nil,
    onSubscribed: (@Sendable (Object) -> Void)? = nil,
    onDispose: (@Sendable (Object) -> Void)? = nil
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(
      asObservable().do(
        with: object,
        onNext: onNext,
        afterNext: afterNext,
        onCompleted: onCompleted,
        afterCompleted: afterCompleted,
        onSubscribe: onSubscribe,
        onSubscribed: onSubscribed,
        onDispose: onDispose
      )
    )
  }
}
