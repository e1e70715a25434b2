import Testing

@testable import Ferry

/// A connection the tests can tell apart by name; the machine never disposes it itself.
private final class NamedConnection: Disposable, Sendable {
  let name: String
  init(_ name: String) { self.name = name }
  func dispose() { Issue.record("the machine never calls out: \(name) disposed") }
}

/// What an action decides, as text (`connect <generation>`, `disconnect <name>`, `nothing`), for compact
/// expectations.
private func decided(_ action: RefCountStateMachine.Action) -> String {
  switch action {
  case .connect(let generation): "connect \(generation)"
  case .disconnect(let connection): "disconnect \((connection as? NamedConnection)?.name ?? "?")"
  case .nothing: "nothing"
  }
}

/// `refCount()`'s state machine, input by input: when the first subscriber connects, when a connection ends, and
/// which subscribers and connections belong to an ended one.
@Suite("RefCount state machine")
struct RefCountStateMachineTests {
  /// Subscribes a subscriber and, if it is told to connect, reports `connection` made for it.
  private func subscribe(
    _ machine: inout RefCountStateMachine, connecting connection: NamedConnection? = nil
  ) -> RefCountStateMachine.Registration {
    var registration = RefCountStateMachine.Registration.pending
    let action = machine.subscribed(&registration)
    if let connection {
      guard case .connect(let generation) = action else {
        Issue.record("expected to connect, got \(decided(action))")
        return registration
      }
      #expect(decided(machine.connected(connection, generation: generation)) == "nothing")
    } else {
      #expect(decided(action) == "nothing")
    }
    return registration
  }

  @Test func theFirstSubscriberConnectsAndLaterOnesDoNot() {
    var machine = RefCountStateMachine()
    var first = RefCountStateMachine.Registration.pending
    #expect(decided(machine.subscribed(&first)) == "connect 0")
    var second = RefCountStateMachine.Registration.pending
    #expect(decided(machine.subscribed(&second)) == "nothing", "a subscriber while the first is connecting")
    #expect(decided(machine.connected(NamedConnection("c"), generation: 0)) == "nothing", "the connection is kept")
    var third = RefCountStateMachine.Registration.pending
    #expect(decided(machine.subscribed(&third)) == "nothing", "a subscriber of the kept connection")
  }

  @Test func theLastReleaseDisposesTheConnectionAndTheNextSubscriberConnectsAgain() {
    var machine = RefCountStateMachine()
    var first = subscribe(&machine, connecting: NamedConnection("c"))
    var second = subscribe(&machine)
    #expect(decided(machine.released(&first)) == "nothing")
    #expect(decided(machine.released(&second)) == "disconnect c")
    var third = RefCountStateMachine.Registration.pending
    #expect(decided(machine.subscribed(&third)) == "connect 1", "a new generation")
  }

  @Test func aSubscriberOfAnEndedConnectionDoesNotCountDownTheNext() {
    var machine = RefCountStateMachine()
    var first = subscribe(&machine, connecting: NamedConnection("c1"))
    var old = subscribe(&machine)
    #expect(decided(machine.terminated(&first)) == "disconnect c1")
    var next = subscribe(&machine, connecting: NamedConnection("c2"))
    var another = subscribe(&machine)
    #expect(decided(machine.released(&old)) == "nothing", "counted in the ended connection")
    #expect(decided(machine.released(&another)) == "nothing", "`next` is still counted")
    #expect(decided(machine.released(&next)) == "disconnect c2")
  }

  @Test func aConnectionMadeAfterItsSubscribersLeftIsDisposed() {
    var machine = RefCountStateMachine()
    var first = RefCountStateMachine.Registration.pending
    #expect(decided(machine.subscribed(&first)) == "connect 0")
    #expect(decided(machine.released(&first)) == "nothing", "no connection to dispose yet")
    #expect(decided(machine.connected(NamedConnection("stale"), generation: 0)) == "disconnect stale")
    var next = RefCountStateMachine.Registration.pending
    #expect(decided(machine.subscribed(&next)) == "connect 1")
    #expect(decided(machine.connected(NamedConnection("c"), generation: 1)) == "nothing")
  }

  @Test func aConnectionMadeForAnEndedGenerationIsDisposedWhileTheNextIsConnecting() {
    var machine = RefCountStateMachine()
    var first = RefCountStateMachine.Registration.pending
    #expect(decided(machine.subscribed(&first)) == "connect 0")
    #expect(decided(machine.terminated(&first)) == "nothing", "terminated while connecting")
    var next = RefCountStateMachine.Registration.pending
    #expect(decided(machine.subscribed(&next)) == "connect 1")
    #expect(decided(machine.connected(NamedConnection("stale"), generation: 0)) == "disconnect stale")
    #expect(decided(machine.connected(NamedConnection("c"), generation: 1)) == "nothing", "the next one is kept")
    #expect(decided(machine.released(&next)) == "disconnect c")
  }

  @Test func terminationEndsTheConnectionWhateverTheCount() {
    var machine = RefCountStateMachine()
    var first = subscribe(&machine, connecting: NamedConnection("c"))
    var second = subscribe(&machine)
    var third = subscribe(&machine)
    #expect(decided(machine.terminated(&second)) == "disconnect c")
    #expect(decided(machine.terminated(&third)) == "nothing", "the others receive the same terminal event")
    #expect(decided(machine.released(&first)) == "nothing")
    var next = RefCountStateMachine.Registration.pending
    #expect(decided(machine.subscribed(&next)) == "connect 1")
  }

  @Test func releasingTwiceOrAfterTerminationIsHarmless() {
    var machine = RefCountStateMachine()
    var first = subscribe(&machine, connecting: NamedConnection("c"))
    var second = subscribe(&machine)
    var third = subscribe(&machine)
    #expect(decided(machine.released(&first)) == "nothing")
    #expect(decided(machine.released(&first)) == "nothing", "released again: not counted down twice")
    #expect(decided(machine.released(&second)) == "nothing", "`third` is still counted")
    #expect(decided(machine.terminated(&second)) == "nothing", "a released subscriber's termination ends nothing")
    #expect(decided(machine.released(&third)) == "disconnect c")

    var terminated = subscribe(&machine, connecting: NamedConnection("c2"))
    var other = subscribe(&machine)
    #expect(decided(machine.terminated(&terminated)) == "disconnect c2")
    #expect(decided(machine.released(&terminated)) == "nothing", "the sink's disposal after its terminal event")
    #expect(decided(machine.released(&other)) == "nothing")
  }

  @Test func aSubscriberTerminatedWhileSubscribingIsNeverCounted() {
    var machine = RefCountStateMachine()
    var ended = RefCountStateMachine.Registration.pending
    #expect(decided(machine.terminated(&ended)) == "nothing", "a terminated subject ends it inside `subscribe`")
    #expect(decided(machine.released(&ended)) == "nothing")
    #expect(decided(machine.subscribed(&ended)) == "nothing", "neither counted nor connecting")
    var next = RefCountStateMachine.Registration.pending
    #expect(decided(machine.subscribed(&next)) == "connect 0", "the generation did not move")
  }
}
