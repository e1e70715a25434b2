import AsyncAlgorithms
import Benchmark
import Ferry

/// Async to streams: `asObservable()` over the same sequences as the bare `for await` floors.
func registerAsObservable() {
  Benchmark("Bridge.asObservable.AsyncStream", configuration: Suite.configuration(mallocSlack: 20)) { benchmark in
    let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
    for element in benchmark.scaledIterations { continuation.yield(element) }
    continuation.finish()
    benchmark.startMeasurement()
    let sum = await drain(stream.asObservable())
    benchmark.stopMeasurement()
    expect(sum, triangle(benchmark.scaledIterations.count), benchmark)
  }

  Benchmark("Bridge.asObservable.syncSequence", configuration: Suite.configuration(mallocSlack: 20)) { benchmark in
    let sequence = benchmark.scaledIterations.async
    benchmark.startMeasurement()
    let sum = await drain(sequence.asObservable())
    benchmark.stopMeasurement()
    expect(sum, triangle(benchmark.scaledIterations.count), benchmark)
  }
}

/// Subscribes and waits for the stop event; returns the sum of the elements.
func drain(_ source: Observable<Int>) async -> Int {
  let counter = Counter()
  await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
    _ = source.subscribe(
      onNext: { counter.value &+= $0 },
      onError: { _ in finished.resume() },
      onCompleted: { finished.resume() }
    )
  }
  return counter.value
}
