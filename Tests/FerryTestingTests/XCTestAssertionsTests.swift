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
  func testTraitEventArrays() {
    XCTAssertEqual(
      [SingleEvent.success(1), .failure(RxError.noElements)], [.success(1), .failure(RxError.noElements)])
    XCTAssertEqual([MaybeEvent<Int>.success(1), .completed], [.success(1), .completed])
    XCTAssertEqual([CompletableEvent.completed], [.completed])
    XCTAssertEqual([Recorded(time: 210, value: SingleEvent.success("a"))], [Recorded(time: 210, value: .success("a"))])
    XCTAssertEqual([Recorded(time: 210, value: MaybeEvent<String>.completed)], [Recorded(time: 210, value: .completed)])
    XCTAssertEqual([Recorded(time: 210, value: CompletableEvent.completed)], [Recorded(time: 210, value: .completed)])
  }

  func testStartRecordsTraits() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Single.just(7) }
    XCTAssertEqual(res.events, [.next(200, 7), .completed(200)])
  }
}
#endif
