import Ferry

/// The error `#` stands for when a diagram is given no error of its own.
public struct MarbleError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// What the error says.
  public let message: String

  /// Creates an error with `message`.
  public init(_ message: String) { self.message = message }

  /// The default error of `#`.
  public static let `default` = MarbleError("error")

  /// `MarbleError(message)`.
  public var description: String { "MarbleError(\(message))" }
}

/// The events a diagram stands for, and where its `^` (a hot source's subscription point) is.
public struct MarbleTimeline<Element> {
  /// The events, in time order.
  public let events: [Recorded<Event<Element>>]
  /// The time of `^`, or `nil` when the diagram has none.
  public let subscriptionTime: TestTime?

  /// Creates a timeline.
  public init(events: [Recorded<Event<Element>>], subscriptionTime: TestTime?) {
    self.events = events
    self.subscriptionTime = subscriptionTime
  }
}

/// Marble diagrams: text timelines such as `"--a--b--|"` (grammar: `Docs/MarbleGrammar.md`).
///
/// Each character that is not a space is one *frame* of `frameTicks` virtual ticks (10 by default, so that
/// RxTest's round times like 210, 220 are whole frames). Frame 0 is at time 0, unless the diagram has a `^` and no
/// `<@t>` marker: then the `^` frame is at `subscribed` (200 by default, when `TestScheduler.start` subscribes).
public enum MarbleDiagram {
  /// Ticks per frame unless told otherwise.
  public static let defaultFrameTicks: TestTime = 10
  /// Where `^` lands unless told otherwise: RxTest's `start` subscribes at 200.
  public static let defaultSubscribed: TestTime = 200

  /// Parses a diagram of events, e.g. `"--a--(bc)--|"` or, for a hot source, `"-a-^-b--|"`.
  ///
  /// - Parameters:
  ///   - text: the diagram.
  ///   - values: what each value name stands for. A name that is not a key is converted with
  ///     `LosslessStringConvertible` when `Element` conforms (so `"-1-[42]-|"` works for `Int` without a
  ///     dictionary); otherwise it is an error.
  ///   - error: the error `#` stands for.
  ///   - frameTicks: ticks per frame (> 0).
  ///   - subscribed: where `^` lands (ignored when the diagram has a `<@t>` marker).
  /// - Throws: `MarbleParseError` naming the column, the character and what was expected.
  public static func parse<Element>(
    _ text: String, values: [String: Element] = [:], error: any Error = MarbleError.default,
    frameTicks: TestTime = defaultFrameTicks, subscribed: TestTime = defaultSubscribed
  ) throws(MarbleParseError) -> MarbleTimeline<Element> {
    try parseEvents(
      text, values: values, error: error, frameTicks: frameTicks, subscribed: subscribed, allowsSubscription: true)
  }

  /// Parses the diagram of a cold source: like `parse`, but `^` is an error (a cold source starts at its
  /// subscription: frame 0 is the subscription).
  public static func parseCold<Element>(
    _ text: String, values: [String: Element] = [:], error: any Error = MarbleError.default,
    frameTicks: TestTime = defaultFrameTicks
  ) throws(MarbleParseError) -> [Recorded<Event<Element>>] {
    try parseEvents(
      text, values: values, error: error, frameTicks: frameTicks, subscribed: 0, allowsSubscription: false
    ).events
  }

  /// Parses subscription diagrams, one subscription per diagram: `^` subscribes, `!` unsubscribes (none: still
  /// subscribed). The diagrams share one timeline: the first diagram's `^` lands at `subscribed` (unless a diagram
  /// has a `<@t>` marker), and the same column means the same time when the diagrams are written one under the
  /// other, e.g. `["^---!", "--^----!"]`.
  public static func parseSubscriptions(
    _ diagrams: [String], frameTicks: TestTime = defaultFrameTicks, subscribed: TestTime = defaultSubscribed
  ) throws(MarbleParseError) -> [Subscription] {
    precondition(frameTicks > 0, "MarbleDiagram.parseSubscriptions: frameTicks must be > 0, got \(frameTicks)")
    var placements: [(MarblePlacement, String)] = []
    for text in diagrams {
      var scanner = MarbleScanner(text)
      let steps = try scanner.scan()
      placements.append((try MarblePlacement.place(steps, frameTicks: frameTicks, diagram: text), text))
    }
    let isAbsolute = placements.contains { $0.0.isAbsolute }
    var result: [Subscription] = []
    var delta: TestTime?
    for (placement, text) in placements {
      let (subscribe, unsubscribe) = try subscription(in: placement, text: text)
      if delta == nil { delta = isAbsolute ? 0 : subscribed &- subscribe }
      let shift = delta ?? 0
      if let unsubscribe {
        result.append(Subscription(subscribe &+ shift, unsubscribe &+ shift))
      } else {
        result.append(Subscription(subscribe &+ shift))
      }
    }
    return result
  }

