extension ObservableType {
  /// Projects each element to an inner sequence with `selector` and emits the elements of the most recent one
  /// only: the subscription to the previous inner sequence is disposed before the new one is subscribed to.
  ///
  /// Completes when `self` and the current inner sequence have completed; an error from either, or thrown by
  /// `selector`, terminates the result.
  @preconcurrency
  public func flatMapLatest<Source: ObservableConvertibleType>(
    _ selector: @escaping @Sendable (Element) throws -> Source
  ) -> Observable<Source.Element> {
    SwitchObservable(source: asObservable(), selector: selector)
  }
}

/// The engine of `flatMapLatest` and `switchLatest`.
final class SwitchObservable<Source, Inner: ObservableConvertibleType>: Observable<Inner.Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Source>
  let selector: @Sendable (Source) throws -> Inner

  init(source: Observable<Source>, selector: @escaping @Sendable (Source) throws -> Inner) {
    self.source = source
    self.selector = selector
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Inner.Element {
    let sink = SwitchSink<Source, Inner, Observer>(selector: selector, observer: observer)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

/// The lock-protected state of a ``SwitchSink``.
struct SwitchState {
  /// The id of the current inner subscription; events of older ones are ignored.
  var latest: UInt64 = 0
  var hasInner = false
  var outerDone = false
  var stopped = false
  /// The subscription to the current inner sequence (while it runs), disposed when the next one arrives or the
  /// sink is disposed. Kept here, under the sink's lock, rather than in a `SerialDisposable` holding a
  /// `SingleAssignmentDisposable`: two objects (four allocations) fewer per inner sequence.
  var inner: (any Disposable)?
}

/// The observer of one inner sequence of a ``SwitchSink``: forwards its events with its id (a struct, so that
/// subscribing to an inner sequence allocates no closure context).
struct SwitchInnerObserver<Source, Inner: ObservableConvertibleType, Observer: ObserverType>: ObserverType
where Observer.Element == Inner.Element {
  let sink: SwitchSink<Source, Inner, Observer>
  let id: UInt64

  func on(_ event: Event<Inner.Element>) { sink.onInner(event, id: id) }
}

/// `@unchecked Sendable`: mutable state is in `locked` (see ``SerializingSink``), including the current inner
/// subscription.
final class SwitchSink<Source, Inner: ObservableConvertibleType, Observer: ObserverType>:
  SerializingSink<Observer, SwitchState, Event<Inner.Element>>, ObserverType, @unchecked Sendable
where Observer.Element == Inner.Element {
  let selector: @Sendable (Source) throws -> Inner

  init(selector: @escaping @Sendable (Source) throws -> Inner, observer: Observer) {
    self.selector = selector
    super.init(observer: observer, state: SwitchState())
  }

  func on(_ event: Event<Source>) {
    switch event {
    case .next(let element):
      let inner: Inner
      do {
        inner = try selector(element)
      } catch {
        stop(.error(error))
        return
      }
      var previous: (any Disposable)?
      let id: UInt64? = synchronized { state, _ in
        guard !state.stopped else { return nil }
        state.latest &+= 1
        state.hasInner = true
        swap(&previous, &state.inner)
        return state.latest
      }
      // As RxSwift: the previous inner subscription is disposed before the new one is made (outside the lock).
      previous?.dispose()
      guard let id else { return }
      let subscription = inner.asObservable().subscribe(SwitchInnerObserver(sink: self, id: id))
      let disposeNow: Bool = synchronized { state, _ in
        // A newer inner sequence (re-entrantly, from this one's delivery) or the sink's disposal came first.
        if isDisposed || state.latest != id { return true }
        // A synchronous inner sequence (`just`) has already completed: nothing left to keep.
        if state.hasInner { state.inner = subscription }
        return false
      }
      if disposeNow { subscription.dispose() }
    case .error(let error):
      stop(.error(error))
    case .completed:
      synchronized { state, outbox in
        guard !state.stopped else { return }
        state.outerDone = true
        if !state.hasInner {
          state.stopped = true
          outbox.send(.completed)
        }
      }
    }
  }

  private func stop(_ event: Event<Inner.Element>) {
    synchronized { state, outbox in
      guard !state.stopped else { return }
      state.stopped = true
      outbox.send(event)
    }
  }

  fileprivate func onInner(_ event: Event<Inner.Element>, id: UInt64) {
    synchronized { state, outbox in
      guard !state.stopped, state.latest == id else { return }
      switch event {
      case .next:
        outbox.send(event)
      case .error:
        state.stopped = true
        outbox.send(event)
      case .completed:
        // The completed subscription stays in `state.inner` until the next one replaces it (released then,
        // outside the lock).
        state.hasInner = false
        if state.outerDone {
          state.stopped = true
          outbox.send(.completed)
        }
      }
    }
  }

  override func deliver(_ item: Event<Inner.Element>) { forward(item) }

  override func disposeResources() {
    let inner: (any Disposable)? = synchronized { state, _ in
      var inner: (any Disposable)?
      swap(&inner, &state.inner)
      return inner
    }
    inner?.dispose()
  }
}
