extension ObservableType {
  /// Emits `element` and completes if `self` completes without an element; otherwise mirrors `self`.
  @inlinable
  public func ifEmpty(default element: Element) -> Observable<Element> {
    asObservable().ifEmpty(fallback: ElementsObservable(ElementsStorage([element])))
  }

  /// Continues with `other` if `self` completes without an element; otherwise mirrors `self`.
  @inlinable
  public func ifEmpty<Other: ObservableConvertibleType>(switchTo other: Other) -> Observable<Element>
  where Other.Element == Element {
    asObservable().ifEmpty(fallback: other.asObservable())
  }
}

extension Observable {
  /// Both `ifEmpty`s: mirrors `self`; if it completes without an element, subscribes to `fallback` and mirrors that.
  @inlinable
  func ifEmpty(fallback: Observable<Element>) -> Observable<Element> {
    let source = self
    return OperatorObservable { host in
      // The source's subscription, then (after the switch) the fallback's.
      let subscription = SerialDisposable()
      let storage = OperatorStorage(IfEmptyStateMachine<Element>(), downstream: host, resources: subscription)
      host.attach(storage)
      let original = SingleAssignmentDisposable()
      subscription.disposable = original
      original.setDisposable(
        source.subscribe(
          CoreSourceObserver(host: host) { event in
            if case .switchToFallback = storage.withLock({ $0.source(event) }) {
              subscription.disposable = fallback.subscribe(
                CoreSourceObserver(host: host) { event in
                  _ = storage.withLock { $0.fallback(event) }
                })
            }
          }))
    }
  }
}

/// The state of one `ifEmpty` subscription: whether the source has emitted, and which source is mirrored.
@usableFromInline
struct IfEmptyStateMachine<Element>: OperatorStateMachine {
  @usableFromInline typealias Output = Element

  @usableFromInline
  enum State {
    /// Mirroring the source, which has not emitted yet.
    case waiting
    /// Mirroring the source, which has emitted.
    case mirroring
    /// The source completed empty: mirroring the fallback.
    case fallback
    /// A terminal event was delivered, or the subscription was disposed: every input is ignored.
    case stopped
  }

  /// What to do after an event of the source.
  @usableFromInline
  enum SourceAction: OperatorAction {
    /// Deliver the event.
    case deliver(Event<Element>)
    /// The source completed without an element: subscribe to the fallback.
    case switchToFallback
    /// Nothing to do (stopped, or an event after the source's end).
    case ignore

    /// The events this action delivers.
    @inlinable @inline(__always)
    var emission: OperatorEmission<Element> {
      switch self {
      case .deliver(let event): .event(event)
      case .switchToFallback, .ignore: .nothing
      }
    }
  }

  @usableFromInline var state = State.waiting

  @inlinable init() {}

  /// An event of the source: delivered, except a completion before any element, which switches to the fallback.
  @inlinable
  mutating func source(_ event: Event<Element>) -> SourceAction {
    switch (state, event) {
    case (.waiting, .next), (.mirroring, .next):
      state = .mirroring
      return .deliver(event)
    case (.waiting, .completed):
      state = .fallback
      return .switchToFallback
    case (.waiting, .error), (.mirroring, .error), (.mirroring, .completed):
      state = .stopped
      return .deliver(event)
    case (.fallback, _), (.stopped, _):
      return .ignore
    }
  }

  /// An event of the fallback: delivered.
  @inlinable
  mutating func fallback(_ event: Event<Element>) -> OperatorEmission<Element> {
    switch state {
    case .fallback:
      if event.isStopEvent { state = .stopped }
      return .event(event)
    case .stopped:
      return .nothing
    case .waiting, .mirroring:
      preconditionFailure("Internal inconsistency: ifEmpty's fallback emitted before it was subscribed")
    }
  }

  /// Disposal: nothing is held.
  @inlinable
  mutating func close() {
    state = .stopped
  }
}
