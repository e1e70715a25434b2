import Testing

@testable import Ferry

private struct Boom: Error, Equatable {}

/// Drives the step of a single-source stateful operator (a ``StatefulStepObservable``) input by input, as its sink
/// does: each upstream event with the subscription's state, recording what the step delivers and what it returns.
private struct StepDriver<Source, Result, State> {
  let observable: StatefulStepObservable<Source, Result, State>
  private(set) var state: State

  init(_ observable: Observable<Result>, source: Source.Type, state: State.Type) throws {
    self.observable = try #require(
      observable as? StatefulStepObservable<Source, Result, State>, "not a step of \(Source.self) with \(State.self)")
    self.state = self.observable.initial
  }

  /// Applies the step to `event`: what it delivered, then what it returned (`·` consumed, `→` forward the upstream
  /// element, `|` completed, `x(error)`).
  mutating func send(_ event: Event<Source>) -> String {
    var delivered: [String] = []
    let step = observable.step(event, &state) { event in
      switch event {
      case .next(let element): delivered.append("\(element)")
      case .error(let error): delivered.append("x(\(error))")
      case .completed: delivered.append("|")
      }
    }
    let returned =
      switch step {
      case .consumed: "·"
      case .forwardNext: "→"
      case .completed: "|"
      case .error(let error): "x(\(error))"
      }
    return (delivered + [returned]).joined(separator: " ")
  }
}

/// Direct tests of the steps of the single-source stateful operators: each input, in each state, delivers and
/// returns what the operator's contract says. (The marble suites test the same operators through subscriptions.)
@Suite("Stateful steps, input by input")
struct StatefulStepTests {
  let source = Observable<Int>.never()

  @Test func take() throws {
    var step = try StepDriver(source.take(2), source: Int.self, state: Int.self)
    #expect(step.send(.next(1)) == "1 ·")
    #expect(step.send(.next(2)) == "2 |", "the last element and the completion, decided together")
    #expect(step.state == 0)
    #expect(step.send(.next(3)) == "·", "an element sent again from inside the observer finds none left")
    var failing = try StepDriver(source.take(2), source: Int.self, state: Int.self)
    #expect(failing.send(.error(Boom())) == "x(Boom())")
  }

  @Test func skip() throws {
    var step = try StepDriver(source.skip(2), source: Int.self, state: Int.self)
    #expect(step.send(.next(1)) == "·")
    #expect(step.send(.next(2)) == "·")
    #expect(step.send(.next(3)) == "3 ·")
    #expect(step.send(.completed) == "|")
  }

  @Test func elementAt() throws {
    var step = try StepDriver(source.element(at: 1), source: Int.self, state: Int.self)
    #expect(step.send(.next(7)) == "·")
    #expect(step.send(.next(8)) == "8 |")
    var short = try StepDriver(source.element(at: 1), source: Int.self, state: Int.self)
    #expect(short.send(.next(7)) == "·")
    #expect(short.send(.completed) == "x(\(RxError.argumentOutOfRange))")
  }

  @Test func takeLast() throws {
    var step = try StepDriver(source.takeLast(2), source: Int.self, state: RingBuffer<Int>.self)
    #expect(step.send(.next(1)) == "·")
    #expect(step.send(.next(2)) == "·")
    #expect(step.send(.next(3)) == "·")
    #expect(step.send(.completed) == "2 3 |", "the last two, then the completion")
    var failing = try StepDriver(source.takeLast(2), source: Int.self, state: RingBuffer<Int>.self)
    #expect(failing.send(.next(1)) == "·")
    #expect(failing.send(.error(Boom())) == "x(Boom())", "an error drops what was kept")
  }

  @Test func scan() throws {
    var step = try StepDriver(source.scan(10) { $0 + $1 }, source: Int.self, state: Int.self)
    #expect(step.send(.next(1)) == "11 ·")
    #expect(step.send(.next(2)) == "13 ·")
    #expect(step.state == 13)
    #expect(step.send(.completed) == "|")
    var throwing = try StepDriver(
      source.scan(0) { _, _ in throw Boom() }, source: Int.self, state: Int.self)
    #expect(throwing.send(.next(1)) == "x(Boom())")
  }

  @Test func reduce() throws {
    var step = try StepDriver(source.reduce(0, accumulator: +), source: Int.self, state: Int.self)
    #expect(step.send(.next(1)) == "·")
    #expect(step.send(.next(2)) == "·")
    #expect(step.send(.completed) == "3 |")
  }

  @Test func distinctUntilChanged() throws {
    var step = try StepDriver(source.distinctUntilChanged(), source: Int.self, state: Int?.self)
    #expect(step.send(.next(1)) == "1 ·")
    #expect(step.send(.next(1)) == "·")
    #expect(step.send(.next(2)) == "2 ·")
    #expect(step.send(.next(1)) == "1 ·", "only the previous element counts")
    #expect(step.state == 1)
  }

  @Test func skipWhile() throws {
    var step = try StepDriver(source.skip(while: { $0 < 3 }), source: Int.self, state: Bool.self)
    #expect(step.send(.next(1)) == "·")
    #expect(step.send(.next(3)) == "3 ·")
    #expect(step.send(.next(1)) == "1 ·", "once one passes, every later element passes")
  }

  @Test func enumerated() throws {
    var step = try StepDriver(source.enumerated(), source: Int.self, state: Int.self)
    #expect(step.send(.next(7)) == "(index: 0, element: 7) ·")
    #expect(step.send(.next(8)) == "(index: 1, element: 8) ·")
  }

  @Test func asSingle() throws {
    var one = try StepDriver(source.asSingle().asObservable(), source: Int.self, state: Int?.self)
    #expect(one.send(.next(1)) == "·")
    #expect(one.send(.completed) == "1 |")
    var two = try StepDriver(source.asSingle().asObservable(), source: Int.self, state: Int?.self)
    #expect(two.send(.next(1)) == "·")
    #expect(two.send(.next(2)) == "x(\(RxError.moreThanOneElement))")
    #expect(two.state == nil, "the kept element is released")
    var none = try StepDriver(source.asSingle().asObservable(), source: Int.self, state: Int?.self)
    #expect(none.send(.completed) == "x(\(RxError.noElements))")
    var maybe = try StepDriver(source.asMaybe().asObservable(), source: Int.self, state: Int?.self)
    #expect(maybe.send(.completed) == "|", "asMaybe: no element is allowed")
  }

  @Test func first() throws {
    var step = try StepDriver(source.first().asObservable(), source: Int.self, state: Void.self)
    #expect(step.send(.next(5)) == "Optional(5) |")
    var empty = try StepDriver(source.first().asObservable(), source: Int.self, state: Void.self)
    #expect(empty.send(.completed) == "nil |")
  }

  @Test func toArray() throws {
    var step = try StepDriver(source.toArray().asObservable(), source: Int.self, state: [Int].self)
    #expect(step.send(.next(1)) == "·")
    #expect(step.send(.next(2)) == "·")
    #expect(step.send(.completed) == "[1, 2] |")
  }

  @Test func singleWithAPredicate() throws {
    var step = try StepDriver(source.single { $0 > 1 }, source: Int.self, state: Bool.self)
    #expect(step.send(.next(1)) == "·")
    #expect(step.send(.next(2)) == "2 ·")
    #expect(step.send(.next(3)) == "x(\(RxError.moreThanOneElement))")
    var none = try StepDriver(source.single { $0 > 1 }, source: Int.self, state: Bool.self)
    #expect(none.send(.next(1)) == "·")
    #expect(none.send(.completed) == "x(\(RxError.noElements))")
  }
}
