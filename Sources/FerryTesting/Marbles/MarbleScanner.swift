import FerryMarbles

// The lexical half of the marble grammar (Docs/MarbleGrammar.md): turns a diagram into steps — frames, silent
// runs and absolute time markers — with the column of everything, so the semantic passes (events,
// subscriptions) can report errors precisely. Linear in the length of the diagram; never traps.

/// One marble inside a frame.
enum MarbleItem: Equatable {
  /// A value name: one character, or the text between `[` and `]`.
  case value(String)
  /// `|`
  case completed
  /// `#`
  case error
  /// `^`
  case subscribe
  /// `!`
  case unsubscribe
}

/// A marble and its 1-based column (for `[name]`, the column of `[`).
struct MarbleItemAt: Equatable {
  let item: MarbleItem
  let column: Int
}

/// A step of a diagram.
enum MarbleStepKind: Equatable {
  /// One frame; no items for `-`, one for a single marble, several for a group.
  case frame([MarbleItemAt])
  /// `<n>`: `n` silent frames.
  case silence(Int)
  /// `<@t>`: the next frame is at absolute time `t`.
  case absolute(Int)
}

/// A step and the column where it starts.
struct MarbleStep: Equatable {
  let kind: MarbleStepKind
  let column: Int
}

/// Splits a diagram into steps.
struct MarbleScanner {
  /// Characters with a meaning in the grammar; everything else (except whitespace) is a one-character value.
  static let reserved = MarbleLayout.reservedCharacters
  /// The longest number accepted in `<n>` and `<@t>`.
  static let maxDigits = 19

  private let text: String
  private let characters: [Character]
  private var index = 0

  init(_ text: String) {
    self.text = text
    self.characters = Array(text)
  }

  /// Whether `character` is skipped (for alignment).
  static func isSpace(_ character: Character) -> Bool { MarbleLayout.isSpace(character) }

  /// Whether `character` can be a one-character value name.
  static func isValueCharacter(_ character: Character) -> Bool { MarbleLayout.isValueCharacter(character) }

  private var column: Int { index + 1 }

  private var current: Character? { index < characters.count ? characters[index] : nil }

  private func failure(_ expected: String) -> MarbleParseError {
    MarbleParseError(column: column, character: current, expected: expected, diagram: text)
  }

  /// Scans the whole diagram.
  mutating func scan() throws(MarbleParseError) -> [MarbleStep] {
    var steps: [MarbleStep] = []
    while let character = current {
      let start = column
      if Self.isSpace(character) {
        index += 1
      } else if character == "-" {
        index += 1
        steps.append(MarbleStep(kind: .frame([]), column: start))
      } else if character == "(" {
        steps.append(MarbleStep(kind: .frame(try scanGroup()), column: start))
      } else if character == "<" {
        steps.append(MarbleStep(kind: try scanTime(), column: start))
      } else {
        let item = try scanItem(context: "a marble: '-', a value name, '[name]', '|', '#', '^', '!', '(' or '<n>'")
        steps.append(MarbleStep(kind: .frame([item]), column: start))
      }
    }
    return steps
  }

  /// Scans one marble at the current position.
  private mutating func scanItem(context: String) throws(MarbleParseError) -> MarbleItemAt {
    guard let character = current else { throw failure("expected \(context)") }
    let start = column
    switch character {
    case "|": index += 1; return MarbleItemAt(item: .completed, column: start)
    case "#": index += 1; return MarbleItemAt(item: .error, column: start)
    case "^": index += 1; return MarbleItemAt(item: .subscribe, column: start)
    case "!": index += 1; return MarbleItemAt(item: .unsubscribe, column: start)
    case "[": return MarbleItemAt(item: .value(try scanName()), column: start)
    case "]": throw failure("expected \(context); ']' closes a '[name]' that was not opened")
    case ">": throw failure("expected \(context); '>' closes a '<n>' that was not opened")
    case ")": throw failure("expected \(context); ')' closes a group that was not opened")
    default:
      if character.isNewline { throw failure("expected \(context); a diagram is a single line") }
      index += 1
      return MarbleItemAt(item: .value(String(character)), column: start)
    }
  }

  /// `[name]`: everything up to the next `]` on the line.
  private mutating func scanName() throws(MarbleParseError) -> String {
    let open = column
    index += 1
    var name = ""
    while let character = current, character != "]" {
      if character.isNewline {
        throw failure("expected ']' to close the name opened at column \(open); a diagram is a single line")
      }
      name.append(character)
      index += 1
    }
    guard current != nil else { throw failure("expected ']' to close the name opened at column \(open)") }
    if name.isEmpty { throw failure("expected a value name between '[' at column \(open) and ']'") }
    index += 1
    return name
  }

  /// `(` marble+ `)`: one frame, however wide.
  private mutating func scanGroup() throws(MarbleParseError) -> [MarbleItemAt] {
    let open = column
    index += 1
    var items: [MarbleItemAt] = []
    let expectation =
      "expected a value name, '[name]', '|', '#', '^', '!' or ')' to close the group opened at column \(open)"
    while true {
      guard let character = current else { throw failure(expectation) }
      if Self.isSpace(character) {
        index += 1
      } else if character == ")" {
        if items.isEmpty {
          throw failure("expected a value name, '[name]', '|', '#', '^' or '!' in the group opened at column \(open)")
        }
        index += 1
        return items
      } else if character == "-" {
        throw failure("\(expectation); a group is one frame, so it cannot contain '-'")
      } else if character == "(" {
        throw failure("\(expectation); groups do not nest")
      } else if character == "<" {
        throw failure("\(expectation); a group is one frame, so it cannot contain '<n>' or '<@t>'")
      } else {
        items.append(try scanItem(context: expectation))
      }
    }
  }

  /// `<n>` (n silent frames) or `<@t>` (the next frame is at time t).
  private mutating func scanTime() throws(MarbleParseError) -> MarbleStepKind {
    let open = column
    index += 1
    let isAbsolute = current == "@"
    if isAbsolute { index += 1 }
    let what = isAbsolute ? "a time in ticks" : "a number of frames"
    var digits = ""
    while let character = current, character.isASCII, character.isNumber {
      guard digits.count < Self.maxDigits else {
        throw failure("expected '>' to close the '<' at column \(open); numbers have at most \(Self.maxDigits) digits")
      }
      digits.append(character)
      index += 1
    }
    if digits.isEmpty {
      throw failure("expected \(what) (digits) after '\(isAbsolute ? "<@" : "<")' at column \(open)")
    }
    guard current == ">" else { throw failure("expected '>' to close the '<' at column \(open)") }
    index += 1
    guard let number = Int(digits) else {
      index = open - 1
      throw failure("expected a number that fits in an Int (at most \(Int.max))")
    }
    return isAbsolute ? .absolute(number) : .silence(number)
  }
}
