import Benchmark
import Ferry

/// Streams to async: `values` / `values(bufferingPolicy:)`.
func registerValues() {
  // Buffered drain: the source emits all its elements on subscription (the first `next()`), so every later
  // `next()` hands out a buffered element without suspending. Compare with `Peer.AsyncStream.bufferedDrain`.
  Benchmark("Bridge.values.buffered", configuration: Suite.configuration(mallocSlack: 20)) {
    benchmark in
    let source = Observable.from(Array(benchmark.scaledIterations))
    benchmark.startMeasurement()
    var sum = 0
    do {
      for try await element in source.values { sum &+= element }
    } catch {
      benchmark.error("values failed: \(error)")
    }
    benchmark.stopMeasurement()
    expect(sum, triangle(benchmark.scaledIterations.count), benchmark)
  }

  let policies: [(String, ValuesBufferingPolicy)] = [
    ("unbounded", .unbounded),
    ("newest", .bufferingNewest(Suite.elements)),
    ("oldest", .bufferingOldest(Suite.elements)),
  ]
  for (label, policy) in policies {
    // `relay.values` with `accept` on another thread (a detached task) while the consumer awaits. Compare with
    // `Peer.AsyncStream.producerThread`. A bounded policy may drop elements when the consumer lags: the loop
    // ends on a sentinel, which the producer repeats until the consumer has seen it.
    Benchmark(
      "Bridge.values.relay.producerThread.\(label)",
      configuration: Suite.configuration(mallocSlack: 200)
    ) { benchmark in
      let relay = PublishRelay<Int>()
      let count = benchmark.scaledIterations.count
      let subscribed = Flag()
      let go = Flag()
      let done = Flag()
      let producer = Task.detached {
        // Handshake (not measured): ping until the consumer's subscription is in place, then mark the end of
        // the pings so the consumer starts the measurement on an empty buffer.
        while !subscribed.isSet {
          relay.accept(-1)
          await Task.yield()
        }
        relay.accept(-3)
        await go.wait()
        for element in 0..<count { relay.accept(element) }
        while !done.isSet {
          relay.accept(-2)
          await Task.yield()
        }
      }
      var iterator = relay.values(bufferingPolicy: policy).makeAsyncIterator()
      while let element = await iterator.next(), element != -1 {}
      subscribed.set()
      while let element = await iterator.next(), element != -3 {}
      benchmark.startMeasurement()
      go.set()
      var sum = 0
      while let element = await iterator.next(), element != -2 { sum &+= element }
      benchmark.stopMeasurement()
      done.set()
      await producer.value
      blackHole(sum)
    }
  }
}
