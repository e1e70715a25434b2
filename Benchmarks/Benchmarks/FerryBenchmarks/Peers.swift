import AsyncAlgorithms
import Benchmark
import OpenCombine

/// The same work done with the libraries users compare Ferry with, in the same run.
func registerPeers() {
  Benchmark("Peer.OpenCombine.PassthroughSubject.send.1sub") { benchmark in
    let counter = Counter()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.sink { counter.value &+= $0 }
    benchmark.startMeasurement()
    for element in benchmark.scaledIterations { subject.send(element) }
    benchmark.stopMeasurement()
    cancellable.cancel()
    blackHole(counter.value)
  }

  Benchmark("Peer.OpenCombine.PassthroughSubject.send.10sub") { benchmark in
    let counter = Counter()
    let subject = PassthroughSubject<Int, Never>()
    let cancellables = (0..<10).map { _ in subject.sink { counter.value &+= $0 } }
    benchmark.startMeasurement()
    for element in benchmark.scaledIterations { subject.send(element) }
    benchmark.stopMeasurement()
    cancellables.forEach { $0.cancel() }
    blackHole(counter.value)
  }

  Benchmark("Peer.OpenCombine.CurrentValueSubject.send.map.filter.removeDuplicates") { benchmark in
    let counter = Counter()
    let subject = CurrentValueSubject<Int, Never>(0)
    let cancellable =
      subject
      .map { $0 &* 2 }
      .filter { $0 % 3 != 0 }
      .removeDuplicates()
      .sink { counter.value &+= $0 }
    benchmark.startMeasurement()
    for element in benchmark.scaledIterations { subject.send(element) }
    benchmark.stopMeasurement()
    cancellable.cancel()
    blackHole(counter.value)
  }

  // Buffered drain: every element is produced before the loop starts.
  Benchmark("Peer.AsyncStream.bufferedDrain") { benchmark in
    let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
    benchmark.startMeasurement()
    for element in benchmark.scaledIterations { continuation.yield(element) }
    continuation.finish()
    var sum = 0
    for await element in stream { sum &+= element }
    benchmark.stopMeasurement()
    blackHole(sum)
  }

  // Producer on another thread, consumer suspended in `for await`.
  Benchmark("Peer.AsyncStream.producerThread", configuration: Suite.configuration(mallocSlack: 200)) { benchmark in
    let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
    let count = benchmark.scaledIterations.count
    benchmark.startMeasurement()
    let producer = Task.detached {
      for element in 0..<count { continuation.yield(element) }
      continuation.finish()
    }
    var sum = 0
    for await element in stream { sum &+= element }
    await producer.value
    benchmark.stopMeasurement()
    blackHole(sum)
  }

  Benchmark("Peer.AsyncChannel.send", configuration: Suite.configuration(mallocSlack: 200)) { benchmark in
    let channel = AsyncChannel<Int>()
    let count = benchmark.scaledIterations.count
    benchmark.startMeasurement()
    let producer = Task.detached {
      for element in 0..<count { await channel.send(element) }
      channel.finish()
    }
    var sum = 0
    for await element in channel { sum &+= element }
    await producer.value
    benchmark.stopMeasurement()
    blackHole(sum)
  }

  Benchmark("Peer.OpenCombine.Sequence.values") { benchmark in
    let publisher = Publishers.Sequence<Range<Int>, Never>(sequence: benchmark.scaledIterations)
    benchmark.startMeasurement()
    var sum = 0
    for await element in publisher.values { sum &+= element }
    benchmark.stopMeasurement()
    blackHole(sum)
  }
}
