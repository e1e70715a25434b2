#if canImport(XCTest)
import Ferry
import XCTest

/// Asserts that `events` match `diagram` (XCTest); on failure reports, at `file`/`line`, expected and actual as
/// aligned diagrams, the event lists and the first difference.
public func XCTAssertMarbles<Element: Equatable>(
  _ events: [Recorded<Event<Element>>], _ diagram: String, values: [String: Element] = [:],
  error: any Error = MarbleError.default, frameTicks: TestTime = MarbleDiagram.defaultFrameTicks,
  subscribed: TestTime = MarbleDiagram.defaultSubscribed, file: StaticString = #filePath, line: UInt = #line
) {
  if let mismatch = MarbleDiagram.mismatch(
    events, diagram, values: values, error: error, frameTicks: frameTicks, subscribed: subscribed)
  {
    XCTFail(mismatch.description, file: file, line: line)
  }
}

/// Asserts that `subscriptions` match the subscription diagrams (XCTest), one diagram per subscription.
public func XCTAssertSubscriptions(
  _ subscriptions: [Subscription], _ diagrams: String..., frameTicks: TestTime = MarbleDiagram.defaultFrameTicks,
  subscribed: TestTime = MarbleDiagram.defaultSubscribed, file: StaticString = #filePath, line: UInt = #line
) {
  if let mismatch = MarbleDiagram.mismatch(
    subscriptions: subscriptions, diagrams, frameTicks: frameTicks, subscribed: subscribed)
  {
    XCTFail(mismatch.description, file: file, line: line)
  }
}
#endif
