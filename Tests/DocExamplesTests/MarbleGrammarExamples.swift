import Ferry
import FerryTesting
import Testing

// The code blocks of Docs/MarbleGrammar.md and of the FerryTesting and FerryMarbles DocC overviews, compiled and
// run. scripts/snippets-check.py checks that each block equals its region here.

struct User: Equatable, Sendable {
  let id: Int
}

@Suite("Docs/MarbleGrammar.md, FerryTesting.md, FerryMarbles.md")
struct MarbleGrammarExamples {
  @Test func valuesOfAnyType() throws {
    // snippet: values
    let timeline = try MarbleDiagram.parse("-a-b-|", values: ["a": User(id: 1), "b": User(id: 2)])
    // end snippet: values
    #expect(timeline.events == [.next(10, User(id: 1)), .next(30, User(id: 2)), .completed(50)])
  }

  @Test func aSourceSubscribedAfterTheObserver() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let outer = try scheduler.createHotObservable("^x--|", of: String.self)
    let inner = try scheduler.createColdObservable("-a-b|", of: String.self)
    let observer = scheduler.start { outer.flatMap { _ in inner } }
    // snippet: absolute-subscription
    expectMarbles(
      observer.events,
      "      ^-a-b|")
    expectSubscriptions(
      inner.subscriptions,
      "<@200>-^---!")  // Subscription(210, 250)
    // end snippet: absolute-subscription
    expectSubscriptions(inner.subscriptions, "^---!", subscribed: 210)
  }

  @Test func observerDiagrams() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-a-b-|", values: ["a": 1, "b": 2])
    let observer = scheduler.start { xs }
    // snippet: observer
    expectMarbles(observer.events, "^-a-b-|", values: ["a": 1, "b": 2])  // 220, 240, 260
    expectMarbles(observer.events, "<22>a-b-|", values: ["a": 1, "b": 2])  // the same timeline
    // end snippet: observer
  }

  @Test func ferryTestingOverview() throws {
    // snippet: ferry-testing-overview
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("-a-^-b--c-|", values: ["a": 1, "b": 2, "c": 3])
    let observer = scheduler.start { xs.map { $0 * 2 } }
    expectMarbles(observer.events, "^-b--c-|", values: ["b": 4, "c": 6])
    expectSubscriptions(xs.subscriptions, "^------!")
    // end snippet: ferry-testing-overview
  }

  @Test func ferryMarblesOverview() {
    // snippet: ferry-marbles-overview
    let rows = [
      MarbleRow(tokens: [(0, "a"), (10, "b")]),
      MarbleRow(tokens: [(30, "p"), (80, "h"), (80, "d")]),
    ]
    let lines = MarbleLayout.render(rows, anchor: 0, frameTicks: 10)  // ["ab", "---p----(hd)"]
    // end snippet: ferry-marbles-overview
    #expect(lines == ["ab", "---p----(hd)"])
  }
}
