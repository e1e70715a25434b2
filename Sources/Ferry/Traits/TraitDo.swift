/// The side-effect hooks of the traits' `do` operators.
struct TraitDoHandlers<Element>: Sendable {
  var onNext: (@Sendable (Element) throws -> Void)?
  var afterNext: (@Sendable (Element) throws -> Void)?
  var onError: (@Sendable (any Swift.Error) throws -> Void)?
  var afterError: (@Sendable (any Swift.Error) throws -> Void)?
  var onCompleted: (@Sendable () throws -> Void)?
  var afterCompleted: (@Sendable () throws -> Void)?
  var onSubscribe: (@Sendable () -> Void)?
  var onSubscribed: (@Sendable () -> Void)?
  var onDispose: (@Sendable () -> Void)?
}

extension Observable {
  /// The trait `do` operators are the Observable `do(…)` with the trait's handler names mapped onto it.
  func `do`(_ handlers: TraitDoHandlers<Element>) -> Observable<Element> {
    self.do(
      onNext: handlers.onNext,
      afterNext: handlers.afterNext,
      onError: handlers.onError,
      afterError: handlers.afterError,
      onCompleted: handlers.onCompleted,
      afterCompleted: handlers.afterCompleted,
      onSubscribe: handlers.onSubscribe,
      onSubscribed: handlers.onSubscribed,
      onDispose: handlers.onDispose
    )
  }
}

/// Wraps a handler taking `object` and one argument so that it runs only while `object` is alive.
func weakly<Object: AnyObject, Argument>(
  _ object: Object,
  _ handler: (@Sendable (Object, Argument) throws -> Void)?
) -> (@Sendable (Argument) throws -> Void)? {
  guard let handler else { return nil }
  let reference = WeakReference(object)
  return { argument in
    if let object = reference.object { try handler(object, argument) }
  }
}

/// Wraps a handler taking `object` so that it runs only while `object` is alive.
func weakly<Object: AnyObject>(
  _ object: Object,
  _ handler: (@Sendable (Object) throws -> Void)?
) -> (@Sendable () throws -> Void)? {
  guard let handler else { return nil }
  let reference = WeakReference(object)
  return {
    if let object = reference.object { try handler(object) }
  }
}

/// Wraps a non-throwing handler taking `object` so that it runs only while `object` is alive.
func weaklyNonThrowing<Object: AnyObject>(
  _ object: Object,
  _ handler: (@Sendable (Object) -> Void)?
) -> (@Sendable () -> Void)? {
  guard let handler else { return nil }
  let reference = WeakReference(object)
  return {
    if let object = reference.object { handler(object) }
  }
}
