/// The trait of ``Single``: exactly one element, or an error.
public enum SingleTrait {}

/// A sequence that produces exactly one element or an error: the usual shape of a network request.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// What a ``Single`` delivers: `.success(element)` or `.failure(error)` (RxSwift 6 naming).
public typealias SingleEvent<Element> = Result<Element, any Swift.Error>

extension PrimitiveSequence where Trait == SingleTrait {
  /// The callback a `Single.create(subscribe:)` body calls with the outcome.
  @preconcurrency
  public typealias SingleObserver = @Sendable (SingleEvent<Element>) -> Void

  /// Creates a ``Single`` from a subscribe function.
  ///
  /// The function runs once per subscription with a callback for the outcome and returns the disposable that
  /// tears the work down (for example by cancelling a request). Only the first call of the callback counts;
  /// later calls, and calls after disposal, are ignored.
  @preconcurrency
  @inlinable
  public static func create(
    subscribe: @escaping @Sendable (@escaping SingleObserver) -> any Disposable
  ) -> Single<Element> {
    // The outcome's translation into events is built here, so that the client specialises it (see `EventStep`).
    Single(
      raw: OutcomeCreateObservable(subscribe) { outcome, deliver in
        switch outcome {
        case .success(let element):
          deliver(.next(element))
          return .completed
        case .failure(let error):
          return .error(error)
        }
      }
    )
  }

  /// A ``Single`` that succeeds with `element`.
  public static func just(_ element: Element) -> Single<Element> {
    Single(raw: JustObservable(element))
  }

  /// A ``Single`` that fails with `error`.
  public static func error(_ error: any Swift.Error) -> Single<Element> {
    Single(raw: Observable.error(error))
  }

  /// A ``Single`` that never produces anything.
  public static func never() -> Single<Element> {
    Single(raw: Observable.never())
  }

  /// Subscribes a callback that receives the outcome once. An unhandled error is not reported to
  /// ``Hooks/defaultErrorHandler``: the callback is the handler.
  @preconcurrency
  public func subscribe(_ observer: @escaping @Sendable (SingleEvent<Element>) -> Void) -> any Disposable {
    source.subscribe(
      onNext: { observer(.success($0)) },
      onError: { observer(.failure($0)) }
    )
  }

  /// Subscribes success, failure and disposal handlers.
  ///
  /// The handlers may run on any thread. `onDisposed` runs once, after `onSuccess`/`onFailure` or on disposal.
  /// An error with no `onFailure` goes to ``Hooks/defaultErrorHandler``.
  @preconcurrency
  public func subscribe(
    onSuccess: (@Sendable (Element) -> Void)? = nil,
    onFailure: (@Sendable (any Swift.Error) -> Void)? = nil,
    onDisposed: (@Sendable () -> Void)? = nil
  ) -> any Disposable {
    source.subscribe(onNext: onSuccess, onError: onFailure, onDisposed: onDisposed)
  }

