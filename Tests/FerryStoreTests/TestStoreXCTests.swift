#if canImport(XCTest)
import FerryStore
import FerryTesting
import XCTest

/// TestStore from XCTest: the same API; failures go to `XCTFail` (outside a Swift Testing `@Test`).
final class TestStoreXCTests: XCTestCase {
  @MainActor
  func testAStoreFlowInXCTest() async throws {
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else {
      throw XCTSkip("TestStore needs task executors (macOS 15 / iOS 18)")
    }
    let store = TestStore.work()
    await store.send(.load("a", ticks: 3, policy: .flatMapLatest))
    await store.receiveEffect(.started("a"))
    await store.receive(.loaded("a")) { $0.loaded = ["a"] }
    XCTAssertEqual(store.scheduler.clock, 3)
    await store.receiveEffect(.finished("a"))
    await store.finish()
  }
}
#endif
