import Benchmark
import Ferry

/// `Driver` delivery on the main actor: `accept` runs on the main actor, where `MainScheduler` delivers
/// synchronously (one hop to the main actor per iteration of 1000 elements, not per element).
func registerDriver() {
  Benchmark("Core.Driver.drive") { benchmark in
    let counter = Counter()
    let relay = BehaviorRelay<Int>(value: 0)
    let count = benchmark.scaledIterations.count
    let subscription = await MainActor.run {
      relay.asDriver().drive(onNext: { counter.value &+= $0 })
    }
    benchmark.startMeasurement()
    await MainActor.run {
      for element in 0..<count { relay.accept(element) }
    }
    benchmark.stopMeasurement()
    subscription.dispose()
    expect(counter.value, triangle(count), benchmark)
  }
}