  /// Subscribes handlers that receive `object` (held weakly) as their first argument; nothing is called once
  /// `object` has been deallocated.
  @preconcurrency
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onSuccess: (@Sendable (Object, Element) -> Void)? = nil,
    onFailure: (@Sendable (Object, any Swift.Error) -> Void)? = nil,
    onDisposed: (@Sendable (Object) -> Void)? = nil
  ) -> any Disposable {
    source.subscribe(with: object, onNext: onSuccess, onError: onFailure, onDisposed: onDisposed)
  }

  /// Transforms the element; an error thrown by `transform` fails the result.
  @preconcurrency
  public func map<Result>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Single<Result> {
    Single<Result>(raw: source.map(transform))
  }

  /// Transforms the element into an optional: a ``Maybe`` that completes empty when `transform` returns `nil`.
  @preconcurrency
  public func compactMap<Result>(_ transform: @escaping @Sendable (Element) throws -> Result?) -> Maybe<Result> {
    Maybe<Result>(raw: source.compactMap(transform))
  }

  /// Emits the element only if `predicate` returns `true` for it: a ``Maybe`` that completes empty otherwise.
  @preconcurrency
  public func filter(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Maybe<Element> {
    Maybe(raw: source.filter(predicate))
  }

  /// Continues with the ``Single`` that `selector` returns for the element.
  @preconcurrency
  public func flatMap<Result>(_ selector: @escaping @Sendable (Element) throws -> Single<Result>) -> Single<Result> {
    Single<Result>(raw: source.flatMap(selector))
  }

  /// Continues with the ``Maybe`` that `selector` returns for the element.
  @preconcurrency
  public func flatMapMaybe<Result>(
    _ selector: @escaping @Sendable (Element) throws -> Maybe<Result>
  ) -> Maybe<Result> {
    Maybe<Result>(raw: source.flatMap(selector))
  }

  /// Continues with the ``Completable`` that `selector` returns for the element.
  @preconcurrency
  public func flatMapCompletable(_ selector: @escaping @Sendable (Element) throws -> Completable) -> Completable {
    Completable(raw: source.flatMap(selector))
  }

  /// Succeeds with `element` instead of failing.
  public func catchAndReturn(_ element: Element) -> Single<Element> {
    Single(raw: catchObservable(source, returning: element))
  }

  /// Calls the handlers around the events of each subscription, for side effects.
  ///
  /// `onSubscribe` runs before subscribing and `onSubscribed` after; `onDispose` runs once when the
  /// subscription ends (after success or failure, or on disposal). An error thrown by a handler fails the
  /// sequence with it.
  @preconcurrency
  public func `do`(
    onSuccess: (@Sendable (Element) throws -> Void)? = nil,
    afterSuccess: (@Sendable (Element) throws -> Void)? = nil,
    onError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    afterError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    onSubscribe: (@Sendable () -> Void)? = nil,
    onSubscribed: (@Sendable () -> Void)? = nil,
    onDispose: (@Sendable () -> Void)? = nil
  ) -> Single<Element> {
    let handlers = TraitDoHandlers(
      onNext: onSuccess,
      afterNext: afterSuccess,
      onError: onError,
      afterError: afterError,
      onSubscribe: onSubscribe,
      onSubscribed: onSubscribed,
      onDispose: onDispose
    )
    return Single(raw: source.do(handlers))
  }

  /// ``do(onSuccess:afterSuccess:onError:afterError:onSubscribe:onSubscribed:onDispose:)`` with handlers that
  /// receive `object` (held weakly) as their first argument; nothing is called once it is deallocated.
  @preconcurrency
  public func `do`<Object: AnyObject>(
    with object: Object,
    onSuccess: (@Sendable (Object, Element) throws -> Void)? = nil,
    afterSuccess: (@Sendable (Object, Element) throws -> Void)? = nil,
    onError: (@Sendable (Object, any Swift.Error) throws -> Void)? = nil,
    afterError: (@Sendable (Object, any Swift.Error) throws -> Void)? = nil,
    onSubscribe: (@Sendable (Object) -> Void)? = nil,
    onSubscribed: (@Sendable (Object) -> Void)? = nil,
    onDispose: (@Sendable (Object) -> Void)? = nil
  ) -> Single<Element> {
    `do`(
      onSuccess: weakly(object, onSuccess),
      afterSuccess: weakly(object, afterSuccess),
      onError: weakly(object, onError),
      afterError: weakly(object, afterError),
      onSubscribe: weaklyNonThrowing(object, onSubscribe),
      onSubscribed: weaklyNonThrowing(object, onSubscribed),
      onDispose: weaklyNonThrowing(object, onDispose)
    )
  }

  /// Returns `self`.
  public func asSingle() -> Single<Element> { self }

  /// The single as a ``Maybe`` that always has an element (or fails).
  public func asMaybe() -> Maybe<Element> {
    Maybe(raw: source)
  }

  /// A ``Completable`` that drops the element and mirrors success as completion.
  public func asCompletable() -> Completable {
    Completable(raw: source.ignoreElements())
  }
}
