import Ferry

/// Why a recorded timeline does not match a diagram: the message an assertion records.
///
/// `description` shows expected and actual as aligned diagrams (one above the other, same column = same time),
/// then both event lists and the first difference:
///
/// ```
/// Recorded events do not match the marble diagram.
///   expected: ^-a-b-|
///   actual:   ^-a--b|
///   expected events: [next(a) @ 220, next(b) @ 240, completed @ 260]
///   actual events:   [next(a) @ 220, next(b) @ 250, completed @ 260]
///   first difference: #2: expected next(b) @ 240, got next(b) @ 250
/// ```
public struct MarbleMismatch: Error, CustomStringConvertible, Equatable, Sendable {
  /// The first line of the message.
  public let summary: String
  /// The expected diagram, re-rendered to align with `actualDiagram` (for subscriptions, one line each).
  public let expectedDiagram: [String]
  /// The actual diagram, aligned with `expectedDiagram`.
  public let actualDiagram: [String]
  /// Further lines: event lists, the first difference, or the parse error.
  public let details: [String]

  /// Creates a mismatch.
  public init(summary: String, expectedDiagram: [String], actualDiagram: [String], details: [String]) {
    self.summary = summary
    self.expectedDiagram = expectedDiagram
    self.actualDiagram = actualDiagram
    self.details = details
  }

  /// The full message.
  public var description: String {
    var lines = [summary]
    for (index, line) in expectedDiagram.enumerated() {
      lines.append("  " + (index == 0 ? "expected: " : "          ") + line)
    }
    for (index, line) in actualDiagram.enumerated() {
      lines.append("  " + (index == 0 ? "actual:   " : "          ") + line)
    }
    lines += details.map { "  " + $0 }
    return lines.joined(separator: "\n")
  }
}

extension MarbleDiagram {
  /// Compares `actual` with `diagram`; `nil` when they match, otherwise the mismatch an assertion reports.
  /// A diagram that does not parse is a mismatch too (its message is the parse error).
  ///
  /// `^` in the diagram is the observer's subscription, at `subscribed` (so `"^-a-|"` means `a` at 220 with the
  /// defaults); without `^`, frame 0 is time 0.
  public static func mismatch<Element: Equatable>(
    _ actual: [Recorded<Event<Element>>], _ diagram: String, values: [String: Element] = [:],
    error: any Error = MarbleError.default, frameTicks: TestTime = defaultFrameTicks,
    subscribed: TestTime = defaultSubscribed
  ) -> MarbleMismatch? {
    let expected: MarbleTimeline<Element>
    do {
      expected = try parse(diagram, values: values, error: error, frameTicks: frameTicks, subscribed: subscribed)
    } catch {
      return MarbleMismatch(
        summary: "The marble diagram does not parse.", expectedDiagram: [], actualDiagram: [],
        details: error.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }
    if expected.events == actual { return nil }
    let name = { (element: Element) in MarbleLayout.name(of: element, in: values) }
    let rows = [
      MarbleLayout.row(expected.events, subscriptionTime: expected.subscriptionTime, name: name),
      MarbleLayout.row(actual, subscriptionTime: expected.subscriptionTime, name: name),
    ]
    let lines = MarbleLayout.render(rows, anchor: expected.subscriptionTime, frameTicks: frameTicks)
    var details = [
      "expected events: " + list(expected.events),
      "actual events:   " + list(actual),
    ]
    if let difference = firstDifference(expected.events, actual) { details.append("first difference: " + difference) }
    return MarbleMismatch(
      summary: "Recorded events do not match the marble diagram.", expectedDiagram: [lines[0]],
      actualDiagram: [lines[1]], details: details)
  }

  /// Compares `actual` subscriptions with subscription diagrams (one per subscription; see `parseSubscriptions`).
  public static func mismatch(
    subscriptions actual: [Subscription], _ diagrams: [String], frameTicks: TestTime = defaultFrameTicks,
    subscribed: TestTime = defaultSubscribed
  ) -> MarbleMismatch? {
    let expected: [Subscription]
    do {
      expected = try parseSubscriptions(diagrams, frameTicks: frameTicks, subscribed: subscribed)
    } catch {
      return MarbleMismatch(
        summary: "The subscription diagram does not parse.", expectedDiagram: [], actualDiagram: [],
        details: error.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }
    if expected == actual { return nil }
    let rows = expected.map(MarbleLayout.row) + actual.map(MarbleLayout.row)
    let anchor = expected.first?.subscribe ?? actual.first?.subscribe
    var lines = MarbleLayout.render(rows, anchor: anchor, frameTicks: frameTicks)
    let expectedLines = Array(lines.prefix(expected.count))
    lines.removeFirst(expected.count)
    var details = [
      "expected subscriptions: " + expected.map(\.debugDescription).joined(separator: ", "),
      "actual subscriptions:   " + actual.map(\.debugDescription).joined(separator: ", "),
    ]
    if expected.isEmpty { details.insert("expected no subscriptions", at: 0) }
    if actual.isEmpty { details.insert("actual: no subscriptions", at: 0) }
    return MarbleMismatch(
      summary: "Subscriptions do not match the subscription diagrams.",
      expectedDiagram: expectedLines.isEmpty ? ["(none)"] : expectedLines,
      actualDiagram: lines.isEmpty ? ["(none)"] : lines, details: details)
  }

  private static func list<Element>(_ events: [Recorded<Event<Element>>]) -> String {
    "[" + events.map(\.debugDescription).joined(separator: ", ") + "]"
  }

  private static func firstDifference<Element: Equatable>(
    _ expected: [Recorded<Event<Element>>], _ actual: [Recorded<Event<Element>>]
  ) -> String? {
    for index in 0..<max(expected.count, actual.count) {
      let left = index < expected.count ? expected[index].debugDescription : "nothing"
      let right = index < actual.count ? actual[index].debugDescription : "nothing"
      let same = index < expected.count && index < actual.count && expected[index] == actual[index]
      if !same { return "#\(index + 1): expected \(left), got \(right)" }
    }
    return nil
  }
}
