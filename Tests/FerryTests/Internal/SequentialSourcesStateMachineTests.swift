import Testing

@testable import Ferry

private struct Boom: Error, Equatable {
  var id = 0
}

/// What an action decides, as text (`subscribe <source>`, `x<id>`, `|`), for compact expectations; `names` tells the
/// test's sources apart.
private func decided<Element>(
  _ action: SequentialSourcesAction<Element>, _ names: [ObjectIdentifier: String]
) -> String {
  switch action {
  case .subscribe(let source): "subscribe \(names[ObjectIdentifier(source)] ?? "?")"
  case .fail(let error): "x\((error as? Boom)?.id ?? -1)"
  case .complete: "|"
  }
}

/// Direct tests of the decisions of the operators that subscribe one source at a time (`catch`, `retry`, `concat`,
/// `catch(sequence:)`), input by input.
@Suite("Sequential-sources state machines")
struct SequentialSourcesStateMachineTests {
  let a = Observable<Int>.never()
  let b = Observable<Int>.never()
  let c = Observable<Int>.never()
  var names: [ObjectIdentifier: String] {
    [ObjectIdentifier(a): "a", ObjectIdentifier(b): "b", ObjectIdentifier(c): "c"]
  }

  // MARK: catch

  @Test func catchSubscribesTheHandlersSourceOnceAndForwardsItsError() {
    let fallback = b
    var machine = CatchStateMachine(source: a) { error in
      #expect((error as? Boom)?.id == 1, "the handler receives the source's error")
      return fallback
    }
    #expect(decided(machine.start(), names) == "subscribe a")
    #expect(decided(machine.failed(Boom(id: 1)), names) == "subscribe b")
    #expect(decided(machine.failed(Boom(id: 2)), names) == "x2", "the fallback's error is not caught again")
  }

  @Test func catchCompletionOfEitherSourceCompletes() {
    let fallback = b
    var completing = CatchStateMachine(source: a) { _ in
      Issue.record("the handler runs only for an error")
      return fallback
    }
    _ = completing.start()
    #expect(decided(completing.completed(), names) == "|")

    var recovered = CatchStateMachine(source: a) { _ in fallback }
    _ = recovered.start()
    _ = recovered.failed(Boom())
    #expect(decided(recovered.completed(), names) == "|")
  }

  @Test func catchHandlerThatThrowsFailsWithItsError() {
    var machine = CatchStateMachine<Int>(source: a) { _ in throw Boom(id: 9) }
    _ = machine.start()
    #expect(decided(machine.failed(Boom(id: 1)), names) == "x9")
  }

  // MARK: retry

  @Test func retryResubscribesUntilMaxAttemptsSubscriptionsFailed() {
    var machine = RetryStateMachine(source: a, maxAttempts: 3)
    #expect(decided(machine.start(), names) == "subscribe a")
    #expect(decided(machine.failed(Boom(id: 1)), names) == "subscribe a")
    #expect(decided(machine.failed(Boom(id: 2)), names) == "subscribe a")
    #expect(decided(machine.failed(Boom(id: 3)), names) == "x3", "the last attempt's error is forwarded")
  }

  @Test func retryWithoutLimitResubscribesAndCompletionCompletes() {
    var machine = RetryStateMachine(source: a, maxAttempts: nil)
    _ = machine.start()
    for id in 0..<1_000 {
      #expect(decided(machine.failed(Boom(id: id)), names) == "subscribe a")
    }
    #expect(machine.attempts == 1, "nothing is counted without a limit")
    #expect(decided(machine.completed(), names) == "|")

    var once = RetryStateMachine(source: a, maxAttempts: 1)
    _ = once.start()
    #expect(decided(once.failed(Boom(id: 4)), names) == "x4", "retry(1) is the source itself")
  }

  // MARK: concat and catch(sequence:)

  @Test func concatMovesOnOnCompletionAndStopsOnError() {
    var machine = IteratedSourcesStateMachine([a, b, c], movesOn: .completion)
    #expect(decided(machine.start(), names) == "subscribe a")
    #expect(decided(machine.completed(), names) == "subscribe b")
    #expect(decided(machine.failed(Boom(id: 2)), names) == "x2", "an error ends the chain")

    var exhausted = IteratedSourcesStateMachine([a], movesOn: .completion)
    _ = exhausted.start()
    #expect(decided(exhausted.completed(), names) == "|")
    var empty = IteratedSourcesStateMachine([Observable<Int>](), movesOn: .completion)
    #expect(decided(empty.start(), names) == "|", "an empty sequence completes at once")
  }

  @Test func catchSequenceMovesOnOnErrorAndFailsWithTheLastError() {
    var machine = IteratedSourcesStateMachine([a, b], movesOn: .error)
    #expect(decided(machine.start(), names) == "subscribe a")
    #expect(decided(machine.failed(Boom(id: 1)), names) == "subscribe b")
    #expect(decided(machine.failed(Boom(id: 2)), names) == "x2")

    var completing = IteratedSourcesStateMachine([a, b], movesOn: .error)
    _ = completing.start()
    #expect(decided(completing.completed(), names) == "|", "a completion ends the chain")
  }

  @Test func eachCopyOfTheMachineIteratesTheSequenceAfresh() {
    let sources = [a, b]
    let template = IteratedSourcesStateMachine(sources, movesOn: .completion)
    var first = template
    var second = template
    #expect(decided(first.start(), names) == "subscribe a")
    #expect(decided(first.completed(), names) == "subscribe b")
    #expect(decided(second.start(), names) == "subscribe a", "a subscription's progress is its own")
  }

  @Test func theSequenceIsPulledOnlyWhenTheNextSourceIsNeeded() {
    var pulled = 0
    let sources = (0..<3).lazy.map { _ -> Observable<Int> in
      pulled += 1
      return .never()
    }
    var machine = IteratedSourcesStateMachine(sources, movesOn: .completion)
    #expect(pulled == 0)
    _ = machine.start()
    #expect(pulled == 1)
    _ = machine.completed()
    #expect(pulled == 2)
  }
}