  private static func subscription(
    in placement: MarblePlacement, text: String
  ) throws(MarbleParseError) -> (
    TestTime, TestTime?
  ) {
    var subscribe: (time: TestTime, column: Int)?
    var unsubscribe: TestTime?
    for frame in placement.frames {
      for marble in frame.items {
        func failure(_ expected: String) -> MarbleParseError {
          MarbleParseError(
            column: marble.column, character: Array(text)[marble.column - 1], expected: expected, diagram: text)
        }
        switch marble.item {
        case .subscribe:
          if let subscribe {
            throw failure(
              "expected '-' or '!'; one subscription per diagram (its '^' is at column \(subscribe.column))")
          }
          subscribe = (frame.time, marble.column)
        case .unsubscribe:
          guard subscribe != nil else { throw failure("expected '^' before '!' (subscribe before unsubscribing)") }
          if unsubscribe != nil { throw failure("expected the end of the diagram after the first '!'") }
          unsubscribe = frame.time
        default:
          throw failure("expected '-', '^', '!', '<n>' or '<@t>'; a subscription diagram holds no events")
        }
      }
    }
    guard let subscribe else {
      throw MarbleParseError(
        column: text.count + 1, character: nil, expected: "expected '^' (the subscription) in a subscription diagram",
        diagram: text)
    }
    return (subscribe.time, unsubscribe)
  }

  static func parseEvents<Element>(
    _ text: String, values: [String: Element], error: any Error, frameTicks: TestTime, subscribed: TestTime,
    allowsSubscription: Bool
  ) throws(MarbleParseError) -> MarbleTimeline<Element> {
    precondition(frameTicks > 0, "MarbleDiagram.parse: frameTicks must be > 0, got \(frameTicks)")
    var scanner = MarbleScanner(text)
    let steps = try scanner.scan()
    var placement = try MarblePlacement.place(steps, frameTicks: frameTicks, diagram: text)
    let characters = Array(text)
    var events: [Recorded<Event<Element>>] = []
    var caretColumn: Int?
    var terminalColumn: Int?
    for frame in placement.frames {
      for marble in frame.items {
        func failure(_ expected: String) -> MarbleParseError {
          MarbleParseError(
            column: marble.column, character: characters[marble.column - 1], expected: expected, diagram: text)
        }
        if marble.item != .subscribe, let terminalColumn {
          throw failure(
            "expected '-' or the end of the diagram; the sequence already ended at column \(terminalColumn)")
        }
        switch marble.item {
        case .value(let name):
          guard let element = value(named: name, in: values) else {
            throw failure("expected a key of `values`; '\(name)' is not one" + knownKeys(values))
          }
          events.append(Recorded(time: frame.time, value: .next(element)))
        case .completed:
          events.append(Recorded(time: frame.time, value: .completed))
          terminalColumn = marble.column
        case .error:
          events.append(Recorded(time: frame.time, value: .error(error)))
          terminalColumn = marble.column
        case .subscribe:
          guard allowsSubscription else {
            throw failure("expected an event; '^' marks a hot source's subscription, and a cold source starts there")
          }
          if let caretColumn { throw failure("expected one '^' per diagram; the first is at column \(caretColumn)") }
          caretColumn = marble.column
        case .unsubscribe:
          throw failure("expected an event; '!' (unsubscription) belongs in subscription diagrams")
        }
      }
    }
    let caretTime = placement.subscriptionTime
    if let caretTime, !placement.isAbsolute {
      let delta = subscribed &- caretTime
      placement = placement.shifted(by: delta)
      events = events.map { Recorded(time: $0.time &+ delta, value: $0.value) }
    }
    return MarbleTimeline(events: events, subscriptionTime: placement.subscriptionTime)
  }

  /// `values[name]`, or `name` converted by `LosslessStringConvertible`.
  static func value<Element>(named name: String, in values: [String: Element]) -> Element? {
    if let element = values[name] { return element }
    if Element.self == Character.self, name.count != 1 { return nil }  // Character.init(String) traps otherwise
    if let convertible = Element.self as? any LosslessStringConvertible.Type, let converted = convertible.init(name) {
      return converted as? Element
    }
    return nil
  }

  private static func knownKeys<Element>(_ values: [String: Element]) -> String {
    if values.isEmpty { return " (`values` is empty)" }
    let keys = values.keys.sorted().prefix(12).map { $0.count == 1 ? $0 : "[\($0)]" }
    return " (known: \(keys.joined(separator: ", "))\(values.count > 12 ? ", …" : ""))"
  }
}
