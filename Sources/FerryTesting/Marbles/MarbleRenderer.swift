import Ferry

// Rendering: recorded events back to diagrams. Several timelines rendered together share their columns (a
// time is the same column in every row, padded with spaces, which the parser ignores), so an assertion
// can print expected and actual one above the other, aligned.

/// A timeline to render: the marble tokens at each time (in order), e.g. `[(200, ["^"]), (210, ["a", "|"])]`.
struct MarbleRow {
  var tokens: [(time: TestTime, token: String)] = []
}

/// Lays out rows on shared columns.
enum MarbleLayout {
  /// Silent runs longer than this are written `<n>`.
  static let maxDashes = 12

  /// Renders `rows` aligned. `anchor` is the time of the `^` the rows contain (frame grid origin), if any.
  static func render(_ rows: [MarbleRow], anchor: TestTime?, frameTicks: TestTime) -> [String] {
    let times = Array(Set(rows.flatMap { $0.tokens.map(\.time) })).sorted()
    guard let first = times.first else { return rows.map { _ in "" } }
    let origin = anchor ?? 0
    let onGrid = times.allSatisfy { ($0 &- origin) % frameTicks == 0 }
    var lines = rows.map { _ in "" }
    func appendToAll(_ text: String) {
      for index in lines.indices { lines[index] += text }
    }
    func silence(_ frames: TestTime) {
      if frames <= 0 { return }
      appendToAll(frames <= maxDashes ? String(repeating: "-", count: frames) : "<\(frames)>")
    }
    var previous: TestTime?
    for time in times {
      if onGrid {
        let frame = (time &- origin) / frameTicks
        let previousFrame = previous.map { ($0 &- origin) / frameTicks } ?? min(0, (first &- origin) / frameTicks) - 1
        silence(frame - previousFrame - 1)
      } else if let previous {
        let delta = time &- previous
        if delta % frameTicks == 0 { silence(delta / frameTicks - 1) } else { appendToAll("<@\(time)>") }
      } else if time != 0 {
        appendToAll("<@\(time)>")
      }
      let cells = rows.map { row -> String in
        let tokens = row.tokens.filter { $0.time == time }.map(\.token)
        switch tokens.count {
        case 0: return "-"
        case 1: return tokens[0]
        default: return "(" + tokens.joined() + ")"
        }
      }
      let width = cells.map(\.count).max() ?? 1
      for index in lines.indices {
        lines[index] += cells[index] + String(repeating: " ", count: width - cells[index].count)
      }
      previous = time
    }
    // A row that ends before the others ends there: no trailing silent frames or padding.
    return lines.map { line in String(line.reversed().drop { $0 == " " || $0 == "-" }.reversed()) }
  }

  /// The token of a value name: the character itself, or `[name]`.
  static func token(forName name: String) -> String {
    if name.count == 1, let character = name.first, MarbleScanner.isValueCharacter(character) { return name }
    let cleaned = String(name.map { $0 == "]" || $0.isNewline ? "?" : $0 })
    return "[\(cleaned.isEmpty ? "?" : cleaned)]"
  }

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
