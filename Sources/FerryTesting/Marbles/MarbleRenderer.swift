import Ferry
import FerryMarbles

// Rendering: recorded events back to diagrams, laid out by FerryMarbles' `MarbleLayout` (several timelines share
// their columns, so an assertion can print expected and actual one above the other, aligned).

extension MarbleLayout {
  /// A row for `events`; `name` gives a value's name.
  static func row<Element>(
    _ events: [Recorded<Event<Element>>], subscriptionTime: TestTime?, name: (Element) -> String
  ) -> MarbleRow {
    var row = MarbleRow()
    var pending = events.map { (time: $0.time, token: token(for: $0.value, name: name)) }
    if let subscriptionTime {
      // `^` goes first in its frame, before the events at the same time.
      let index = pending.firstIndex { $0.time >= subscriptionTime } ?? pending.endIndex
      pending.insert((subscriptionTime, "^"), at: index)
    }
    row.tokens = pending
    return row
  }

  private static func token<Element>(for event: Event<Element>, name: (Element) -> String) -> String {
    switch event {
    case .next(let element): return token(forName: name(element))
    case .error: return "#"
    case .completed: return "|"
    }
  }

  /// A row for one subscription.
  static func row(_ subscription: Subscription) -> MarbleRow {
    var row = MarbleRow()
    row.tokens.append((subscription.subscribe, "^"))
    if subscription.unsubscribe != .max { row.tokens.append((subscription.unsubscribe, "!")) }
    return row
  }

  /// The name of `element`: its key in `values` (the shortest, then the first in order), else its description.
  static func name<Element: Equatable>(of element: Element, in values: [String: Element]) -> String {
    let keys = values.filter { $0.value == element }.keys.sorted { ($0.count, $0) < ($1.count, $1) }
    return keys.first ?? String(describing: element)
  }
}

extension MarbleDiagram {
  /// Renders `events` as a diagram that `parse` reads back to the same events (with the same `values`, `error`,
  /// `frameTicks` and `subscribed`). Values are written by their key in `values`, or as `[description]`.
  /// `subscriptionTime` adds a `^` there (and the diagram's frames are counted from it).
  public static func render<Element: Equatable>(
    _ events: [Recorded<Event<Element>>], values: [String: Element] = [:],
    frameTicks: TestTime = defaultFrameTicks, subscriptionTime: TestTime? = nil
  ) -> String {
    precondition(frameTicks > 0, "MarbleDiagram.render: frameTicks must be > 0, got \(frameTicks)")
    let row = MarbleLayout.row(events, subscriptionTime: subscriptionTime) { MarbleLayout.name(of: $0, in: values) }
    return MarbleLayout.render([row], anchor: subscriptionTime, frameTicks: frameTicks)[0]
  }

  /// Renders `events` of any element type, writing every value by its description.
  public static func render<Element>(
    _ events: [Recorded<Event<Element>>], frameTicks: TestTime = defaultFrameTicks,
    subscriptionTime: TestTime? = nil
  ) -> String {
    precondition(frameTicks > 0, "MarbleDiagram.render: frameTicks must be > 0, got \(frameTicks)")
    let row = MarbleLayout.row(events, subscriptionTime: subscriptionTime) { String(describing: $0) }
    return MarbleLayout.render([row], anchor: subscriptionTime, frameTicks: frameTicks)[0]
  }

  /// Renders several timelines on shared columns (a time is the same column in every line; narrower cells are
  /// padded with spaces), e.g. a source and its result one above the other. Values are written by their key in
  /// `values`, else by their description. `subscriptionTime` draws a `^` in every line.
  public static func renderAligned<Element: Equatable>(
    _ timelines: [[Recorded<Event<Element>>]], values: [String: Element] = [:],
    frameTicks: TestTime = defaultFrameTicks, subscriptionTime: TestTime? = nil
  ) -> [String] {
    precondition(frameTicks > 0, "MarbleDiagram.renderAligned: frameTicks must be > 0, got \(frameTicks)")
    let rows = timelines.map { events in
      MarbleLayout.row(events, subscriptionTime: subscriptionTime) { MarbleLayout.name(of: $0, in: values) }
    }
    return MarbleLayout.render(rows, anchor: subscriptionTime, frameTicks: frameTicks)
  }

  /// Renders subscriptions, one diagram per subscription, aligned on one timeline (the inverse of
  /// `parseSubscriptions` with the same `subscribed`).
  public static func render(subscriptions: [Subscription], frameTicks: TestTime = defaultFrameTicks) -> [String] {
    precondition(frameTicks > 0, "MarbleDiagram.render: frameTicks must be > 0, got \(frameTicks)")
    return MarbleLayout.render(
      subscriptions.map(MarbleLayout.row), anchor: subscriptions.first?.subscribe, frameTicks: frameTicks)
  }
}
