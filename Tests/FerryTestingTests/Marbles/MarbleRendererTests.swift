import Ferry
import FerryTesting
import Testing

@Suite("Marble renderer")
struct MarbleRendererTests {
  let values = ["a": 1, "b": 2, "c": 3, "foo": 42]

  @Test func rendersFramesGroupsAndNames() {
    let events: [Recorded<Event<Int>>] = [.next(20, 1), .next(50, 2), .next(50, 42), .next(60, 7), .completed(80)]
    #expect(MarbleDiagram.render(events, values: values) == "--a--(b[foo])7-|")
  }

  @Test func rendersErrorsAndEmpty() {
    #expect(MarbleDiagram.render([Recorded<Event<Int>>](), values: values) == "")
    #expect(MarbleDiagram.render([.next(0, 1), .error(10, MarbleError.default)], values: values) == "a#")
  }

  @Test func rendersTheSubscriptionPoint() {
    let events: [Recorded<Event<Int>>] = [.next(180, 1), .next(200, 2), .completed(220)]
    #expect(MarbleDiagram.render(events, values: values, subscriptionTime: 200) == "a-(^b)-|")
  }

  @Test func longGapsAreCounted() {
    let events: [Recorded<Event<Int>>] = [.next(210, 1), .completed(1000)]
    #expect(MarbleDiagram.render(events, values: values) == "<21>a<78>|")
  }

  @Test func hugeGapsRoundTrip() throws {
    let end = 4_611_686_018_427_387_900
    let events: [Recorded<Event<Int>>] = [.next(10, 1), .next(100_000_000_010, 2), .completed(end)]
    let rendered = MarbleDiagram.render(events, values: values)
    #expect(rendered == "-a<9999999999>b<\((end - 100_000_000_010) / 10 - 1)>|")
    let offGrid: [Recorded<Event<Int>>] = [.next(10, 1), .completed(Int.max - 1)]
    #expect(MarbleDiagram.render(offGrid, values: values) == "<@10>a<@\(Int.max - 1)>|")
    #expect(try MarbleDiagram.parse("<@10>a<@\(Int.max - 1)>|", values: values).events == offGrid)
    #expect(try MarbleDiagram.parse(rendered, values: values).events == events)
  }

  @Test func offGridTimesArePinned() {
    let events: [Recorded<Event<Int>>] = [.next(205, 1), .next(225, 2), .next(230, 3)]
    #expect(MarbleDiagram.render(events, values: values) == "<@205>a-b<@230>c")
  }

  @Test func nonEquatableElementsUseDescriptions() {
    struct Point: CustomStringConvertible { var description: String { "p" } }
    #expect(MarbleDiagram.render([.next(10, Point()), .completed(20)]) == "-p|")
  }

  @Test func subscriptionsRenderAligned() {
    #expect(MarbleDiagram.render(subscriptions: [Subscription(200, 230), Subscription(220)]) == ["^--!", "--^"])
  }

  @Test(arguments: [
    "--a--b--|", "-(ab)-c-#", "a<30>b|", "<@205>a-b<@230>c", "(a|)", "[foo]-[77]-a", "", "----", "<@3>a",
  ])
  func roundTrip(diagram: String) throws {
    let parsed = try MarbleDiagram.parse(diagram, values: values).events
    let rendered = MarbleDiagram.render(parsed, values: values)
    #expect(try MarbleDiagram.parse(rendered, values: values).events == parsed)
  }

  @Test(arguments: ["-a-^-b-|", "^", "(^a)b|", "a-b-c^"])
  func roundTripWithSubscriptionPoint(diagram: String) throws {
    let parsed = try MarbleDiagram.parse(diagram, values: values)
    let rendered = MarbleDiagram.render(parsed.events, values: values, subscriptionTime: parsed.subscriptionTime)
    let again = try MarbleDiagram.parse(rendered, values: values)
    #expect(again.events == parsed.events)
    #expect(again.subscriptionTime == parsed.subscriptionTime)
  }

  @Test func roundTripOfRandomTimelines() throws {
    var random = SplitMix64(seed: 42)
    for _ in 0..<2_000 {
      var time: TestTime = 0
      var events: [Recorded<Event<Int>>] = []
      for _ in 0..<Int(random.next() % 8) {
        time += Int(random.next() % 4 == 0 ? random.next() % 37 : (random.next() % 5) * 10)
        events.append(.next(time, Int(random.next() % 5)))
      }
      if random.next() % 2 == 0 { events.append(.completed(time + Int(random.next() % 3) * 10)) }
      let rendered = MarbleDiagram.render(events, values: values)
      let parsed = try MarbleDiagram.parse(rendered, values: values).events
      #expect(parsed == events, "\(rendered)")
    }
  }

  @Test func subscriptionsRoundTrip() throws {
    let subscriptions = [Subscription(200, 1000), Subscription(300, 350), Subscription(410)]
    let rendered = MarbleDiagram.render(subscriptions: subscriptions)
    #expect(try MarbleDiagram.parseSubscriptions(rendered) == subscriptions)
  }
}

@Suite("Marble renderer, aligned")
struct MarbleAlignedRendererTests {
  @Test func timelinesShareColumns() throws {
    let source: [Recorded<Event<Int>>] = [.next(210, 1), .next(210, 2), .next(230, 3), .completed(250)]
    let mapped: [Recorded<Event<Int>>] = [.next(210, 10), .next(210, 20), .next(230, 30), .completed(250)]
    let lines = MarbleDiagram.renderAligned([source, mapped], values: ["a": 1, "b": 2, "c": 3], subscriptionTime: 200)
    #expect(lines == ["^(ab)      -c   -|", "^([10][20])-[30]-|"])
    #expect(try MarbleDiagram.parse(lines[0], values: ["a": 1, "b": 2, "c": 3]).events == source)
    #expect(try MarbleDiagram.parse(lines[1], values: [String: Int]()).events == mapped)
  }
}
