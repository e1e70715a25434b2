// Rendering: timelines to marble rows. Several rows rendered together share their columns (a time is the same
// column in every row, padded with spaces, which the marble parser ignores), so a report can print timelines one
// above the other, aligned. FerryTesting's assertions and `ferry-demo` both render through this.

/// A timeline to render: the marble tokens at each virtual time, in order, e.g. `[(200, "^"), (210, "a"),
/// (210, "|")]`.
public struct MarbleRow: Sendable {
  /// The tokens and their virtual times, in order.
  public var tokens: [(time: TestTime, token: String)]

  /// A row of `tokens`.
  public init(tokens: [(time: TestTime, token: String)] = []) {
    self.tokens = tokens
  }
}

/// Lays out marble rows on shared columns (see `Docs/MarbleGrammar.md` for the notation).
public enum MarbleLayout {
  /// Silent runs longer than this are written `<n>`.
  public static let maxDashes = 12

  /// Characters with a meaning in the marble grammar; everything else (except whitespace) can be a one-character
  /// value name.
  public static let reservedCharacters: Set<Character> = ["-", "|", "#", "^", "!", "(", ")", "[", "]", "<", ">"]

  /// Whether `character` is skipped by the parser (it aligns rows).
  public static func isSpace(_ character: Character) -> Bool { character == " " || character == "\t" }

  /// Whether `character` can be a one-character value name.
  public static func isValueCharacter(_ character: Character) -> Bool {
    !reservedCharacters.contains(character) && !isSpace(character) && !character.isNewline
  }

  /// Renders `rows` aligned: one frame per `frameTicks` ticks, `-` for a silent frame, `(ab)` for several tokens
  /// at one time, `<n>` for a long silence and `<@t>` for a time off the frame grid. `anchor` is the time of the
  /// `^` the rows contain (the origin of the frame grid), if any. Trailing silence is trimmed from each row.
  public static func render(_ rows: [MarbleRow], anchor: TestTime?, frameTicks: TestTime) -> [String] {
    precondition(frameTicks > 0, "MarbleLayout.render: frameTicks must be > 0, got \(frameTicks)")
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
  public static func token(forName name: String) -> String {
    if name.count == 1, let character = name.first, isValueCharacter(character) { return name }
    let cleaned = String(name.map { $0 == "]" || $0.isNewline ? "?" : $0 })
    return "[\(cleaned.isEmpty ? "?" : cleaned)]"
  }
}

/// Virtual time, in ticks.
public typealias TestTime = Int
