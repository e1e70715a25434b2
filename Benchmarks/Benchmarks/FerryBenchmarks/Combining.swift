import Benchmark
import Ferry

/// Combining operators, fed by relays.
func registerCombining() {
  // Each accept alternates between the two sources, so every element produces one combined element.
  Benchmark("Core.combineLatest") { benchmark in
    let counter = Counter()
    let left = PublishRelay<Int>()
    let right = PublishRelay<Int>()
    let subscription = Observable.combineLatest(left, right) { $0 &+ $1 }
      .subscribe(onNext: { counter.value &+= $0 })
    left.accept(0)
    right.accept(0)
    benchmark.startMeasurement()
    for element in benchmark.scaledIterations {
      if element & 1 == 0 { left.accept(element) } else { right.accept(element) }
    }
    benchmark.stopMeasurement()
    subscription.dispose()
    blackHole(counter.value)
  }

  // Each accept alternates between the two sources, so every second element completes a pair.
  Benchmark("Core.zip") { benchmark in
    let counter = Counter()
    let left = PublishRelay<Int>()
    let right = PublishRelay<Int>()
    let subscription = Observable.zip(left, right) { $0 &+ $1 }
      .subscribe(onNext: { counter.value &+= $0 })
    // Grows the FIFOs to their steady-state size before measuring.
    left.accept(0)
    right.accept(0)
    benchmark.startMeasurement()
    for element in benchmark.scaledIterations {
      if element & 1 == 0 { left.accept(element) } else { right.accept(element) }
    }
    benchmark.stopMeasurement()
    subscription.dispose()
    blackHole(counter.value)
  }

  // One inner `just` per element: the inner observable and its subscription are allocated per element by
  // construction; the figure shows what switching costs.
  Benchmark("Core.flatMapLatest") { benchmark in
    let counter = Counter()
    let relay = PublishRelay<Int>()
    let subscription = relay.flatMapLatest { Observable.just($0) }
      .subscribe(onNext: { counter.value &+= $0 })
    benchmark.startMeasurement()
    for element in benchmark.scaledIterations { relay.accept(element) }
    benchmark.stopMeasurement()
    subscription.dispose()
    blackHole(counter.value)
  }
}
