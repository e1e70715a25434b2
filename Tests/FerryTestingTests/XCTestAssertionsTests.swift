#if canImport(XCTest)
import Ferry
import FerryTesting
import XCTest

/// The XCTest helpers in the RxTest style (their failure output is checked through `recordedDifference`).
final class XCTestAssertionsTests: XCTestCase {
  func testRecordedStreams() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let res = scheduler.start { xs.asObservable() }
    XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
    XCTAssertEqual(res.events.map(\.value), [.next(1), .next(2), .completed])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
  }

  func testRecordedElements() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b")])
    let res = scheduler.start { xs.asObservable() }
    XCTAssertRecordedElements(res.events, ["a", "b"])
  }
}
#endif
