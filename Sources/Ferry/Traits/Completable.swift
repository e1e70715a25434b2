/// The trait of ``Completable``: completion or an error, never an element.
public enum CompletableTrait {}

/// A sequence that only completes or fails: the usual shape of a "save" or "delete" call.
public typealias Completable = PrimitiveSequence<CompletableTrait, Never>

/// What a ``Completable`` delivers.
@frozen
public enum CompletableEvent: Sendable {
  /// The completable failed.
  case error(any Swift.Error)
  /// The completable completed.
  case completed
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
  /// The callback a `Completable.create(subscribe:)` body calls with the outcome.
  @preconcurrency
  public typealias CompletableObserver = @Sendable (CompletableEvent) -> Void

  /// Creates a ``Completable`` from a subscribe function.
  ///
  /// The function runs once per subscription with a callback for the outcome and returns the disposable that
  /// tears the work down. Only the first call of the callback counts.
  @preconcurrency
  @inlinable
  public static func create(
    subscribe: @escaping @Sendable (@escaping CompletableObserver) -> any Disposable
  ) -> Completable {
    Completable(
      raw: OutcomeCreateObservable(subscribe) { outcome, _ in
        switch outcome {
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
      }
    )
  }

  /// A ``Completable`` that completes at once.
  public static func empty() -> Completable {
    Completable(raw: Observable.empty())
  }

  /// A ``Completable`` that fails with `error`.
  public static func error(_ error: any Swift.Error) -> Completable {
    Completable(raw: Observable.error(error))
  }

  /// A ``Completable`` that never terminates.
  public static func never() -> Completable {
    Completable(raw: Observable.never())
  }

  /// Subscribes a callback that receives the outcome once.
  @preconcurrency
  public func subscribe(_ observer: @escaping @Sendable (CompletableEvent) -> Void) -> any Disposable {
    source.subscribe(onError: { observer(.error($0)) }, onCompleted: { observer(.completed) })
  }

  /// Subscribes completion, error and disposal handlers.
  ///
  /// An error with no `onError` goes to ``Hooks/defaultErrorHandler``.
  @preconcurrency
  public func subscribe(
    onCompleted: (@Sendable () -> Void)? = nil,
    onError: (@Sendable (any Swift.Error) -> Void)? = nil,
    onDisposed: (@Sendable () -> Void)? = nil
  ) -> any Disposable {
    source.subscribe(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes handlers that receive `object` (held weakly) as their first argument; nothing is called once
  /// `object` has been deallocated.
  @preconcurrency
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onCompleted: (@Sendable (Object) -> Void)? = nil,
    onError: (@Sendable (Object, any Swift.Error) -> Void)? = nil,
    onDisposed: (@Sendable (Object) -> Void)? = nil
  ) -> any Disposable {
    source.subscribe(with: object, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Calls the handlers around the events of each subscription, for side effects.
  ///
  /// `onSubscribe` runs before subscribing and `onSubscribed` after; `onDispose` runs once when the
  /// subscription ends. An error thrown by a handler fails the sequence with it.
  @preconcurrency
  public func `do`(
    onError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    afterError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    onCompleted: (@Sendable () throws -> Void)? = nil,
    afterCompleted: (@Sendable () throws -> Void)? = nil,
    onSubscribe: (@Sendable () -> Void)? = nil,
    onSubscribed: (@Sendable () -> Void)? = nil,
    onDispose: (@Sendable () -> Void)? = nil
  ) -> Completable {
    let handlers = TraitDoHandlers<Never>(
      onError: onError,
      afterError: afterError,
      onCompleted: onCompleted,
      afterCompleted: afterCompleted,
      onSubscribe: onSubscribe,
      onSubscribed: onSubscribed,
      onDispose: onDispose
    )
    return Completable(raw: source.do(handlers))
  }

  /// Returns `self`, so that RxSwift 6's `observable.ignoreElements().asCompletable()` compiles unchanged.
  public func asCompletable() -> Completable { self }

  /// Completes when `self` and then `second` have completed (`second` is subscribed when `self` completes);
  /// fails with the first error.
  public func concat(_ second: Completable) -> Completable {
    Completable.concat(self, second)
  }

  /// Completes when every one of `sources` has completed, one after another (each is subscribed when the
  /// previous one completes); fails with the first error.
  public static func concat<S: Sequence>(_ sources: S) -> Completable where S.Element == Completable {
    Completable(raw: Observable.concat(sources.lazy.map(\.source)))
  }

  /// `concat(_:)` for a collection.
  public static func concat<C: Collection>(_ sources: C) -> Completable where C.Element == Completable {
    Completable(raw: Observable.concat(sources.map(\.source)))
  }

  /// `concat(_:)` with variadic sources.
  public static func concat(_ sources: Completable...) -> Completable {
    Completable(raw: Observable.concat(sources.map(\.source)))
  }

  /// Completes when every one of `sources` has completed (all are subscribed at once: RxSwift's `merge`); fails
  /// with the first error.
  public static func zip<C: Collection>(_ sources: C) -> Completable where C.Element == Completable {
    Completable(raw: Observable.merge(sources.map(\.source)))
  }

  /// `zip(_:)` over a collection for an array.
  public static func zip(_ sources: [Completable]) -> Completable {
    Completable(raw: Observable.merge(sources.map(\.source)))
  }

  /// `zip(_:)` over a collection with variadic sources.
  public static func zip(_ sources: Completable...) -> Completable {
    Completable(raw: Observable.merge(sources.map(\.source)))
  }
}
