/// A marble diagram that does not follow the grammar (see `Docs/MarbleGrammar.md`).
///
/// The description names the 1-based column, the offending character (or the end of the diagram) and what the
/// parser expected there, followed by the diagram and a caret under the column:
///
/// ```
/// column 7: unexpected ')' — expected a value name or ')' to close the group opened at column 4
///   --a(b)))
///         ^
/// ```
public struct MarbleParseError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The 1-based column (in characters) of the problem; one past the last column for the end of the diagram.
  public let column: Int
  /// The character at `column`, or `nil` at the end of the diagram.
  public let character: Character?
  /// What the parser expected, or why the character is wrong there.
  public let expected: String
  /// The diagram that failed to parse.
  public let diagram: String

  /// Creates a parse error.
  public init(column: Int, character: Character?, expected: String, diagram: String) {
    self.column = column
    self.character = character
    self.expected = expected
    self.diagram = diagram
  }

  /// The one-line message, without the diagram.
  public var message: String {
    let found = character.map { "unexpected '\($0)'" } ?? "unexpected end of diagram"
    return "column \(column): \(found) — \(expected)"
  }

  /// The message, the diagram and a caret under the column.
  public var description: String {
    let printable = String(diagram.map { $0.isNewline ? " " : $0 })
    let caret = String(repeating: " ", count: max(0, column - 1)) + "^"
    return "\(message)\n  \(printable)\n  \(caret)"
  }
}
