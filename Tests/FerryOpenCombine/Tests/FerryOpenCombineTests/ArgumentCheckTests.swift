import Ferry
import FerryOpenCombine
import FerryTesting
import Foundation
import OpenCombine
import Testing

/// A bad argument to a bridge stops the program with a message that names the call and the value, in every build:
/// the bridges check through Ferry's `requireArgument` (`fatalError`), whose message `-O` keeps, where
/// `precondition`'s would be dropped.
@Suite("FerryCombine: bad arguments stop with a message naming the call")
struct ArgumentCheckTests {
  @Test func aBoundedPublisherPolicyKeepingNothingIsRejectedWhereThePublisherIsMade() async {
    // Before any subscriber: the mistake is reported at the line that made it.
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = PublishRelay<Int>().publisher(bufferingPolicy: .bufferingNewest(0))
    }
    expectStandardError(
      of: result, contains: "publisher(bufferingPolicy:): bufferingNewest(_:) needs a count >= 1, got 0")
  }

  @Test func aNegativeBufferingOldestCountIsRejected() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Observable.just(1).publisher(bufferingPolicy: .bufferingOldest(-3))
    }
    expectStandardError(
      of: result, contains: "publisher(bufferingPolicy:): bufferingOldest(_:) needs a count >= 1, got -3")
  }

  @Test func aRequestForNoElementsIsRejected() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let subscriber = DemandSubscriber<Int, Never>()
      PublishRelay<Int>().publisher.subscribe(subscriber)
      subscriber.request(.none)
    }
    expectStandardError(of: result, contains: "Subscription.request(_:): demand must be greater than zero, got none")
  }

  @Test func aRepeatingScheduleWithoutAPositiveIntervalIsRejected() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let combine = TestScheduler(initialClock: 0).asCombineScheduler()
      _ = combine.schedule(after: combine.now, interval: .nanoseconds(0)) {}
    }
    expectStandardError(
      of: result, contains: "CombineScheduler.schedule(after:interval:): the interval must be positive, got 0 ns")
  }

  @Test func aStrideOfNaNSecondsIsRejected() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = CombineScheduler<TestScheduler>.SchedulerTimeType.Stride.seconds(Double.nan)
    }
    expectStandardError(
      of: result, contains: "CombineScheduler.SchedulerTimeType.Stride.seconds(_:): NaN is not an interval")
  }

  @Test func aPolicyKeepingOneElementIsAccepted() {
    let subscriber = DemandSubscriber<Int, Never>(initialDemand: .max(1))
    let relay = PublishRelay<Int>()
    relay.publisher(bufferingPolicy: .bufferingNewest(1)).subscribe(subscriber)
    relay.accept(1)
    relay.accept(2)
    relay.accept(3)
    #expect(subscriber.received == [1])
    subscriber.request(.max(1))
    #expect(subscriber.received == [1, 3], "the one buffered element is the newest")
  }
}

/// Expects the standard error of an exit test's child process to contain `message`.
private func expectStandardError(
  of result: ExitTest.Result?, contains message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
  #expect(stderr.contains(message), "stderr: \(stderr)", sourceLocation: sourceLocation)
}
