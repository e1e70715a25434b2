import Ferry

// Subscription churn: subscribing and disposing, which a view model does per screen, a cell per reuse and
// `flatMapLatest` per keystroke. Each "element" of these cases is one subscription (or one source created and
// drained), not one delivered value.

/// Runs the subscription case `name` `count` times; false if `name` is not one of them.
func runSubscriptionCase(_ name: String, count: Int) -> Bool {
  switch name {
  case "subscribe.dispose.map.filter": run_subscribe_dispose_map_filter(count)
  case "disposeBag.100": run_disposeBag_100(count)
  case "subscribe.dispose.among.1000": run_subscribe_dispose_among_1000(count)
  case "from.range": run_from_range(count)
  default: return false
  }
  return true
}

/// One subscribe + dispose of a map → filter chain on a relay per element.
@inline(never) func run_subscribe_dispose_map_filter(_ count: Int) {
  let relay = BehaviorRelay<Int>(value: 1)
  let chain = relay.map { $0 &+ 1 }.filter { $0 & 1 == 0 }
  for _ in 0..<count {
    let subscription = chain.subscribe(onNext: { sink.total &+= $0 })
    subscription.dispose()
  }
}

/// Subscriptions of a map → filter chain on one relay into bags of 100, each bag released (and so disposing its
/// subscriptions) once full: per element, one subscription's insertion and its share of the bag's deinit. Times
/// 100 is the cost of one bag.
@inline(never) func run_disposeBag_100(_ count: Int) {
  let relay = PublishRelay<Int>()
  let chain = relay.map { $0 &+ 1 }.filter { $0 & 1 == 0 }
  var bag = DisposeBag()
  for index in 0..<count {
    chain.subscribe(onNext: { sink.total &+= $0 }).disposed(by: bag)
    if index % 100 == 99 { bag = DisposeBag() }
  }
  _ = bag
}

/// One subscribe + dispose of a map → filter chain on a relay that has 1,000 other subscribers: the observer's
/// removal must not depend on how many others there are (the same cost as `subscribe.dispose.map.filter`, less the
/// replay of a `BehaviorRelay`).
@inline(never) func run_subscribe_dispose_among_1000(_ count: Int) {
  let relay = PublishRelay<Int>()
  let others = (0..<1000).map { _ in relay.subscribe(onNext: { sink.total &+= $0 }) }
  let chain = relay.map { $0 &+ 1 }.filter { $0 & 1 == 0 }
  for _ in 0..<count {
    let subscription = chain.subscribe(onNext: { sink.total &+= $0 })
    subscription.dispose()
  }
  others.forEach { $0.dispose() }
}

/// `Observable.from(0..<count)` drained by one subscriber: per element, one element's iteration and delivery.
@inline(never) func run_from_range(_ count: Int) {
  _ = Observable.from(0..<count).subscribe(onNext: { sink.total &+= $0 })
}
