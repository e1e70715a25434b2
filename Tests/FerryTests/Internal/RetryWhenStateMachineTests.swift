import Testing

@testable import Ferry

private struct Boom: Error, Equatable {}

/// A machine whose first subscription to the source has been made (and kept): `subscription`.
private func running(_ subscription: BooleanDisposable = BooleanDisposable()) -> RetryWhenStateMachine<Int> {
  var machine = RetryWhenStateMachine<Int>()
  var made: (any Disposable)? = subscription
  guard case .ignore = machine.subscribed(&made), made == nil else {
    Issue.record("the first subscription is kept and the loop ends")
    return machine
  }
  return machine
}

/// Direct tests of `retry(when:)`'s state machine, input by input.
@Suite("retry(when:) state machine")
struct RetryWhenStateMachineTests {
  @Test func sourceElementsPassWhileTheSourceRunsAndItsCompletionCompletes() {
    var machine = running()
    #expect(delivered(machine.sourceNext(1)) == ["1"])
    #expect(delivered(machine.sourceCompleted().emission) == ["|"])
    #expect(delivered(machine.sourceNext(2)) == [], "nothing after the result stopped")
    #expect(delivered(machine.sourceFailed(Boom(), retryable: true).emission) == [])
    guard case .ignore = machine.triggerNext() else {
      Issue.record("the trigger is ignored once the result stopped")
      return
    }
  }

  @Test func aRetryableErrorWaitsForTheTriggerWhoseElementResubscribes() {
    let first = BooleanDisposable()
    var machine = running(first)
    guard case .notify = machine.sourceFailed(Boom(), retryable: true) else {
      Issue.record("a retryable error is passed to the trigger")
      return
    }
    #expect(delivered(machine.sourceNext(9)) == [], "a source that emits after its error is ignored")
    guard case .subscribe(let failed) = machine.triggerNext() else {
      Issue.record("the trigger's element resubscribes, on this thread: no loop runs")
      return
    }
    #expect(failed as? BooleanDisposable === first, "the failed subscription is handed back, to be disposed")
    guard case .ignore = machine.triggerNext() else {
      Issue.record("a second element for the same error is ignored")
      return
    }
    var second: (any Disposable)? = BooleanDisposable()
    guard case .ignore = machine.subscribed(&second), second == nil else {
      Issue.record("the new subscription is kept and the loop ends")
      return
    }
    #expect(delivered(machine.sourceNext(2)) == ["2"])
  }

  @Test func aTriggerElementWhileASubscriptionIsBeingMadeIsLeftToTheLoop() {
    // The source fails inside `subscribe` and the trigger answers at once, both before `subscribe` returns.
    var machine = RetryWhenStateMachine<Int>()
    #expect(delivered(machine.sourceNext(1)) == ["1"], "the source may emit inside `subscribe`")
    guard case .notify = machine.sourceFailed(Boom(), retryable: true) else {
      Issue.record("a retryable error is passed to the trigger")
      return
    }
    guard case .ignore = machine.triggerNext() else {
      Issue.record("the subscription loop running serves the resubscription, not this call")
      return
    }
    let failed = BooleanDisposable()
    var made: (any Disposable)? = failed
    guard case .subscribe(let disposing) = machine.subscribed(&made) else {
      Issue.record("the loop goes on")
      return
    }
    #expect(disposing as? BooleanDisposable === failed, "the failed subscription is disposed, not kept")
    #expect(made == nil)
    var next: (any Disposable)? = BooleanDisposable()
    guard case .ignore = machine.subscribed(&next), next == nil else {
      Issue.record("the next subscription is kept and the loop ends")
      return
    }
  }

  @Test func anotherErrorEndsTheResultAtOnce() {
    var machine = running()
    #expect(delivered(machine.sourceFailed(Boom(), retryable: false).emission) == ["x"])
    guard case .ignore = machine.triggerNext() else {
      Issue.record("stopped")
      return
    }
  }

  @Test func theTriggersStopWhileAnErrorWaitsEndsTheResult() {
    var completing = running()
    _ = completing.sourceFailed(Boom(), retryable: true)
    #expect(delivered(completing.triggerCompleted().emission) == ["|"])
    #expect(delivered(completing.triggerFailed(Boom()).emission) == [])

    var failing = running()
    _ = failing.sourceFailed(Boom(), retryable: true)
    #expect(delivered(failing.triggerFailed(Boom()).emission) == ["x"])
    #expect(delivered(failing.sourceNext(1)) == [])
  }

  @Test func theTriggersStopWhileTheSourceRunsIsKeptForTheSourcesNextRetryableError() {
    var completing = running()
    #expect(delivered(completing.triggerCompleted().emission) == [])
    guard case .ignore = completing.triggerNext() else {
      Issue.record("an element after the trigger's stop is ignored")
      return
    }
    #expect(delivered(completing.sourceNext(1)) == ["1"], "the source still runs")
    #expect(delivered(completing.sourceFailed(Boom(), retryable: true).emission) == ["|"])

    var failing = running()
    #expect(delivered(failing.triggerFailed(Boom()).emission) == [])
    #expect(delivered(failing.triggerCompleted().emission) == [], "the first stop is kept")
    #expect(delivered(failing.sourceFailed(Boom(), retryable: true).emission) == ["x"])

    var otherError = running()
    _ = otherError.triggerCompleted()
    #expect(
      delivered(otherError.sourceFailed(Boom(), retryable: false).emission) == ["x"], "another error is its own")

    var sourceCompletes = running()
    _ = sourceCompletes.triggerFailed(Boom())
    #expect(delivered(sourceCompletes.sourceCompleted().emission) == ["|"])
  }

  @Test func aSubscriptionMadeAfterTheResultStoppedIsLeftToBeDisposed() {
    // The source completes inside `subscribe`: the loop is handed its subscription back.
    var machine = RetryWhenStateMachine<Int>()
    #expect(delivered(machine.sourceCompleted().emission) == ["|"])
    var made: (any Disposable)? = BooleanDisposable()
    guard case .ignore = machine.subscribed(&made), made != nil else {
      Issue.record("the subscription is not kept: the caller disposes it")
      return
    }
    #expect(machine.close() == nil)
  }

  @Test func closeHandsBackTheSubscriptionAndStops() {
    let subscription = BooleanDisposable()
    var machine = running(subscription)
    #expect(machine.close() as? BooleanDisposable === subscription)
    #expect(delivered(machine.sourceNext(1)) == [])
    #expect(delivered(machine.sourceFailed(Boom(), retryable: true).emission) == [])
    #expect(delivered(machine.triggerCompleted().emission) == [])
    #expect(machine.close() == nil)

    // Closed while an error waits: the failed subscription is handed back, and the trigger no longer resubscribes.
    let failed = BooleanDisposable()
    var waiting = running(failed)
    _ = waiting.sourceFailed(Boom(), retryable: true)
    #expect(waiting.close() as? BooleanDisposable === failed)
    guard case .ignore = waiting.triggerNext() else {
      Issue.record("the trigger is ignored once closed")
      return
    }
  }
}
