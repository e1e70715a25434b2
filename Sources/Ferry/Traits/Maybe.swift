/// The trait of ``Maybe``: one element, no element, or an error.
public enum MaybeTrait {}

/// A sequence that produces at most one element: success with an element, completion without one, or an error.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// What a ``Maybe`` delivers.
@frozen
public enum MaybeEvent<Element> {
  /// The maybe produced an element.
  case success(Element)
  /// The maybe failed.
  case error(any Swift.Error)
  /// The maybe completed without an element.
  case completed
}

extension MaybeEvent: Sendable where Element: Sendable {}

extension PrimitiveSequence where Trait == MaybeTrait {
  /// The callback a `Maybe.create(subscribe:)` body calls with the outcome.
  @preconcurrency
  public typealias MaybeObserver = @Sendable (MaybeEvent<Element>) -> Void

  /// Creates a ``Maybe`` from a subscribe function.
  ///
  /// The function runs once per subscription with a callback for the outcome and returns the disposable that
  /// tears the work down. Only the first call of the callback counts; later calls, and calls after disposal,
  /// are ignored.
  @preconcurrency
  @inlinable
  public static func create(
    subscribe: @escaping @Sendable (@escaping MaybeObserver) -> any Disposable
  ) -> Maybe<Element> {
    // The outcome's translation into events is built here, so that the client specialises it (see `EventStep`).
    Maybe(
      raw: OutcomeCreateObservable(subscribe) { outcome, deliver in
        switch outcome {
        case .success(let element):
          deliver(.next(element))
          return .completed
        case .error(let error):
          return .error(error)
        case .completed:
          return .completed
        }
      }
    )
  }

  /// A ``Maybe`` that succeeds with `element`.
  public static func just(_ element: Element) -> Maybe<Element> {
    Maybe(raw: JustObservable(element))
  }

  /// A ``Maybe`` that completes without an element.
  public static func empty() -> Maybe<Element> {
    Maybe(raw: Observable.empty())
  }

  /// A ``Maybe`` that fails with `error`.
  public static func error(_ error: any Swift.Error) -> Maybe<Element> {
    Maybe(raw: Observable.error(error))
  }

  /// A ``Maybe`` that never produces anything.
  public static func never() -> Maybe<Element> {
    Maybe(raw: Observable.never())
  }

  /// Subscribes a callback that receives the outcome once.
  @preconcurrency
  public func subscribe(_ observer: @escaping @Sendable (MaybeEvent<Element>) -> Void) -> any Disposable {
    subscribe(
      onSuccess: { observer(.success($0)) }, onError: { observer(.error($0)) }, onCompleted: { observer(.completed) })
  }

  /// Subscribes success, error, completion and disposal handlers.
  ///
  /// Exactly one of `onSuccess`, `onError` and `onCompleted` runs (`onCompleted` only when there is no
  /// element). An error with no `onError` goes to ``Hooks/defaultErrorHandler``.
  @preconcurrency
  public func subscribe(
    onSuccess: (@Sendable (Element) -> Void)? = nil,
    onError: (@Sendable (any Swift.Error) -> Void)? = nil,
    onCompleted: (@Sendable () -> Void)? = nil,
    onDisposed: (@Sendable () -> Void)? = nil
  ) -> any Disposable {
    guard let onCompleted else {
      return source.subscribe(onNext: onSuccess, onError: onError, onDisposed: onDisposed)
    }
    let received = AtomicWord.make()
    return source.subscribe(
      onNext: { element in
        _ = received.setOnce()
        onSuccess?(element)
      },
      onError: onError,
      onCompleted: { if received.load() == 0 { onCompleted() } },
      onDisposed: onDisposed
    )
  }

