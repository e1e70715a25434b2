import Ferry
import FerryTesting
import Testing

@Suite("Marble parse errors")
struct MarbleParseErrorTests {
  let values = ["a": 1, "b": 2, "foo": 3]

  func message(_ diagram: String) -> String? {
    do {
      _ = try MarbleDiagram.parse(diagram, values: values)
      return nil
    } catch {
      return error.message
    }
  }

  func subscriptionMessage(_ diagrams: String...) -> String? {
    do {
      _ = try MarbleDiagram.parseSubscriptions(diagrams)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func groupErrorsNameTheOpeningColumn() {
    #expect(
      message("---(-a)") == "column 5: unexpected '-' — expected a value name, '[name]', '|', '#', '^', '!' or ')' "
        + "to close the group opened at column 4; a group is one frame, so it cannot contain '-'")
    #expect(
      message("--(ab") == "column 6: unexpected end of diagram — expected a value name, '[name]', '|', '#', '^', '!' "
        + "or ')' to close the group opened at column 3")
    #expect(
      message("-()") == "column 3: unexpected ')' — expected a value name, '[name]', '|', '#', '^' or '!' in the "
        + "group opened at column 2")
    #expect(message("(a(b))")?.hasPrefix("column 3: unexpected '(' — ") == true)
    #expect(message("(a<3>)")?.hasPrefix("column 3: unexpected '<' — ") == true)
  }

  @Test func strayClosers() {
    #expect(message("--a)")?.hasPrefix("column 4: unexpected ')' — expected a marble") == true)
    #expect(message("a]")?.hasPrefix("column 2: unexpected ']' — ") == true)
    #expect(message("a>")?.hasPrefix("column 2: unexpected '>' — ") == true)
  }

  @Test func names() {
    #expect(
      message("-[foo") == "column 6: unexpected end of diagram — expected ']' to close the name opened at column 2")
    #expect(message("[]") == "column 2: unexpected ']' — expected a value name between '[' at column 1 and ']'")
    #expect(
      message("-[bar]")
        == "column 2: unexpected '[' — expected a key of `values`; 'bar' is not one (known: a, b, [foo])")
    #expect(
      message("--z") == "column 3: unexpected 'z' — expected a key of `values`; 'z' is not one (known: a, b, [foo])")
  }

  @Test func timeMarkers() {
    #expect(message("a<x>") == "column 3: unexpected 'x' — expected a number of frames (digits) after '<' at column 2")
    #expect(message("<@>") == "column 3: unexpected '>' — expected a time in ticks (digits) after '<@' at column 1")
    #expect(message("<12") == "column 4: unexpected end of diagram — expected '>' to close the '<' at column 1")
    #expect(
      message("<12345678901234567890>")?.hasPrefix(
        "column 21: unexpected '0' — expected '>' to close the '<' at column 1; numbers have at most 19 digits") == true
    )
    #expect(
      message("<@9999999999999999999>") == "column 1: unexpected '<' — expected a number that fits in an Int (at most "
        + "\(Int.max))")
    #expect(
      message("<999999999999999999>a")?.hasPrefix("column 1: unexpected '<' — expected a diagram whose times") == true)
  }

  @Test func timeNeverMovesBackwards() throws {
    // One rule: a `<@t>` names a time after the time of what precedes it, a frame or another `<@t>`.
    #expect(
      message("--a<@10>b") == "column 4: unexpected '<' — expected a time after 20, the time of the previous frame; "
        + "time never moves backwards in a diagram")
    #expect(
      message("<@10><@5>a") == "column 6: unexpected '<' — expected a time after 10, the time of the previous "
        + "'<@10>'; time never moves backwards in a diagram")
    #expect(message("<@10><@10>a")?.hasPrefix("column 6: unexpected '<' — expected a time after 10, ") == true)
    // `-` and the frames `<n>` stands for are frames too: `<5>` is five dashes.
    #expect(
      message("a-----<@15>b")?.hasPrefix("column 7: unexpected '<' — expected a time after 50, the time of") == true)
    #expect(
      message("a<5><@15>b")?.hasPrefix("column 5: unexpected '<' — expected a time after 50, the time of") == true)
    #expect(message("-<@0>a")?.hasPrefix("column 2: unexpected '<' — expected a time after 0, the time of") == true)
    // Subscription diagrams follow the same rule.
    #expect(
      subscriptionMessage("<@300>^<@250>!")?.hasPrefix("column 8: unexpected '<' — expected a time after 300, ") == true
    )
    // Forwards is fine, also between two frames of the grid and from one marker to the next.
    #expect(message("a<@5>b") == nil)
    #expect(message("--a<@21>b") == nil)
    #expect(message("<@10><@15>a") == nil)
    #expect(message("a<5><@51>b") == nil)
    #expect(subscriptionMessage("<@200><@210>^<@250>!") == nil)
  }

  @Test func grammarOfEvents() {
    #expect(
      message("-a|-b") == "column 5: unexpected 'b' — expected '-' or the end of the diagram; the sequence already "
        + "ended at column 3")
    #expect(message("(|a)")?.hasPrefix("column 3: unexpected 'a' — ") == true)
    #expect(message("a|---") == nil)
    #expect(message("^-^") == "column 3: unexpected '^' — expected one '^' per diagram; the first is at column 1")
    #expect(
      message("-a-!") == "column 4: unexpected '!' — expected an event; '!' (unsubscription) belongs in subscription "
        + "diagrams")
    #expect(message("a\nb")?.hasPrefix("column 2: unexpected '\n' — ") == true)
  }

  @Test func subscriptionDiagrams() {
    #expect(
      subscriptionMessage("---") == "column 4: unexpected end of diagram — expected '^' (the subscription) in a "
        + "subscription diagram")
    #expect(
      subscriptionMessage("-!^") == "column 2: unexpected '!' — expected '^' before '!' (subscribe before "
        + "unsubscribing)")
    #expect(subscriptionMessage("^a!")?.hasPrefix("column 2: unexpected 'a' — ") == true)
    #expect(subscriptionMessage("^-!-!")?.hasPrefix("column 5: unexpected '!' — ") == true)
    #expect(subscriptionMessage("^-^")?.hasPrefix("column 3: unexpected '^' — ") == true)
  }

  @Test func descriptionShowsACaretUnderTheColumn() throws {
    let error = try #require(throws: MarbleParseError.self) { try MarbleDiagram.parse("--a(b)))", values: values) }
    #expect(error.column == 7)
    #expect(error.character == ")")
    #expect(
      error.description == """
        column 7: unexpected ')' — expected a marble: '-', a value name, '[name]', '|', '#', '^', '!', '(' or '<n>'; \
        ')' closes a group that was not opened
          --a(b)))
                ^
        """)
  }
}
