extension ObservableType {
  /// Projects each element to an inner sequence with `selector` and emits the elements of the most recent one
  /// only: the subscription to the previous inner sequence is disposed before the new one is subscribed to.
  ///
  /// Completes when `self` and the current inner sequence have completed; an error from either, or thrown by
  /// `selector`, terminates the result.
  @preconcurrency
  @inlinable
  public func flatMapLatest<Source: ObservableConvertibleType>(
    _ selector: @escaping @Sendable (Element) throws -> Source
  ) -> Observable<Source.Element> {
    SwitchObservable(subscribeOuter: SwitchObservable.makeSubscribe(asObservable()) { try selector($0).asObservable() })
  }
}

/// The engine of `flatMapLatest` and `switchLatest`. `subscribeOuter`, built in inlinable code, subscribes to the
/// outer sequence with handlers specialised in the client (see ``SwitchCore``).
@usableFromInline
final class SwitchObservable<Result>: Observable<Result>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let subscribeOuter: @Sendable (SwitchCore<Result>) -> any Disposable

  @usableFromInline
  init(subscribeOuter: @escaping @Sendable (SwitchCore<Result>) -> any Disposable) {
    self.subscribeOuter = subscribeOuter
  }

  /// Builds the outer and inner handlers where the element types are concrete.
  @inlinable
  static func makeSubscribe<Outer>(
    _ source: Observable<Outer>, _ selector: @escaping @Sendable (Outer) throws -> Observable<Result>
  ) -> @Sendable (SwitchCore<Result>) -> any Disposable {
    { core in
      let inner: @Sendable (Event<Result>, UInt64) -> Void = { event, id in core.onInner(event, id: id) }
      return source.subscribe(
        AnyObserver<Outer> { event in
          switch event {
          case .next(let element): core.onNext(element, selector: selector, inner: inner)
          case .error(let error): core.stop(error)
          case .completed: core.onOuterCompleted()
          }
        })
    }
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Result {
    let sink = CoreSubscriptionSink(observer: observer)
    let core = SwitchCore(downstream: sink)
    sink.attach(core)
    sink.setUpstream(subscribeOuter(core))
    return sink
  }
}

/// The lock-protected state of a ``SwitchCore``.
@usableFromInline
struct SwitchState {
  /// The id of the current inner subscription; events of older ones are ignored.
  @usableFromInline var latest: UInt64 = 0
  @usableFromInline var hasInner = false
  @usableFromInline var outerDone = false
  @usableFromInline var stopped = false
  /// The subscription to the current inner sequence (while it runs), disposed when the next one arrives or the
  /// sink is disposed. Kept here, under the lock, rather than in a `SerialDisposable` holding a
  /// `SingleAssignmentDisposable`: two objects (four allocations) fewer per inner sequence.
  @usableFromInline var inner: (any Disposable)?

  @usableFromInline init() {}
}

/// The observer of one inner sequence: forwards its events with its id to a handler built once per subscription
/// (a struct, so that subscribing to an inner sequence allocates no closure context).
@usableFromInline
struct SwitchInnerObserver<Element>: ObserverType {
  @usableFromInline let handler: @Sendable (Event<Element>, UInt64) -> Void
  @usableFromInline let id: UInt64

  @inlinable
  init(handler: @escaping @Sendable (Event<Element>, UInt64) -> Void, id: UInt64) {
    self.handler = handler
    self.id = id
  }

  @usableFromInline func on(_ event: Event<Element>) { handler(event, id) }
}

/// The observer-independent half of a `flatMapLatest` subscription: the ``SwitchState`` behind the lock of its
/// ``SerializingCore``. Its inlinable methods run specialised in the client (see ``SwitchObservable``).
@usableFromInline
final class SwitchCore<Result>: SerializingCore<Event<Result>, Result>, ClosableCore, @unchecked Sendable {
  // @unchecked Sendable: `state` is guarded by `lock`.
  // `@exclusivity(unchecked)`: guarded by `lock` (see ``SerializingCore``).
  @usableFromInline @exclusivity(unchecked) final var state = SwitchState()

  override init(downstream: any CoreDownstream<Result>) { super.init(downstream: downstream) }

  /// The outer sequence emitted `element`: switches to `selector(element)`.
  @inlinable
  final func onNext<Outer>(
    _ element: Outer, selector: @Sendable (Outer) throws -> Observable<Result>,
    inner handler: @escaping @Sendable (Event<Result>, UInt64) -> Void
  ) {
    let inner: Observable<Result>
    do {
      inner = try selector(element)
    } catch {
      stop(error)
      return
    }
    var previous: (any Disposable)?
    PlatformLock.lock(lock)
    guard !closed && !state.stopped else {
      PlatformLock.unlock(lock)
      return
    }
    state.latest &+= 1
    state.hasInner = true
    swap(&previous, &state.inner)
    let id = state.latest
    PlatformLock.unlock(lock)
    // As RxSwift: the previous inner subscription is disposed before the new one is made (outside the lock).
    previous?.dispose()
    let subscription = inner.subscribe(SwitchInnerObserver(handler: handler, id: id))
    PlatformLock.lock(lock)
    // A newer inner sequence (re-entrantly, from this one's delivery) or disposal came first.
    let disposeNow = closed || state.latest != id
    // A synchronous inner sequence (`just`) has already completed: nothing left to keep.
    if !disposeNow && state.hasInner { state.inner = subscription }
    PlatformLock.unlock(lock)
    if disposeNow { subscription.dispose() }
  }

  /// An error from the outer sequence or the selector.
  @inlinable
  final func stop(_ error: any Swift.Error) {
    PlatformLock.lock(lock)
    guard !closed && !state.stopped else {
      PlatformLock.unlock(lock)
      return
    }
    state.stopped = true
    emit(.error(error)) { deliver($0) }
  }

  /// The outer sequence completed: the result completes once the current inner sequence has.
  @inlinable
  final func onOuterCompleted() {
    PlatformLock.lock(lock)
    guard !closed && !state.stopped else {
      PlatformLock.unlock(lock)
      return
    }
    state.outerDone = true
    if state.hasInner {
      PlatformLock.unlock(lock)
      return
    }
    state.stopped = true
    emit(.completed) { deliver($0) }
  }

  /// An event of inner sequence `id`; only the latest one's are forwarded.
  @inlinable
  final func onInner(_ event: Event<Result>, id: UInt64) {
    PlatformLock.lock(lock)
    guard !closed && !state.stopped && state.latest == id else {
      PlatformLock.unlock(lock)
      return
    }
    switch event {
    case .next:
      emit(event) { deliver($0) }
    case .error:
      state.stopped = true
      emit(event) { deliver($0) }
    case .completed:
      // The completed subscription stays in `state.inner` until the next one replaces it (released then,
      // outside the lock).
      state.hasInner = false
      if state.outerDone {
        state.stopped = true
        emit(.completed) { deliver($0) }
      } else {
        PlatformLock.unlock(lock)
      }
    }
  }

  /// Forwards one event downstream (outside the lock, one at a time).
  @inlinable
  final func deliver(_ event: Event<Result>) {
    switch event {
    case .next: downstream.deliverNext(event)
    case .error(let error): downstream.deliverError(error)
    case .completed: downstream.deliverCompleted()
    }
  }

  /// Disposal: stops delivering and disposes the current inner subscription (outside the lock).
  @usableFromInline
  func close() {
    var inner: (any Disposable)?
    PlatformLock.lock(lock)
    closed = true
    swap(&inner, &state.inner)
    PlatformLock.unlock(lock)
    inner?.dispose()
  }
}
