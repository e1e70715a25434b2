/// The state of one `timeout` subscription: which timer is the latest, and whether the result switched to the
/// other source.
///
/// Each element of the source restarts the timer; timers are numbered, so that only the latest may switch the
/// result to the other source (an error source for `timeout(_:scheduler:)`). After the switch only the other
/// source's events pass; after a terminal event nothing does.
@usableFromInline
struct TimeoutStateMachine<Element>: OperatorStateMachine {
  @usableFromInline typealias Output = Element

  @usableFromInline
  enum State {
    /// Forwarding the source; the timer identified by `timer` is the latest.
    case waiting(timer: UInt64)
    /// The latest timer fired first: only the other source's events pass.
    case switched
    /// A terminal event was decided, or the subscription was disposed: every input is ignored.
    case stopped
  }

  /// What to do after an input.
  @usableFromInline
  enum Action: OperatorAction {
    /// Deliver the event.
    case deliver(Event<Element>)
    /// Deliver the source's element, then start the timer identified by `timer` (replacing the previous one).
    case deliverAndRestart(Event<Element>, timer: UInt64)
    /// Subscribe to the other source in place of the source.
    case switchToOther
    /// Nothing to do: a superseded timer, an event of a source that no longer counts, or stopped.
    case ignore

    /// The events this action delivers.
    @inlinable @inline(__always)
    var emission: OperatorEmission<Element> {
      switch self {
      case .deliver(let event), .deliverAndRestart(let event, _): .event(event)
      case .switchToOther, .ignore: .nothing
      }
    }
  }

  /// The first timer, identified by 0, is started by the operator when it subscribes.
  @usableFromInline var state = State.waiting(timer: 0)

  @inlinable init() {}

  /// An event of the source: forwarded unless the result switched; an element restarts the timer.
  @inlinable
  mutating func source(_ event: Event<Element>) -> Action {
    guard case .waiting(let timer) = state else { return .ignore }
    guard case .next = event else {
      state = .stopped
      return .deliver(event)
    }
    let next = timer &+ 1
    state = .waiting(timer: next)
    return .deliverAndRestart(event, timer: next)
  }

  /// The timer identified by `timer` fired: if it is the latest, the result switches to the other source.
  @inlinable
  mutating func timerFired(_ timer: UInt64) -> Action {
    guard case .waiting(let latest) = state, latest == timer else { return .ignore }
    state = .switched
    return .switchToOther
  }

  /// An event of the other source (it is subscribed after the switch only).
  @inlinable
  mutating func other(_ event: Event<Element>) -> Action {
    switch state {
    case .switched:
      if event.isStopEvent { state = .stopped }
      return .deliver(event)
    case .stopped: return .ignore
    case .waiting: preconditionFailure("Internal inconsistency: timeout's other source emitted before the switch")
    }
  }

  /// Disposal: nothing is held.
  @inlinable
  mutating func close() {
    state = .stopped
  }
}
