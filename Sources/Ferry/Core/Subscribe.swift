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
  public func subscribe(
    onNext: (@Sendable (Element) -> Void)? = nil,
    onError: (@Sendable (any Swift.Error) -> Void)? = nil,
    onCompleted: (@Sendable () -> Void)? = nil,
    onDisposed: (@Sendable () -> Void)? = nil
  ) -> any Disposable {
    let handle = SubscriptionHandle(onDisposed: onDisposed)
    let observer = ClosureObserver(
      handle: handle,
      onNext: onNext,
      onError: onError,
      onCompleted: onCompleted
    )
    handle.setUpstream(subscribe(observer))
    return handle
  }

  /// Subscribes handlers that receive `object` (held weakly) as their first argument.
  ///
  /// Nothing is called once `object` has been deallocated.
  @preconcurrency
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
///
/// `@unchecked Sendable`: reading a `weak` reference is thread-safe in Swift; whether the object may be used on
/// the delivering thread is the caller's promise, exactly as with RxSwift's `with:` overloads.
struct WeakReference<Object: AnyObject>: @unchecked Sendable {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}

/// The disposable returned by `subscribe(onNext:…)`: owns the upstream and the `onDisposed` handler.
final class SubscriptionHandle: UpstreamDisposer, @unchecked Sendable {
  // `@unchecked Sendable`: `onDisposed` is read and cleared once, by the caller that wins disposal.
  private var onDisposed: (@Sendable () -> Void)?

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
final class ClosureObserver<Element>: ObserverType, DownstreamDisposalQuery {
  let handle: SubscriptionHandle
  let onNext: (@Sendable (Element) -> Void)?
  let onError: (@Sendable (any Swift.Error) -> Void)?
  let onCompleted: (@Sendable () -> Void)?

  init(
    handle: SubscriptionHandle,
    onNext: (@Sendable (Element) -> Void)?,
    onError: (@Sendable (any Swift.Error) -> Void)?,
    onCompleted: (@Sendable () -> Void)?
  ) {
    self.handle = handle
    self.onNext = onNext
    self.onError = onError
    self.onCompleted = onCompleted
  }

  var isDownstreamDisposed: Bool { handle.isDisposed }

  func on(_ event: Event<Element>) {
    guard !handle.isDisposed else { return }
    switch event {
    case .next(let element):
      onNext?(element)
    case .error(let error):
      if let onError {
        onError(error)
      } else {
        Hooks.unhandledError(error)
      }
      handle.dispose()
    case .completed:
      onCompleted?()
      handle.dispose()
    }
  }
}
