import Ferry
import FerryTesting
import Testing

/// The examples of Docs/MarbleGrammar.md, checked.
@Suite("Marble grammar document")
struct MarbleGrammarDocTests {
  let values = ["a": 1, "b": 2, "c": 3, "d": 4, "x": 24, "foo": 42]

  func events(_ diagram: String) throws -> [Recorded<Event<Int>>] {
    try MarbleDiagram.parse(diagram, values: values).events
  }

  @Test func introduction() throws {
    #expect(try events("--a--b--|") == [.next(20, 1), .next(50, 2), .completed(80)])
    #expect(
      try events("-a-^-b-(cd)-#") == [
        .next(180, 1), .next(220, 2), .next(240, 3), .next(240, 4), .error(260, MarbleError.default),
      ])
    #expect(try MarbleDiagram.parseSubscriptions(["^-----!"]) == [Subscription(200, 260)])
  }

  @Test func whereFrameZeroIs() throws {
    #expect(try events("a-b|") == [.next(0, 1), .next(20, 2), .completed(30)])
    #expect(try events("^a-b|") == [.next(210, 1), .next(230, 2), .completed(240)])
    #expect(try events("x-^-a") == [.next(180, 24), .next(220, 1)])
  }

  @Test func groups() throws {
    #expect(try events("-(ab)-c|") == [.next(10, 1), .next(10, 2), .next(30, 3), .completed(40)])
    #expect(try events("-(ab)-c|").map(\.time) == [10, 10, 30, 40])
    #expect(try events("-x-c|").map(\.time) == [10, 30, 40])
    #expect(try events("(a|)") == [.next(0, 1), .completed(0)])
    #expect(try events("(^a)") == [.next(200, 1)])
    let source = try events("-(ab)-c-|")
    let filtered = try events("-a   -c-|")
    #expect(filtered == source.filter { $0.value.element != 2 })
  }

  @Test func longGaps() throws {
    #expect(try events("a<100>b") == [.next(0, 1), .next(1010, 2)])
    #expect(try events("a<9>b") == events("a---------b"))
    #expect(try events("<@205>a-b<@1000>|") == [.next(205, 1), .next(225, 2), .completed(1000)])
  }

  @Test func subscriptionExamples() throws {
    #expect(try MarbleDiagram.parseSubscriptions(["^----"]) == [Subscription(200)])
    #expect(try MarbleDiagram.parseSubscriptions(["(^!)"]) == [Subscription(200, 200)])
    #expect(try MarbleDiagram.parseSubscriptions(["^<79>!"]) == [Subscription(200, 1000)])
    #expect(try MarbleDiagram.parseSubscriptions(["<@200>^<@1000>!"]) == [Subscription(200, 1000)])
    #expect(
      try MarbleDiagram.parseSubscriptions(["^--!", "----^---!"]) == [Subscription(200, 230), Subscription(240, 280)])
    #expect(try MarbleDiagram.parseSubscriptions(["<@200>-^---!"]) == [Subscription(210, 250)])
    #expect(try MarbleDiagram.parseSubscriptions(["^---!"], subscribed: 210) == [Subscription(210, 250)])
    let observed: [Recorded<Event<String>>] = [.next(220, "a"), .next(240, "b"), .completed(250)]
    #expect(MarbleDiagram.mismatch(observed, "      ^-a-b|") == nil)
  }

  @Test func observerDiagrams() throws {
    let recorded: [Recorded<Event<Int>>] = [.next(220, 1), .next(240, 2), .completed(260)]
    #expect(MarbleDiagram.mismatch(recorded, "^-a-b-|", values: values) == nil)
    #expect(MarbleDiagram.mismatch(recorded, "<22>a-b-|", values: values) == nil)
  }

  @Test func anyCharacterIsAValue() throws {
    let timeline = try MarbleDiagram.parse("+*é🚀[-1][a b]", values: ["+": 1, "*": 2, "é": 3, "🚀": 4, "a b": 5])
    #expect(timeline.events.map(\.time) == [0, 10, 20, 30, 40, 50])
    #expect(timeline.events.compactMap(\.value.element) == [1, 2, 3, 4, -1, 5])
  }
}
