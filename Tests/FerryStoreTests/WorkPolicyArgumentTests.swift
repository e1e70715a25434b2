import Ferry
import FerryStore
import FerryTesting
import Foundation
import Testing

/// A negative debounce due time or throttle period stops at a precondition that names the policy and the value,
/// as the Rx operators do; zero is accepted (as in Rx) and means "no wait".
@MainActor
@Suite("Store: bad times in work policies")
struct WorkPolicyArgumentTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func debounceWithANegativeDueTimeNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await TestStore.work().send(.load("a", ticks: 1, policy: .debounce(.seconds(-1))))
    }
    expectStandardError(of: result, contains: "WorkPolicy.debounce(_:): dueTime must be >= 0, got -1.0 seconds")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func throttleWithANegativePeriodNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await TestStore.work().send(.load("a", ticks: 1, policy: .throttle(.milliseconds(-5), latest: false)))
    }
    expectStandardError(
      of: result, contains: "WorkPolicy.throttle(_:latest:): period must be >= 0, got -0.005 seconds")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func debounceOfZeroRunsTheWorkAtOnce() async {
    let store = TestStore.work()
    await store.send(.load("a", ticks: 1, policy: .debounce(.zero)))
    await store.receiveEffect(.started("a"))
    #expect(store.scheduler.clock == 0)
    await store.receive(.loaded("a")) { $0.loaded = ["a"] }
    await store.receiveEffect(.finished("a"))
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func throttleOfZeroNeverDrops() async {
    let store = TestStore.work()
    await store.send(.load("a", ticks: 1, policy: .throttle(.zero, latest: false)))
    await store.receiveEffect(.started("a"))
    await store.send(.load("b", ticks: 1, policy: .throttle(.zero, latest: false)))
    await store.receiveEffect(.started("b"))
    await store.receive(.loaded("a")) { $0.loaded = ["a"] }
    await store.receiveEffect(.finished("a"))
    await store.receive(.loaded("b")) { $0.loaded = ["a", "b"] }
    await store.receiveEffect(.finished("b"))
    await store.finish()
  }
}

private func expectStandardError(
  of result: ExitTest.Result?, contains message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
  #expect(stderr.contains(message), "stderr: \(stderr)", sourceLocation: sourceLocation)
}
