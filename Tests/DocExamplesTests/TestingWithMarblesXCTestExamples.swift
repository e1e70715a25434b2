import Ferry
import FerryTesting
import XCTest

/// The XCTest section of Docs/TestingWithMarbles.md, compiled and run.
final class TestingWithMarblesXCTestExamples: XCTestCase {
  func testTheSameChecksOnXCTest() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("-a-^-b--c-|", values: ["a": 1, "b": 2, "c": 3])
    let observer = scheduler.start { xs.map { $0 * 2 } }
    // snippet: xctest
    XCTAssertMarbles(observer.events, "^-b--c-|", values: ["b": 4, "c": 6])
    XCTAssertSubscriptions(xs.subscriptions, "^------!")
    // end snippet: xctest
  }
}
