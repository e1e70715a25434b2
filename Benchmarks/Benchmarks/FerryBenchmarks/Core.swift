import Benchmark
import Ferry

/// The synchronous core: relays, operator chains.
func registerCore() {
  for subscribers in [1, 10] {
    Benchmark("Core.PublishRelay.accept.\(subscribers)sub") { benchmark in
      let counter = Counter()
      let relay = PublishRelay<Int>()
      let bag = DisposeBag()
      for _ in 0..<subscribers {
        relay.subscribe(onNext: { counter.value &+= $0 }).disposed(by: bag)
      }
      benchmark.startMeasurement()
      for element in benchmark.scaledIterations { relay.accept(element) }
      benchmark.stopMeasurement()
      // A relay that queued instead of delivering would look fast: check every element arrived.
      expect(counter.value, subscribers * triangle(benchmark.scaledIterations.count), benchmark)
    }
  }

  Benchmark("Core.BehaviorRelay.accept.map.filter.distinct") { benchmark in
    let counter = Counter()
    let relay = BehaviorRelay<Int>(value: 0)
    let subscription =
      relay
      .map { $0 &* 2 }
      .filter { $0 % 3 != 0 }
      .distinctUntilChanged()
      .subscribe(onNext: { counter.value &+= $0 })
    benchmark.startMeasurement()
    for element in benchmark.scaledIterations { relay.accept(element) }
    benchmark.stopMeasurement()
    subscription.dispose()
    blackHole(counter.value)
  }
}
