import Ferry
import FerryTesting
import Testing

@Suite("Marble parser")
struct MarbleParserTests {
  let values = ["a": 1, "b": 2, "c": 3, "foo": 42]

  @Test func framesAreTenTicksFromTimeZero() throws {
    let timeline = try MarbleDiagram.parse("--a--b--|", values: values)
    #expect(timeline.events == [.next(20, 1), .next(50, 2), .completed(80)])
    #expect(timeline.subscriptionTime == nil)
  }

  @Test func frameTicksIsConfigurable() throws {
    let timeline = try MarbleDiagram.parse("-a|", values: values, frameTicks: 1)
    #expect(timeline.events == [.next(1, 1), .completed(2)])
  }

  @Test func emptyDiagramHasNoEvents() throws {
    #expect(try MarbleDiagram.parse("", values: values).events.isEmpty)
    #expect(try MarbleDiagram.parse("  ---  ", values: values).events.isEmpty)
  }

  @Test func spacesAreIgnored() throws {
    let spaced = try MarbleDiagram.parse("  - a  -b |", values: values)
    #expect(spaced.events == [.next(10, 1), .next(30, 2), .completed(40)])
  }

  @Test func bracketNamesAreOneFrame() throws {
    let timeline = try MarbleDiagram.parse("-[foo]-a|", values: values)
    #expect(timeline.events == [.next(10, 42), .next(30, 1), .completed(40)])
  }

  @Test func groupIsOneFrameHoweverWide() throws {
    let timeline = try MarbleDiagram.parse("-(ab[foo])-c-(a|)", values: values)
    #expect(
      timeline.events == [
        .next(10, 1), .next(10, 2), .next(10, 42), .next(30, 3), .next(50, 1), .completed(50),
      ])
  }

  @Test func errorUsesTheGivenError() throws {
    struct Boom: Error, Equatable {}
    let timeline = try MarbleDiagram.parse("-a-#", values: values, error: Boom())
    #expect(timeline.events == [.next(10, 1), .error(30, Boom())])
    let byDefault = try MarbleDiagram.parse("#", values: values)
    #expect(byDefault.events == [.error(0, MarbleError.default)])
  }

  @Test func caretLandsAtSubscribed() throws {
    let timeline = try MarbleDiagram.parse("-a-^-b-|", values: values)
    #expect(timeline.subscriptionTime == 200)
    #expect(timeline.events == [.next(180, 1), .next(220, 2), .completed(240)])
    let moved = try MarbleDiagram.parse("^b", values: values, subscribed: 1000)
    #expect(moved.events == [.next(1010, 2)])
  }

  @Test func caretInAGroupSharesItsFrame() throws {
    let timeline = try MarbleDiagram.parse("(^a)b|", values: values)
    #expect(timeline.events == [.next(200, 1), .next(210, 2), .completed(220)])
  }

  @Test func silenceSkipsFrames() throws {
    let timeline = try MarbleDiagram.parse("a<20>b|", values: values)
    #expect(timeline.events == [.next(0, 1), .next(210, 2), .completed(220)])
    #expect(try MarbleDiagram.parse("<0>a", values: values).events == [.next(0, 1)])
  }

  @Test func absoluteMarkerPinsTime() throws {
    let timeline = try MarbleDiagram.parse("<@210>a-b<@300>|", values: values)
    #expect(timeline.events == [.next(210, 1), .next(230, 2), .completed(300)])
    let offGrid = try MarbleDiagram.parse("a<@5>b", values: values)
    #expect(offGrid.events == [.next(0, 1), .next(5, 2)])
  }

  @Test func absoluteMarkerStopsCaretAnchoring() throws {
    let timeline = try MarbleDiagram.parse("<@150>a^b|", values: values)
    #expect(timeline.subscriptionTime == 160)
    #expect(timeline.events == [.next(150, 1), .next(170, 2), .completed(180)])
  }

  @Test func losslessStringConvertibleFallback() throws {
    let ints = try MarbleDiagram.parse("-1-[42]-|", values: [String: Int]())
    #expect(ints.events == [.next(10, 1), .next(30, 42), .completed(50)])
    let strings = try MarbleDiagram.parse("x[hello]", values: [String: String]())
    #expect(strings.events == [.next(0, "x"), .next(10, "hello")])
    let characters = try MarbleDiagram.parse("x", values: [String: Character]())
    #expect(characters.events == [.next(0, "x")])
    #expect(throws: MarbleParseError.self) { try MarbleDiagram.parse("[xy]", values: [String: Character]()) }
    let dictionaryWins = try MarbleDiagram.parse("1", values: ["1": 100])
    #expect(dictionaryWins.events == [.next(0, 100)])
  }

  @Test func anyElementType() throws {
    final class Box {}
    let box = Box()
    let timeline = try MarbleDiagram.parse("-x|", values: ["x": box])
    #expect(timeline.events.count == 2)
    #expect(timeline.events[0].value.element === box)
  }

  @Test func coldRejectsCaret() throws {
    #expect(try MarbleDiagram.parseCold("-a|", values: values) == [.next(10, 1), .completed(20)])
    #expect(throws: MarbleParseError.self) { try MarbleDiagram.parseCold("^a|", values: values) }
  }

  @Test func subscriptions() throws {
    #expect(try MarbleDiagram.parseSubscriptions(["^-----!"]) == [Subscription(200, 260)])
    #expect(try MarbleDiagram.parseSubscriptions(["^---"]) == [Subscription(200)])
    #expect(try MarbleDiagram.parseSubscriptions(["(^!)"]) == [Subscription(200, 200)])
    #expect(
      try MarbleDiagram.parseSubscriptions(["^--!", "--^-----!"]) == [Subscription(200, 230), Subscription(220, 280)])
    #expect(try MarbleDiagram.parseSubscriptions(["^<@1000>!"]) == [Subscription(0, 1000)])
    #expect(try MarbleDiagram.parseSubscriptions(["<@200>^<@1000>!"]) == [Subscription(200, 1000)])
    #expect(try MarbleDiagram.parseSubscriptions(["--^-!"], subscribed: 0) == [Subscription(0, 20)])
    #expect(try MarbleDiagram.parseSubscriptions([]) == [])
  }
}
