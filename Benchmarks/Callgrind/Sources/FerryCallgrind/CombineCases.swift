import Ferry
import FerryOpenCombine
import OpenCombine

// The synchronous Combine bridges (FerryCombine built against OpenCombine), beside OpenCombine's own `sink`, the
// floor any bridge adds to.

/// Runs the Combine case `name` over `count` elements; returns `false` if `name` is not one of them.
func runCombineCase(_ name: String, count: Int) -> Bool {
  switch name {
  case "combine.floor.sink": run_combine_floor_sink(count)
  case "combine.asObservable": run_combine_asObservable(count)
  case "combine.publisher.unlimited": run_combine_publisher_unlimited(count)
  case "combine.publisher.demandOne": run_combine_publisher_demandOne(count)
  default: return false
  }
  return true
}

@inline(never) func run_combine_floor_sink(_ count: Int) {
  let subject = PassthroughSubject<Int, Never>()
  let cancellable = subject.sink { sink.total &+= $0 }
  for element in 0..<count { subject.send(element) }
  cancellable.cancel()
}

@inline(never) func run_combine_asObservable(_ count: Int) {
  let subject = PassthroughSubject<Int, Never>()
  let subscription = subject.asObservable().subscribe(onNext: { sink.total &+= $0 })
  for element in 0..<count { subject.send(element) }
  subscription.dispose()
}

@inline(never) func run_combine_publisher_unlimited(_ count: Int) {
  let relay = PublishRelay<Int>()
  let cancellable = relay.publisher.sink { sink.total &+= $0 }
  for element in 0..<count { relay.accept(element) }
  cancellable.cancel()
}

@inline(never) func run_combine_publisher_demandOne(_ count: Int) {
  let relay = PublishRelay<Int>()
  let subscriber = OneAtATimeSubscriber()
  relay.publisher.subscribe(subscriber)
  for element in 0..<count { relay.accept(element) }
  subscriber.subscription?.cancel()
}

/// A subscriber that asks for one element at a time: one from its subscription, one more from each element.
final class OneAtATimeSubscriber: Subscriber, @unchecked Sendable {
  // `@unchecked Sendable`: used by the main thread only.
  let combineIdentifier = CombineIdentifier()
  var subscription: (any OpenCombine.Subscription)?

  func receive(subscription: any OpenCombine.Subscription) {
    self.subscription = subscription
    subscription.request(.max(1))
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    sink.total &+= input
    return .max(1)
  }

  func receive(completion: Subscribers.Completion<Never>) {}
}
