#if canImport(XCTest)
import Ferry
import FerryTesting
import XCTest

// The XCTest assertions share `MarbleDiagram.mismatch` with the Swift Testing ones (whose failure messages are
// tested in MarbleAssertionTests); here they are exercised on matching timelines.
final class MarbleXCTestTests: XCTestCase {
  func testMatchingMarblesAndSubscriptionsPass() {
    let events: [Recorded<Event<Int>>] = [.next(210, 1), .next(230, 2), .completed(240)]
    XCTAssertMarbles(events, "^a-b|", values: ["a": 1, "b": 2])
    XCTAssertMarbles(events, "^1-2|")
    XCTAssertSubscriptions([Subscription(200, 1000)], "^<79>!")
  }
}
#endif
