import Benchmark
import Ferry

/// `Driver` delivery on the main actor: `accept` runs on the main actor, where `MainScheduler` delivers
/// synchronously. The clock runs on the main actor, around the accepts only: the hop to the main actor (one per
/// iteration of 1000 elements) is not delivery, and it cost about 50 ns per element here, as much as the delivery.
func registerDriver() {
  Benchmark("Core.Driver.drive") { benchmark in
    let counter = Counter()
    let relay = BehaviorRelay<Int>(value: 0)
    let count = benchmark.scaledIterations.count
    let subscription = await MainActor.run {
      relay.asDriver().drive(onNext: { counter.value &+= $0 })
    }
    // `Benchmark` is not `Sendable`; the clock is only touched on the main actor, while this task waits.
    let clock = UncheckedSendableBenchmark(benchmark)
    await MainActor.run {
      clock.benchmark.startMeasurement()
      for element in 0..<count { relay.accept(element) }
      clock.benchmark.stopMeasurement()
    }
    subscription.dispose()
    expect(counter.value, triangle(count), benchmark)
  }
}
