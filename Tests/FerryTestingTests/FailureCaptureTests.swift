import Ferry
import FerryTesting
import Testing

/// `withCapturedFailures`: FerryTesting's assertion failures captured instead of recorded.
@Suite("Captured failures")
struct FailureCaptureTests {
  let events: [Recorded<Event<Int>>] = [.next(210, 1), .completed(220)]

  @Test func aPassingAssertionCapturesNothing() {
    let failures = withCapturedFailures { expectMarbles(events, "^1|") }
    #expect(failures.isEmpty)
  }

  @Test func failuresAreCapturedInOrderWithTheirLines() {
    let first = #line + 2
    let failures = withCapturedFailures {
      expectMarbles(events, "^2|")
      expectSubscriptions([Subscription(200, 230)], "^--!")
      expectSubscriptions([Subscription(200, 230)], "^-!")
    }
    #expect(failures.map(\.line) == [first, first + 2])
    #expect(failures.allSatisfy { $0.fileID == #fileID })
    #expect(failures[0].message.hasPrefix("Recorded events do not match the marble diagram."))
    #expect(failures[1].message.hasPrefix("Subscriptions do not match the subscription diagrams."))
    #expect(failures[1].description == "\(#fileID):\(first + 2): \(failures[1].message)")
  }

  @Test func theInnermostCaptureGetsTheFailure() {
    var inner: [CapturedFailure] = []
    let outer = withCapturedFailures {
      inner = withCapturedFailures { expectMarbles(events, "^2|") }
      expectMarbles(events, "^3|")
    }
    #expect(inner.count == 1)
    #expect(inner.first?.message.contains("^2|") == true)
    #expect(outer.count == 1)
    #expect(outer.first?.message.contains("^3|") == true)
  }

  @Test func anAsyncBodyAndTheTasksItStartsCapture() async {
    let events = self.events
    let failures = await withCapturedFailures {
      await Task { _ = expectMarbles(events, "^2|") }.value
      expectMarbles(events, "^3|")
    }
    #expect(failures.count == 2)
  }

  @Test func aFailureReportedAfterItsCaptureEndedGoesToTheEnclosingOne() async {
    let events = self.events
    let (proceed, go) = AsyncStream.makeStream(of: Void.self)
    var late: Task<Void, Never>?
    var inner: [CapturedFailure] = []
    let outer = await withCapturedFailures {
      inner = withCapturedFailures {
        late = Task {
          for await _ in proceed { break }
          _ = expectMarbles(events, "^2|")
        }
      }
      go.yield()  // the task reports only now, after the inner capture ended
      await late?.value
    }
    #expect(inner.isEmpty)
    #expect(outer.count == 1)
  }

  @Test func aThrownErrorPropagates() {
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      _ = try withCapturedFailures { throw Stop() }
    }
  }
}
