extension ObservableType {
  /// Subscribes an event handler.
  @preconcurrency
  public func subscribe(_ on: @escaping @Sendable (Event<Element>) -> Void) -> any Disposable {
    subscribe(AnyObserver(eventHandler: on))
  }

  /// Subscribes element, error, completion and disposal handlers.
  ///
  /// The handlers may run on any thread (the one the sequence delivers on), so they are `@Sendable`; for UI
  /// work use ``Driver`` / ``Signal`` or `observe(on: MainScheduler.instance)`. `onDisposed` runs once, after
  /// a stop event's handler or on disposal. All handlers are released when the subscription ends.
  @preconcurrency
  @inlinable
  public func subscribe(
    onNext: (@Sendable (Element) -> Void)? = nil,
    onError: (@Sendable (any Swift.Error) -> Void)? = nil,
    onCompleted: (@Sendable () -> Void)? = nil,
    onDisposed: (@Sendable () -> Void)? = nil
  ) -> any Disposable {
    let handle = SubscriptionHandle(onDisposed: onDisposed)
    // The event switch is built here, inlinable, so that a client specialises it for its element type: in Ferry's
    // generic code, reading an `Event<Element>` looks up its metadata on every element. It captures nothing (the
    // handlers are the observer's), so it is not allocated.
    let observer = ClosureObserver<Element>(
      handle: handle,
      onNext: onNext,
      onError: onError,
      onCompleted: onCompleted
    ) { observer, event in
      switch event {
      case .next(let element):
        observer.onNext?(element)
      case .error(let error):
        if let onError = observer.onError {
          onError(error)
        } else {
          reportUnhandledError(error)
        }
        observer.handle.dispose()
      case .completed:
        observer.onCompleted?()
        observer.handle.dispose()
      }
    }
    handle.setUpstream(subscribe(observer))
    return handle
  }

  /// Subscribes handlers that receive `object` (held weakly) as their first argument.
  ///
  /// Nothing is called once `object` has been deallocated.
  ///
  /// Inlinable, as `subscribe(onNext:…)`, so that the handlers' wrappers are specialised in the client.
  @preconcurrency
  @inlinable
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onNext: (@Sendable (Object, Element) -> Void)? = nil,
    onError: (@Sendable (Object, any Swift.Error) -> Void)? = nil,
    onCompleted: (@Sendable (Object) -> Void)? = nil,
    onDisposed: (@Sendable (Object) -> Void)? = nil
  ) -> any Disposable {
    let weak = WeakReference(object)
    var next: (@Sendable (Element) -> Void)?
    if let onNext {
      next = { element in if let object = weak.object { onNext(object, element) } }
    }
    var error: (@Sendable (any Swift.Error) -> Void)?
    if let onError {
      error = { failure in if let object = weak.object { onError(object, failure) } }
    }
    var completed: (@Sendable () -> Void)?
    if let onCompleted {
      completed = { if let object = weak.object { onCompleted(object) } }
    }
    var disposed: (@Sendable () -> Void)?
    if let onDisposed {
      disposed = { if let object = weak.object { onDisposed(object) } }
    }
    return subscribe(onNext: next, onError: error, onCompleted: completed, onDisposed: disposed)
  }
}

/// A weak reference that can be captured by `@Sendable` closures.
@usableFromInline
struct WeakReference<Object: AnyObject>: @unchecked Sendable {
  // @unchecked Sendable: reading a `weak` reference is thread-safe in Swift; whether the object may be used on the
  // delivering thread is the caller's promise, exactly as with RxSwift's `with:` overloads.
  @usableFromInline weak var object: Object?
  @inlinable init(_ object: Object) { self.object = object }
}

/// Reports an error no `onError` handler took (``Hooks``); callable from inlinable code.
@usableFromInline
func reportUnhandledError(_ error: any Swift.Error) {
  Hooks.unhandledError(error)
}

/// The disposable returned by `subscribe(onNext:…)`: owns the upstream and the `onDisposed` handler.
@usableFromInline
final class SubscriptionHandle: UpstreamDisposer, @unchecked Sendable {
  // @unchecked Sendable: `onDisposed` is read and cleared once, by the caller that wins disposal (so no run-time
  // exclusivity check either).
  @exclusivity(unchecked) private var onDisposed: (@Sendable () -> Void)?

  @usableFromInline
  init(onDisposed: (@Sendable () -> Void)?) {
    self.onDisposed = onDisposed
  }

  override func disposeResources() {
    let onDisposed = self.onDisposed
    self.onDisposed = nil
    onDisposed?()
  }
}

/// Calls the handlers of `subscribe(onNext:…)`; stops as soon as its handle is disposed.
///
/// `handler` holds the event switch, built by the inlinable `subscribe(onNext:…)` so that it is specialised in the
/// client; `on(_:)` only passes the event through, which needs no metadata of `Event<Element>`.
@usableFromInline
final class ClosureObserver<Element>: ObserverType {
  @usableFromInline typealias Handler = @Sendable (ClosureObserver<Element>, Event<Element>) -> Void

  @usableFromInline let handle: SubscriptionHandle
  @usableFromInline let onNext: (@Sendable (Element) -> Void)?
  @usableFromInline let onError: (@Sendable (any Swift.Error) -> Void)?
  @usableFromInline let onCompleted: (@Sendable () -> Void)?
  @usableFromInline let handler: Handler

  @usableFromInline
  init(
    handle: SubscriptionHandle,
    onNext: (@Sendable (Element) -> Void)?,
    onError: (@Sendable (any Swift.Error) -> Void)?,
    onCompleted: (@Sendable () -> Void)?,
    handler: @escaping Handler
  ) {
    self.handle = handle
    self.onNext = onNext
    self.onError = onError
    self.onCompleted = onCompleted
    self.handler = handler
  }

  /// Whether the subscription's handle was disposed (or the subscription stopped).
  @usableFromInline var _isDownstreamDisposed: Bool { handle.isDisposed }

  @usableFromInline
  func on(_ event: Event<Element>) {
    guard !handle.isDisposed else { return }
    handler(self, event)
  }
}
