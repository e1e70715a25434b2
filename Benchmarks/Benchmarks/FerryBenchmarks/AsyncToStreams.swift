import AsyncAlgorithms
import Benchmark

/// The floors of the async → stream bridges: a bare `for await` over the same sequences that
/// `asObservable()` is measured on (see Bridges.swift).
func registerAsyncToStreams() {
  Benchmark("Floor.forAwait.AsyncStream") { benchmark in
    let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
    for element in benchmark.scaledIterations { continuation.yield(element) }
    continuation.finish()
    benchmark.startMeasurement()
    var sum = 0
    for await element in stream { sum &+= element }
    benchmark.stopMeasurement()
    blackHole(sum)
  }

  Benchmark("Floor.forAwait.syncSequence") { benchmark in
    let sequence = benchmark.scaledIterations.async
    benchmark.startMeasurement()
    var sum = 0
    for await element in sequence { sum &+= element }
    benchmark.stopMeasurement()
    blackHole(sum)
  }
}
