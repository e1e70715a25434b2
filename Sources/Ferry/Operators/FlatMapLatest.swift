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
}

/// `@unchecked Sendable`: mutable state is in `locked` (see ``SerializingSink``); `current` is a thread-safe
/// `SerialDisposable`, assigned only from the outer `on(_:)`, which the Rx grammar serialises.
final class SwitchSink<Source, Inner: ObservableConvertibleType, Observer: ObserverType>:
  SerializingSink<Observer, SwitchState, Event<Inner.Element>>, ObserverType, @unchecked Sendable
where Observer.Element == Inner.Element {
  let selector: @Sendable (Source) throws -> Inner
  let current = SerialDisposable()

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
      let id: UInt64? = synchronized { state, _ in
        guard !state.stopped else { return nil }
        state.latest &+= 1
        state.hasInner = true
        return state.latest
      }
      guard let id else { return }
      let holder = SingleAssignmentDisposable()
      current.disposable = holder  // disposes the previous inner subscription
      let observer = TaggedObserver<Inner.Element> { [self] event in self.onInner(event, id: id) }
      holder.setDisposable(inner.asObservable().subscribe(observer))
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

  private func onInner(_ event: Event<Inner.Element>, id: UInt64) {
    synchronized { state, outbox in
      guard !state.stopped, state.latest == id else { return }
      switch event {
      case .next:
        outbox.send(event)
      case .error:
        state.stopped = true
        outbox.send(event)
      case .completed:
        state.hasInner = false
        if state.outerDone {
          state.stopped = true
          outbox.send(.completed)
        }
      }
    }
  }

  override func deliver(_ item: Event<Inner.Element>) { forward(item) }

  override func disposeResources() { current.dispose() }
}
