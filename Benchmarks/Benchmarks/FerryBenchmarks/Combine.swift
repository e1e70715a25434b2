import Benchmark
import Ferry
import FerryOpenCombine
import OpenCombine

/// The Combine bridges (FerryCombine built against OpenCombine) beside OpenCombine's own subscriber, the floor.
///
/// Every case sends `scaledIterations` elements through one subscription made before the measurement: the cost
/// per element, with no allocation per element on the synchronous bridges.
func registerCombine() {
  Benchmark("Combine.floor.PassthroughSubject.sink") { benchmark in
    let counter = Counter()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.sink { counter.value &+= $0 }
    benchmark.startMeasurement()
    for element in benchmark.scaledIterations { subject.send(element) }
    benchmark.stopMeasurement()
    cancellable.cancel()
    blackHole(counter.value)
  }

  Benchmark("Combine.publisher.asObservable") { benchmark in
    let counter = Counter()
    let subject = PassthroughSubject<Int, Never>()
    let subscription = subject.asObservable().subscribe(onNext: { counter.value &+= $0 })
    benchmark.startMeasurement()
    for element in benchmark.scaledIterations { subject.send(element) }
    benchmark.stopMeasurement()
    subscription.dispose()
    blackHole(counter.value)
  }

  Benchmark("Combine.observable.publisher.unlimited") { benchmark in
    let counter = Counter()
    let relay = PublishRelay<Int>()
    let cancellable = relay.publisher.sink { counter.value &+= $0 }
    benchmark.startMeasurement()
    for element in benchmark.scaledIterations { relay.accept(element) }
    benchmark.stopMeasurement()
    cancellable.cancel()
    blackHole(counter.value)
  }

  Benchmark("Combine.observable.publisher.demandOne") { benchmark in
    let subscriber = OneAtATimeSubscriber()
    let relay = PublishRelay<Int>()
    relay.publisher.subscribe(subscriber)
    benchmark.startMeasurement()
    for element in benchmark.scaledIterations { relay.accept(element) }
    benchmark.stopMeasurement()
    subscriber.subscription?.cancel()
    blackHole(subscriber.total)
  }

  Benchmark("Combine.publisher.values.sequence") { benchmark in
    let publisher = Publishers.Sequence<Range<Int>, Never>(sequence: benchmark.scaledIterations)
    benchmark.startMeasurement()
    var sum = 0
    for await element in publisher.values() { sum &+= element }
    benchmark.stopMeasurement()
    blackHole(sum)
  }

  Benchmark("Combine.peer.OpenCombine.values.sequence") { benchmark in
    let publisher = Publishers.Sequence<Range<Int>, Never>(sequence: benchmark.scaledIterations)
    benchmark.startMeasurement()
    var sum = 0
    for await element in publisher.values { sum &+= element }
    benchmark.stopMeasurement()
    blackHole(sum)
  }
}

/// A subscriber that asks for one element at a time: one from its subscription, one more from each element.
final class OneAtATimeSubscriber: Subscriber, @unchecked Sendable {
  // `@unchecked Sendable`: used by the benchmark's one thread only.
  let combineIdentifier = CombineIdentifier()
  var subscription: (any OpenCombine.Subscription)?
  var total = 0

  func receive(subscription: any OpenCombine.Subscription) {
    self.subscription = subscription
    subscription.request(.max(1))
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    total &+= input
    return .max(1)
  }

  func receive(completion: Subscribers.Completion<Never>) {}
}
