import Ferry
import FerryTesting
import Testing

@Suite("Relays")
struct RelayTests {
  @Test func publishRelayBroadcastsAndNeverTerminates() {
    let relay = PublishRelay<Int>()
    relay.accept(0)
    let (recorder, subscription) = Harness.record(relay)
    relay.accept(1)
    relay.accept(2)
    #expect(recorder.events.current == [.next(1), .next(2)])
    subscription.dispose()
    relay.accept(3)
    #expect(recorder.events.current == [.next(1), .next(2)])
  }

  @Test func publishRelayReentrantAcceptIsDeliveredAfterCurrentElement() {
    let relay = PublishRelay<Int>()
    let received = LockedBox<[Int]>([])
    let other = LockedBox<[Int]>([])
    _ = relay.subscribe(onNext: { value in
      received.withLock { $0.append(value) }
      if value == 1 {
        relay.accept(2)
        relay.accept(3)
        received.withLock { $0.append(-1) }
      }
    })
    _ = relay.subscribe(onNext: { value in other.withLock { $0.append(value) } })
    relay.accept(1)
    #expect(received.current == [1, -1, 2, 3])
    #expect(other.current == [1, 2, 3])
  }

  @Test func behaviorRelayHoldsValueAndReplaysIt() {
    let relay = BehaviorRelay(value: "a")
    #expect(relay.value == "a")
    let (recorder, _) = Harness.record(relay)
    relay.accept("b")
    #expect(relay.value == "b")
    #expect(recorder.events.current == [.next("a"), .next("b")])
    #expect(Harness.events(relay) == [.next("b")])
  }

  @Test func behaviorRelayValueIsUpdatedBeforeReentrantDelivery() {
    let relay = BehaviorRelay(value: 0)
    let seen = LockedBox<[String]>([])
    _ = relay.subscribe(onNext: { value in
      seen.withLock { $0.append("\(value):\(relay.value)") }
      if value == 1 { relay.accept(2) }
    })
    relay.accept(1)
    // While 1 is being delivered, 2 is accepted: `value` already says 2 when 1's handler reads it afterwards.
    #expect(seen.current == ["0:0", "1:1", "2:2"])
    #expect(relay.value == 2)
  }

  @Test func replayRelayReplaysBuffer() {
    let relay = ReplayRelay<Int>.create(bufferSize: 2)
    (1...3).forEach(relay.accept)
    let (recorder, _) = Harness.record(relay)
    relay.accept(4)
    #expect(recorder.events.current == [.next(2), .next(3), .next(4)])
    let unbounded = ReplayRelay<Int>.createUnbounded()
    (1...5).forEach(unbounded.accept)
    #expect(Harness.events(unbounded).compactMap(\.element) == [1, 2, 3, 4, 5])
    #expect(Harness.events(unbounded.asObservable()).count == 5)
    let rxRelayName = ReplayRelay<Int>.createUnbound()
    (1...3).forEach(rxRelayName.accept)
    #expect(Harness.events(rxRelayName).compactMap(\.element) == [1, 2, 3])
  }

  @Test func relaysReleaseObserversOnDisposeAndDisposeBag() {
    let publish = PublishRelay<Int>()
    let behavior = BehaviorRelay(value: 0)
    let replay = ReplayRelay<Int>.create(bufferSize: 1)
    weak var weakTracked: Tracked?
    do {
      let bag = DisposeBag()
      let tracked = Tracked()
      weakTracked = tracked
      publish.subscribe(onNext: { _ in _ = tracked.id }).disposed(by: bag)
      behavior.subscribe(onNext: { _ in _ = tracked.id }).disposed(by: bag)
      replay.subscribe(onNext: { _ in _ = tracked.id }).disposed(by: bag)
      publish.accept(1)
    }
    #expect(weakTracked == nil)
  }

  @Test func disposeInsideOnNextStopsAtOnce() {
    let relay = BehaviorRelay(value: 0)
    let holder = LockedBox<(any Disposable)?>(nil)
    let received = LockedBox<[Int]>([])
    let subscription = relay.subscribe(onNext: { value in
      received.withLock { $0.append(value) }
      if value == 1 {
        holder.current?.dispose()
        relay.accept(2)
      }
    })
    holder.withLock { $0 = subscription }
    relay.accept(1)
    relay.accept(3)
    #expect(received.current == [0, 1])
  }
}
