/// The state of one `amb` subscription: several sources race, the first to send any event (an element, an error or
/// the completion) wins, and from then on only the winner's events pass.
@usableFromInline
struct AmbStateMachine<Element>: OperatorStateMachine {
  @usableFromInline typealias Output = Element

  @usableFromInline
  enum State {
    /// No source has sent anything yet.
    case racing
    /// Source `index` won: its events pass, every other source's are ignored.
    case won(Int)
    /// A terminal event was decided, or the subscription was disposed: every input is ignored.
    case stopped
  }

  /// What to do with one source's event.
  @usableFromInline
  enum Action: OperatorAction {
    /// Source `winner` sent the first event: deliver it and dispose every other source's subscription.
    case won(Event<Element>, winner: Int)
    /// The winner sent this event: deliver it.
    case deliver(Event<Element>)
    /// Nothing to do (a loser's event, or stopped).
    case ignore

    /// The events this action delivers.
    @inlinable @inline(__always)
    var emission: OperatorEmission<Element> {
      switch self {
      case .won(let event, _), .deliver(let event): return .event(event)
      case .ignore: return .nothing
      }
    }
  }

  @usableFromInline var state = State.racing

  @inlinable
  init() {}

  /// Source `index` sent `event`.
  @inlinable
  mutating func event(_ event: Event<Element>, from index: Int) -> Action {
    switch state {
    case .stopped:
      return .ignore
    case .racing:
      state = event.isStopEvent ? .stopped : .won(index)
      return .won(event, winner: index)
    case .won(let winner):
      guard winner == index else { return .ignore }
      if event.isStopEvent { state = .stopped }
      return .deliver(event)
    }
  }

  /// Disposal: nothing is held.
  @inlinable
  mutating func close() {
    state = .stopped
  }
}
