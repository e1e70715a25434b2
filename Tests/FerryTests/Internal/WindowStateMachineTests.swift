import Foundation
import Testing

@testable import Ferry

private struct Boom: Error, Equatable {}

/// Direct tests of `window`'s state machine: each input, what it delivers after the lock, and to which window.
@Suite("Window state machine")
struct WindowStateMachineTests {
  /// What an emission delivers, as text: `open`, `3>w`, `w|>v` (complete window w, then emit v), `w|` / `wx` (end
  /// window w), `|`, `x`; windows are named by the order they were first seen in (`a`, `b`, …).
  private final class Reader {
    var windows: [PublishSubject<Int>] = []

    func name(_ window: PublishSubject<Int>) -> String {
      if !windows.contains(where: { $0 === window }) { windows.append(window) }
      let index = windows.firstIndex { $0 === window }!
      return String(UnicodeScalar(UInt8(97 + index)))
    }

    func text(_ event: Event<WindowOutput<Int>>) -> String {
      switch event {
      case .next(.open(let window)): "open \(name(window))"
      case .next(.element(let element, let window)): "\(element)>\(name(window))"
      case .next(.rotate(let closing, let opening)): "\(name(closing))|>\(name(opening))"
      case .next(.end(let window, .error)): "\(name(window))x"
      case .next(.end(let window, _)): "\(name(window))|"
      case .error: "x"
      case .completed: "|"
      }
    }

    func read(_ emission: OperatorEmission<WindowOutput<Int>>) -> [String] {
      switch emission {
      case .nothing: []
      case .event(let event): [text(event)]
      case .events(let event, let next): [text(event), text(next)]
      }
    }
  }

  @Test func theFirstWindowOpensAtSubscriptionAndElementsGoToIt() {
    var machine = WindowStateMachine<Int>(count: 3)
    let reader = Reader()
    #expect(reader.read(machine.start()) == ["open a"])
    #expect(reader.read(machine.next(1).emission) == ["1>a"])
    #expect(reader.read(machine.next(2).emission) == ["2>a"])
  }

  @Test func theCountthElementClosesTheWindowAndOpensTheNextWithItsOwnTimeSpan() {
    var machine = WindowStateMachine<Int>(count: 2)
    let reader = Reader()
    _ = reader.read(machine.start())
    _ = machine.next(1)
    let action = machine.next(2)
    #expect(reader.read(action.emission) == ["2>a", "a|>b"], "the last element, then the rotation, in order")
    guard case .rotate(last: 2, _, _, let span) = action else {
      Issue.record("a full window rotates: \(action)")
      return
    }
    #expect(span == 1, "the next window's time span is the next timer")
    #expect(reader.read(machine.timerFired(0).emission) == [], "the full window's own timer finds nothing to close")
    #expect(reader.read(machine.next(3).emission) == ["3>b"], "the count restarts with the new window")
  }

  @Test func theEndOfATimeSpanClosesTheWindowEvenEmpty() {
    var machine = WindowStateMachine<Int>(count: 5)
    let reader = Reader()
    _ = reader.read(machine.start())
    let first = machine.timerFired(0)
    #expect(reader.read(first.emission) == ["a|>b"])
    guard case .rotate(last: nil, _, _, span: 1) = first else {
      Issue.record("the time span rotates with no last element and starts timer 1: \(first)")
      return
    }
    #expect(reader.read(machine.timerFired(1).emission) == ["b|>c"], "an empty window closes too")
    #expect(reader.read(machine.timerFired(1).emission) == [], "a time span closes its window once")
  }

  @Test func theSourcesTerminalEventEndsTheWindowThenTheResult() {
    var completing = WindowStateMachine<Int>(count: 3)
    let reader = Reader()
    _ = reader.read(completing.start())
    _ = completing.next(1)
    #expect(reader.read(completing.stopped(.completed)) == ["a|", "|"])
    #expect(reader.read(completing.next(2).emission) == [], "nothing is accepted after the end")
    #expect(reader.read(completing.timerFired(0).emission) == [])
    #expect(reader.read(completing.stopped(.error(Boom()))) == [], "one terminal event")

    var failing = WindowStateMachine<Int>(count: 3)
    let other = Reader()
    _ = other.read(failing.start())
    #expect(other.read(failing.stopped(.error(Boom()))) == ["ax", "x"])
  }

  @Test func closeHandsBackTheCurrentWindowUnendedAndStops() {
    var machine = WindowStateMachine<Int>(count: 3)
    let reader = Reader()
    _ = reader.read(machine.start())
    let window = machine.close()
    #expect(window.map(reader.name) == "a", "the current window is released after the lock, not ended")
    #expect(reader.read(machine.next(1).emission) == [])
    #expect(reader.read(machine.timerFired(0).emission) == [])
    #expect(reader.read(machine.stopped(.completed)) == [])
    #expect(machine.close() == nil, "a second close has nothing to hand back")
  }
}
