import Testing

@testable import Ferry

private struct Boom: Error, Equatable {}

/// What an emission delivers, as text (`[1]`, `[|]`, `[x]`, `[]`).
private func delivered<Element>(_ emission: OperatorEmission<Element>, _ text: (Element) -> String) -> [String] {
  func describe(_ event: Event<Element>) -> String {
    switch event {
    case .next(let element): text(element)
    case .error: "x"
    case .completed: "|"
    }
  }
  switch emission {
  case .nothing: return []
  case .event(let event): return [describe(event)]
  case .events(let event, let next): return [describe(event), describe(next)]
  }
}

/// Direct tests of `amb`'s and `groupBy`'s state machines, input by input.
@Suite("amb and groupBy state machines")
struct AmbGroupByStateMachineTests {
  // MARK: amb

  @Test func ambTheFirstSourceToSendAnythingWinsAndTheOthersAreIgnored() {
    var machine = AmbStateMachine<Int>()
    guard case .won(.next(1), winner: 2) = machine.event(.next(1), from: 2) else {
      Issue.record("the first event wins and is delivered")
      return
    }
    #expect(delivered(machine.event(.next(2), from: 0).emission, String.init) == [])
    #expect(delivered(machine.event(.next(3), from: 2).emission, String.init) == ["3"])
    #expect(delivered(machine.event(.completed, from: 1).emission, String.init) == [])
    #expect(delivered(machine.event(.completed, from: 2).emission, String.init) == ["|"])
    #expect(delivered(machine.event(.next(4), from: 2).emission, String.init) == [])
  }

  @Test func ambATerminalEventCanWinTheRace() {
    var completing = AmbStateMachine<Int>()
    guard case .won(.completed, winner: 1) = completing.event(.completed, from: 1) else {
      Issue.record("a completion wins too")
      return
    }
    #expect(delivered(completing.event(.next(1), from: 0).emission, String.init) == [])
    #expect(delivered(completing.event(.next(1), from: 1).emission, String.init) == [])
    var failing = AmbStateMachine<Int>()
    #expect(delivered(failing.event(.error(Boom()), from: 0).emission, String.init) == ["x"])
    var closed = AmbStateMachine<Int>()
    closed.close()
    #expect(delivered(closed.event(.next(1), from: 0).emission, String.init) == [])
  }

  // MARK: groupBy

  private static func makeGroup(_ key: String) -> (PublishSubject<Int>) -> GroupedObservable<String, Int> {
    { GroupedObservable(key: key, source: $0.asObservable()) }
  }

  @Test func groupByOpensAGroupPerNewKeyAndSendsKnownKeysToTheirGroup() {
    var machine = GroupByStateMachine<String, Int>()
    let first = machine.next("odd", makeGroup: Self.makeGroup("odd"))
    guard case .open(let group, let oddSubject) = first else {
      Issue.record("a new key opens a group")
      return
    }
    #expect(group.key == "odd")
    #expect(delivered(first.emission, \.key) == ["odd"])
    let second = machine.next("odd", makeGroup: Self.makeGroup("odd"))
    guard case .send(let subject) = second else {
      Issue.record("a known key goes to its group")
      return
    }
    #expect(subject === oddSubject)
    #expect(delivered(second.emission, \.key) == [])
    guard case .open(_, let evenSubject) = machine.next("even", makeGroup: Self.makeGroup("even")) else {
      Issue.record("another key opens another group")
      return
    }
    #expect(evenSubject !== oddSubject)
  }

  @Test func groupByTerminatesTheGroupsBeforeTheDownstream() {
    var machine = GroupByStateMachine<String, Int>()
    _ = machine.next("a", makeGroup: Self.makeGroup("a"))
    _ = machine.next("b", makeGroup: Self.makeGroup("b"))
    guard case .terminate(let groups, .completed) = machine.completed() else {
      Issue.record("completion goes to the groups first")
      return
    }
    #expect(groups.count == 2)
    guard case .ignore = machine.failed(Boom()) else {
      Issue.record("nothing is decided while terminating")
      return
    }
    guard case .ignore = machine.next("c", makeGroup: Self.makeGroup("c")) else {
      Issue.record("no element is taken while terminating")
      return
    }
    #expect(delivered(machine.groupsTerminated(), \.key) == ["|"])
    guard case .ignore = machine.completed() else {
      Issue.record("nothing is decided after the terminal event")
      return
    }
  }

  @Test func groupByErrorGoesToTheGroupsAndClosingHandsThemBack() {
    var failing = GroupByStateMachine<String, Int>()
    _ = failing.next("a", makeGroup: Self.makeGroup("a"))
    guard case .terminate(let groups, .error) = failing.failed(Boom()) else {
      Issue.record("an error goes to the groups first")
      return
    }
    #expect(groups.count == 1)
    #expect(delivered(failing.groupsTerminated(), \.key) == ["x"])
    var closed = GroupByStateMachine<String, Int>()
    _ = closed.next("a", makeGroup: Self.makeGroup("a"))
    #expect(closed.close().count == 1)
    guard case .ignore = closed.next("a", makeGroup: Self.makeGroup("a")) else {
      Issue.record("nothing is taken after disposal")
      return
    }
  }
}
