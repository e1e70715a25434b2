import FerryTesting
import Testing

@testable import Ferry

@Suite("debug", .serialized)
struct DebugTests {
  @Test func printsSubscriptionEventsAndDisposal() {
    let lines = LockedBox<[String]>([])
    let previous = DebugOutput.writer
    DebugOutput.writer = { line in
      if line.hasPrefix("dbg-") { lines.withLock { $0.append(line) } }
    }
    defer { DebugOutput.writer = previous }

    #expect(Harness.events(Observable.of(1, 2).debug("dbg-a")) == [.next(1), .next(2), .completed])
    #expect(
      lines.current == [
        "dbg-a -> subscribed", "dbg-a -> Event next(1)", "dbg-a -> Event next(2)", "dbg-a -> Event completed",
        "dbg-a -> isDisposed",
      ]
    )

    lines.withLock { $0 = [] }
    let subject = PublishSubject<String>()
    let subscription = subject.debug("dbg-b", trimOutput: true).subscribe()
    subject.onNext(String(repeating: "x", count: 60))
    subscription.dispose()
    subscription.dispose()
    let trimmed = "dbg-b -> Event next(" + String(repeating: "x", count: 32) + "..."
    #expect(lines.current == ["dbg-b -> subscribed", trimmed, "dbg-b -> isDisposed"])

    lines.withLock { $0 = [] }
    _ = Observable<Int>.error(TestError(id: 1)).debug("dbg-c").subscribe(onError: { _ in })
    #expect(lines.current == ["dbg-c -> subscribed", "dbg-c -> Event error(TestError(1))", "dbg-c -> isDisposed"])
  }

  @Test func defaultIdentifierNamesTheCallSite() {
    let lines = LockedBox<[String]>([])
    let previous = DebugOutput.writer
    DebugOutput.writer = { line in
      if line.contains("DebugTests.swift") { lines.withLock { $0.append(line) } }
    }
    defer { DebugOutput.writer = previous }
    _ = Observable.just(1).debug().subscribe()
    #expect(lines.current.first?.hasSuffix("(defaultIdentifierNamesTheCallSite()) -> subscribed") == true)
    #expect(lines.current.count == 4)
  }
}
