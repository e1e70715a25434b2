import Benchmark
import Ferry

/// Traits awaited from async code: one `Single` per operation, 1000 operations per iteration.
func registerTraits() {
  Benchmark("Bridge.Single.just.value", configuration: Suite.configuration(mallocSlack: 20)) {
    benchmark in
    var sum = 0
    do {
      for element in benchmark.scaledIterations { sum &+= try await Single.just(element).value }
    } catch {
      benchmark.error("Single.value failed: \(error)")
    }
    expect(sum, triangle(benchmark.scaledIterations.count), benchmark)
  }

  Benchmark("Bridge.Single.create.value", configuration: Suite.configuration(mallocSlack: 20)) {
    benchmark in
    var sum = 0
    do {
      for element in benchmark.scaledIterations {
        sum &+= try await Single<Int>.create { observer in
          observer(.success(element))
          return Disposables.create()
        }.value
      }
    } catch {
      benchmark.error("Single.value failed: \(error)")
    }
    expect(sum, triangle(benchmark.scaledIterations.count), benchmark)
  }
}