  /// Subscribes handlers that receive `object` (held weakly) as their first argument; nothing is called once
  /// `object` has been deallocated.
  @preconcurrency
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onSuccess: (@Sendable (Object, Element) -> Void)? = nil,
    onError: (@Sendable (Object, any Swift.Error) -> Void)? = nil,
    onCompleted: (@Sendable (Object) -> Void)? = nil,
    onDisposed: (@Sendable (Object) -> Void)? = nil
  ) -> any Disposable {
    let reference = WeakReference(object)
    var success: (@Sendable (Element) -> Void)?
    if let onSuccess {
      success = { element in if let object = reference.object { onSuccess(object, element) } }
    }
    var failure: (@Sendable (any Swift.Error) -> Void)?
    if let onError {
      failure = { error in if let object = reference.object { onError(object, error) } }
    }
    return subscribe(
      onSuccess: success,
      onError: failure,
      onCompleted: weaklyNonThrowing(object, onCompleted),
      onDisposed: weaklyNonThrowing(object, onDisposed)
    )
  }

  /// Transforms the element; an error thrown by `transform` fails the result.
  @preconcurrency
  public func map<Result>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Maybe<Result> {
    Maybe<Result>(raw: source.map(transform))
  }

  /// Transforms the element into an optional; completes empty when `transform` returns `nil`.
  @preconcurrency
  public func compactMap<Result>(_ transform: @escaping @Sendable (Element) throws -> Result?) -> Maybe<Result> {
    Maybe<Result>(raw: source.compactMap(transform))
  }

  /// Emits the element only if `predicate` returns `true` for it; completes empty otherwise.
  @preconcurrency
  public func filter(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Maybe<Element> {
    Maybe(raw: source.filter(predicate))
  }

  /// Continues with the ``Maybe`` that `selector` returns for the element; completes empty if there is none.
  @preconcurrency
  public func flatMap<Result>(_ selector: @escaping @Sendable (Element) throws -> Maybe<Result>) -> Maybe<Result> {
    Maybe<Result>(raw: source.flatMap(selector))
  }

  /// Succeeds with `element` instead of failing.
  public func catchAndReturn(_ element: Element) -> Maybe<Element> {
    Maybe(raw: catchObservable(source, returning: element))
  }

  /// Succeeds with `element` when the maybe completes without one.
  public func ifEmpty(default element: Element) -> Single<Element> {
    Single(raw: source.ifEmpty(default: element))
  }

  /// Continues with `other` when the maybe completes without an element.
  public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
    Maybe(raw: source.ifEmpty(switchTo: other.source))
  }

  /// Continues with `other` when the maybe completes without an element.
  public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
    Single(raw: source.ifEmpty(switchTo: other.source))
  }

  /// Returns `self`.
  public func asMaybe() -> Maybe<Element> { self }

  /// Calls the handlers around the events of each subscription, for side effects.
  ///
  /// `onSubscribe` runs before subscribing and `onSubscribed` after; `onDispose` runs once when the
  /// subscription ends. An error thrown by a handler fails the sequence with it.
  @preconcurrency
  public func `do`(
    onNext: (@Sendable (Element) throws -> Void)? = nil,
    afterNext: (@Sendable (Element) throws -> Void)? = nil,
    onError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    afterError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    onCompleted: (@Sendable () throws -> Void)? = nil,
    afterCompleted: (@Sendable () throws -> Void)? = nil,
    onSubscribe: (@Sendable () -> Void)? = nil,
    onSubscribed: (@Sendable () -> Void)? = nil,
    onDispose: (@Sendable () -> Void)? = nil
  ) -> Maybe<Element> {
    let handlers = TraitDoHandlers(
      onNext: onNext,
      afterNext: afterNext,
      onError: onError,
      afterError: afterError,
      onCompleted: onCompleted,
      afterCompleted: afterCompleted,
      onSubscribe: onSubscribe,
      onSubscribed: onSubscribed,
      onDispose: onDispose
    )
    return Maybe(raw: source.do(handlers))
  }

  /// A ``Completable`` that drops the element.
  public func asCompletable() -> Completable {
    Completable(raw: source.ignoreElements())
  }
}
