import Ferry
import FerryTesting
import Testing

@Suite("Marble assertions")
struct MarbleAssertionTests {
  let values = ["a": 1, "b": 2, "foo": 42]

  @Test func matchingEventsPass() {
    let events: [Recorded<Event<Int>>] = [.next(220, 1), .next(240, 2), .completed(260)]
    #expect(expectMarbles(events, "^-a-b-|", values: values) == nil)
    #expect(expectMarbles(events, "<22>a-b-|", values: values) == nil)
    #expect(expectMarbles([Recorded<Event<Int>>](), "") == nil)
  }

  @Test func mismatchShowsAlignedDiagramsEventsAndFirstDifference() throws {
    let actual: [Recorded<Event<Int>>] = [.next(220, 1), .next(250, 2), .completed(260)]
    let mismatch = try #require(MarbleDiagram.mismatch(actual, "^-a-b-|", values: values))
    #expect(mismatch.expectedDiagram == ["^-a-b-|"])
    #expect(mismatch.actualDiagram == ["^-a--b|"])
    #expect(
      mismatch.description == """
        Recorded events do not match the marble diagram.
          expected: ^-a-b-|
          actual:   ^-a--b|
          expected events: [next(1) @ 220, next(2) @ 240, completed @ 260]
          actual events:   [next(1) @ 220, next(2) @ 250, completed @ 260]
          first difference: #2: expected next(2) @ 240, got next(2) @ 250
        """)
  }

  @Test func wideTokensAreAlignedWithSpaces() throws {
    let actual: [Recorded<Event<Int>>] = [.next(210, 42), .next(220, 1000), .completed(230)]
    let mismatch = try #require(MarbleDiagram.mismatch(actual, "^a(ab)|", values: values))
    #expect(mismatch.expectedDiagram == ["^a    (ab)  |"])
    #expect(mismatch.actualDiagram == ["^[foo][1000]|"])
  }

  @Test func missingAndExtraEvents() throws {
    let actual: [Recorded<Event<Int>>] = [.next(210, 1)]
    let mismatch = try #require(MarbleDiagram.mismatch(actual, "^a-|", values: values))
    #expect(mismatch.actualDiagram == ["^a"])
    #expect(mismatch.expectedDiagram == ["^a-|"])
    #expect(mismatch.details.last == "first difference: #2: expected completed @ 230, got nothing")
  }

  @Test func differentErrorsAreAMismatch() throws {
    struct Boom: Error {}
    let actual: [Recorded<Event<Int>>] = [.error(200, Boom())]
    let mismatch = try #require(MarbleDiagram.mismatch(actual, "^#", values: values, subscribed: 190))
    #expect(mismatch.expectedDiagram == mismatch.actualDiagram)  // same shape: the event lists tell them apart
    #expect(mismatch.description.contains("expected error(MarbleError(error)) @ 200"))
  }

  @Test func unparsableDiagramIsReportedWithItsColumn() throws {
    let mismatch = try #require(MarbleDiagram.mismatch([Recorded<Event<Int>>](), "--(a", values: values))
    #expect(
      mismatch.description == """
        The marble diagram does not parse.
          column 5: unexpected end of diagram — expected a value name, '[name]', '|', '#', '^', '!' or ')' to close \
        the group opened at column 3
            --(a
                ^
        """)
  }

  @Test func failingExpectMarblesReportsAtTheCallersLine() {
    let actual: [Recorded<Event<Int>>] = [.next(210, 2)]
    let line = #line + 2  // the line of the assertion below
    let failures = withCapturedFailures {
      expectMarbles(actual, "^a", values: values)
    }
    #expect(failures.count == 1)
    #expect(failures.first?.line == line)
    #expect(failures.first?.fileID == #fileID)
    #expect(failures.first?.message.contains("expected: ^a\n") == true, "\(failures)")
    #expect(failures.first?.message.contains("actual:   ^b\n") == true, "\(failures)")
  }

  @Test func subscriptionsMatch() {
    #expect(expectSubscriptions([Subscription(200, 260)], "^-----!") == nil)
    #expect(expectSubscriptions([Subscription(200, 230), Subscription(250)], "^--!", "-----^") == nil)
    #expect(expectSubscriptions([]) == nil)
  }

  @Test func subscriptionMismatchIsAligned() throws {
    let mismatch = try #require(MarbleDiagram.mismatch(subscriptions: [Subscription(200, 250)], ["^-----!"]))
    #expect(
      mismatch.description == """
        Subscriptions do not match the subscription diagrams.
          expected: ^-----!
          actual:   ^----!
          expected subscriptions: (200: 260)
          actual subscriptions:   (200: 250)
        """)
  }

  @Test func missingSubscription() throws {
    let mismatch = try #require(MarbleDiagram.mismatch(subscriptions: [], ["^-!"]))
    #expect(mismatch.actualDiagram == ["(none)"])
    #expect(mismatch.details.first == "actual: no subscriptions")
  }

  @Test func failingExpectSubscriptionsReportsAtTheCallersLine() {
    let line = #line + 2  // the line of the assertion below
    let failures = withCapturedFailures {
      expectSubscriptions([Subscription(200)], "^-!")
    }
    #expect(failures.map(\.line) == [line])
    #expect(failures.first?.message.contains("expected: ^-!\n  actual:   ^\n") == true, "\(failures)")
  }
}
