import FerryTesting
import Testing

@testable import Ferry

@Suite("debug", .serialized)
struct DebugTests {
  @Test func printsSubscriptionEventsAndDisposal() {
    let linesA = DebugLines.capture(prefix: "dbg-a") {
      #expect(Harness.events(Observable.of(1, 2).debug("dbg-a")) == [.next(1), .next(2), .completed])
    }
    #expect(
      linesA == [
        "dbg-a -> subscribed", "dbg-a -> Event next(1)", "dbg-a -> Event next(2)", "dbg-a -> Event completed",
        "dbg-a -> isDisposed",
      ]
    )

    let linesB = DebugLines.capture(prefix: "dbg-b") {
      let subject = PublishSubject<String>()
      let subscription = subject.debug("dbg-b", trimOutput: true).subscribe()
      subject.onNext(String(repeating: "x", count: 60))
      subscription.dispose()
      subscription.dispose()
    }
    let trimmed = "dbg-b -> Event next(" + String(repeating: "x", count: 32) + "..."
    #expect(linesB == ["dbg-b -> subscribed", trimmed, "dbg-b -> isDisposed"])

    let linesC = DebugLines.capture(prefix: "dbg-c") {
      _ = Observable<Int>.error(TestError(id: 1)).debug("dbg-c").subscribe(onError: { _ in })
    }
    #expect(linesC == ["dbg-c -> subscribed", "dbg-c -> Event error(TestError(1))", "dbg-c -> isDisposed"])
  }

  @Test func defaultIdentifierNamesTheCallSite() {
    let lines = DebugLines.capture(prefix: "DebugTests.swift") {
      _ = Observable.just(1).debug().subscribe()
    }
    #expect(lines.first?.hasSuffix("(defaultIdentifierNamesTheCallSite()) -> subscribed") == true)
    #expect(lines.count == 4)
  }
}
