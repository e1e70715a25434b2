import Foundation
import Testing

@testable import Ferry

private struct Boom: Error, Equatable {}

/// What an emission delivers, as text: `3` (an element for the current window), `w` (the next window), `|`, `x`.
private func delivered(_ emission: OperatorEmission<WindowOutput<Int>>) -> [String] {
  func text(_ event: Event<WindowOutput<Int>>) -> String {
    switch event {
    case .next(.element(let element)): "\(element)"
    case .next(.nextWindow): "w"
    case .error: "x"
    case .completed: "|"
    }
  }
  switch emission {
  case .nothing: return []
  case .event(let event): return [text(event)]
  case .events(let event, let next): return [text(event), text(next)]
  }
}

/// A downstream that records the windows it is given, and what each receives, as text.
private final class Recorder: CoreDownstream, @unchecked Sendable {
  // @unchecked Sendable: used from the test's thread only.
  var outer: [String] = []
  var windows: [[String]] = []
  let bag = DisposeBag()
  var isDownstreamDisposed: Bool { false }

  func deliverNext(_ event: Event<Observable<Int>>) {
    guard case .next(let window) = event else { return }
    let index = windows.count
    windows.append([])
    outer.append("w\(index)")
    window.subscribe { [unowned self] event in
      switch event {
      case .next(let element): windows[index].append("\(element)")
      case .error: windows[index].append("x")
      case .completed: windows[index].append("|")
      }
    }
    .disposed(by: bag)
  }
  func deliverError(_ error: any Swift.Error) { outer.append("x") }
  func deliverCompleted() { outer.append("|") }
}

/// Direct tests of `window`'s state machine (each input, what it delivers after the lock, which time span to start)
/// and of its delivery (which window receives what).
@Suite("Window state machine")
struct WindowStateMachineTests {
  @Test func theFirstWindowOpensAtSubscriptionAndElementsGoToIt() {
    var machine = WindowStateMachine<Int>(count: 3)
    #expect(delivered(machine.start()) == ["w"])
    let (first, span) = machine.next(1)
    #expect(delivered(first) == ["1"])
    #expect(span == nil, "no window opened: no time span to start")
    #expect(delivered(machine.next(2).0) == ["2"])
  }

  @Test func theCountthElementClosesTheWindowAndOpensTheNextWithItsOwnTimeSpan() {
    var machine = WindowStateMachine<Int>(count: 2)
    _ = machine.start()
    _ = machine.next(1)
    let (emission, span) = machine.next(2)
    #expect(delivered(emission) == ["2", "w"], "the last element, then the next window, in order")
    #expect(span == 1, "the next window's time span is the next timer")
    let stale = machine.timerFired(0)
    #expect(delivered(stale.0) == [] && stale.1 == nil, "the full window's own timer finds nothing to close")
    #expect(delivered(machine.next(3).0) == ["3"], "the count restarts with the new window")
  }

  @Test func theEndOfATimeSpanClosesTheWindowEvenEmpty() {
    var machine = WindowStateMachine<Int>(count: 5)
    _ = machine.start()
    let (emission, span) = machine.timerFired(0)
    #expect(delivered(emission) == ["w"])
    #expect(span == 1, "the time span rotates the window and starts timer 1")
    #expect(delivered(machine.timerFired(1).0) == ["w"], "an empty window closes too")
    #expect(delivered(machine.timerFired(1).0) == [], "a time span closes its window once")
  }

  @Test func theSourcesTerminalEventEndsTheResult() {
    var completing = WindowStateMachine<Int>(count: 3)
    _ = completing.start()
    _ = completing.next(1)
    #expect(delivered(completing.stopped(.completed)) == ["|"])
    #expect(delivered(completing.next(2).0) == [], "nothing is accepted after the end")
    #expect(delivered(completing.timerFired(0).0) == [])
    #expect(delivered(completing.stopped(.error(Boom()))) == [], "one terminal event")

    var failing = WindowStateMachine<Int>(count: 3)
    _ = failing.start()
    #expect(delivered(failing.stopped(.error(Boom()))) == ["x"])
  }

  @Test func closeStopsTheMachine() {
    var machine = WindowStateMachine<Int>(count: 3)
    _ = machine.start()
    #expect(machine.close() == nil, "no timer was handed over")
    #expect(delivered(machine.next(1).0) == [])
    #expect(delivered(machine.timerFired(0).0) == [])
    #expect(delivered(machine.stopped(.completed)) == [])
  }

  @Test func keepsTheTimerOfTheCurrentTimeSpanOnly() {
    var machine = WindowStateMachine<Int>(count: 2)
    _ = machine.start()
    let (first, second, third, stale) = (
      BooleanDisposable(), BooleanDisposable(), BooleanDisposable(), BooleanDisposable()
    )
    #expect(machine.timerStarted(0, first) == nil, "the first timer replaces nothing")
    _ = machine.next(1)
    #expect(machine.next(2).then == 1, "a full window starts time span 1")
    #expect(machine.timerStarted(1, second) === first, "the current span's timer replaces the earlier one's")
    #expect(machine.timerFired(1).then == 2)
    #expect(machine.timerStarted(2, third) === second)
    #expect(machine.timerStarted(1, stale) === stale, "a timer for a span already closed is disposed itself")
    _ = machine.stopped(.completed)
    let late = BooleanDisposable()
    #expect(machine.timerStarted(3, late) === late, "once stopped, a new timer is disposed at once")
    #expect(machine.close() === third, "disposal hands back the current timer")
    #expect(machine.close() == nil, "the timer is handed back once")
  }

  @Test func deliveryRoutesElementsToTheCurrentWindowAndEndsItWithTheResult() {
    typealias Machine = WindowStateMachine<Int>
    let recorder = Recorder()
    let windows = WindowContext<Int>(timeSpan: .seconds(1), scheduler: MainScheduler.instance)
    Machine.deliver(.next(.nextWindow), context: windows, to: recorder)
    Machine.deliver(.next(.element(1)), context: windows, to: recorder)
    Machine.deliver(.next(.nextWindow), context: windows, to: recorder)
    Machine.deliver(.next(.element(2)), context: windows, to: recorder)
    Machine.deliver(.error(Boom()), context: windows, to: recorder)
    #expect(recorder.outer == ["w0", "w1", "x"])
    #expect(recorder.windows == [["1", "|"], ["2", "x"]], "a window completes when the next opens")
  }
}
