/// The state of one `take(until:)` or `skip(until:)` subscription: a gate on the source's elements that the first
/// element of another sequence, the trigger, closes for good (`take(until:)`, completing the result) or opens for
/// good (`skip(until:)`).
///
/// The source's error always passes, and so does its completion unless the gate is still shut (`skip(until:)` whose
/// trigger never fired ends its subscription silently, as RxSwift's does); the trigger's error terminates the
/// result; the trigger's completion changes nothing (its subscription just ends).
@usableFromInline
struct UntilStateMachine<Element>: OperatorStateMachine {
  @usableFromInline typealias Output = Element

  /// Which operator the machine runs.
  @usableFromInline
  enum Mode: Sendable {
    /// Forward until the trigger fires, then complete.
    case take
    /// Drop until the trigger fires, then forward.
    case skip
    /// Drop until the trigger (a timer) fires, then forward; the source's completion passes even while the gate is
    /// shut (`skip(_:scheduler:)`, as RxSwift's time-based `skip`).
    case skipForDuration
  }

  @usableFromInline
  enum State {
    /// The source's elements pass.
    case open
    /// The source's elements are dropped until the trigger fires (`skip(until:)`).
    case shut
    /// A terminal event was decided, or the subscription was disposed: every input is ignored.
    case stopped
  }

  /// What to do with one input.
  @usableFromInline
  enum Action: OperatorAction {
    /// Deliver this event.
    case deliver(Event<Element>)
    /// The trigger opened the gate: dispose the trigger's subscription.
    case opened
    /// The source completed while the gate was shut: deliver nothing and end the subscription.
    case end
    /// Nothing to do (an element dropped by the shut gate, or stopped).
    case ignore

    /// The events this action delivers.
    @inlinable @inline(__always)
    var emission: OperatorEmission<Element> {
      if case .deliver(let event) = self { return .event(event) }
      return .nothing
    }
  }

  @usableFromInline let mode: Mode
  @usableFromInline var state: State

  @inlinable
  init(_ mode: Mode) {
    self.mode = mode
    state = mode == .take ? .open : .shut
  }

  /// An event of the source: elements pass while the gate is open, so does completion; errors always pass.
  @inlinable
  mutating func source(_ event: Event<Element>) -> Action {
    switch (state, event) {
    case (.stopped, _): return .ignore
    case (.shut, .next): return .ignore
    case (.shut, .completed):
      state = .stopped
      return mode == .skipForDuration ? .deliver(event) : .end
    case (.open, .next): return .deliver(event)
    case (_, .error), (_, .completed):
      state = .stopped
      return .deliver(event)
    }
  }

  /// The trigger's first element: `take(until:)` completes, `skip(until:)` opens the gate.
  @inlinable
  mutating func triggerFired() -> Action {
    switch (state, mode) {
    case (.stopped, _): return .ignore
    case (_, .take):
      state = .stopped
      return .deliver(.completed)
    case (.shut, .skip), (.shut, .skipForDuration):
      state = .open
      return .opened
    case (.open, .skip), (.open, .skipForDuration):
      // The trigger's subscription is disposed once the gate opens; a second element means it was not.
      preconditionFailure("Internal inconsistency: skip(until:)'s trigger fired after the gate opened")
    }
  }

  /// The trigger failed: the result fails.
  @inlinable
  mutating func triggerFailed(_ error: any Swift.Error) -> Action {
    guard state != .stopped else { return .ignore }
    state = .stopped
    return .deliver(.error(error))
  }

  /// Disposal: nothing is held.
  @inlinable
  mutating func close() {
    state = .stopped
  }
}

extension ObservableType {
  /// `take(until:)` and `skip(until:)`: subscribes `trigger` first, then — unless it already stopped the result —
  /// the source.
  @inlinable
  func gated<Trigger>(
    by trigger: Observable<Trigger>, _ mode: UntilStateMachine<Element>.Mode
  ) -> Observable<Element> {
    let source = asObservable()
    return OperatorObservable { host in
      let triggerSubscription = SingleAssignmentDisposable()
      let storage = OperatorStorage(UntilStateMachine<Element>(mode), downstream: host, resources: triggerSubscription)
      host.attach(storage)
      triggerSubscription.setDisposable(
        trigger.subscribe(
          CoreSourceObserver<Trigger>(host: host) { event in
            switch event {
            case .next:
              if case .opened = storage.withLock({ $0.triggerFired() }) {
                triggerSubscription.dispose()
              }
            case .error(let error): _ = storage.withLock { $0.triggerFailed(error) }
            case .completed: triggerSubscription.dispose()
            }
          }))
      if !host.isDisposed {
        host.setUpstream(
          source.subscribe(
            CoreSourceObserver(host: host) { event in
              if case .end = storage.withLock({ $0.source(event) }) { host.dispose() }
            }))
      }
    }
  }
}
