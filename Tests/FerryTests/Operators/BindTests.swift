import Ferry
import FerryTesting
import Testing

@Suite("bind", .serialized)
struct BindTests {
  @Test func bindToObserversForwardsAllEvents() {
    let first = EventRecorder<Int>()
    let second = EventRecorder<Int>()
    _ = Observable.of(1, 2).bind(to: first, second)
    #expect(first.events.current == [.next(1), .next(2), .completed])
    #expect(second.events.current == [.next(1), .next(2), .completed])
    let subject = PublishSubject<Int>()
    let (recorder, _) = Harness.record(subject)
    _ = Observable<Int>.error(TestError()).bind(to: subject)
    #expect(recorder.events.current == [.error(TestError())])
  }

  @Test func bindToOptionalObservers() {
    let recorder = EventRecorder<Int?>()
    _ = Observable.of(1).bind(to: recorder)
    #expect(recorder.events.current == [.next(1), .completed])
  }

  @Test func bindToRelays() {
    let publish = PublishRelay<Int>()
    let behavior = BehaviorRelay(value: 0)
    let behavior2 = BehaviorRelay(value: 0)
    let replay = ReplayRelay<Int>.createUnbounded()
    let (publishRecorder, _) = Harness.record(publish)
    let source = PublishSubject<Int>()
    let bindings = [
      source.bind(to: publish), source.bind(to: behavior, behavior2), source.bind(to: replay),
    ]
    source.onNext(1)
    source.onNext(2)
    source.onCompleted()
    #expect(publishRecorder.events.current == [.next(1), .next(2)], "relays never complete")
    #expect(behavior.value == 2 && behavior2.value == 2)
    #expect(Harness.events(replay).compactMap(\.element) == [1, 2])
    bindings.forEach { $0.dispose() }
  }

  @Test func bindToOptionalRelays() {
    let publish = PublishRelay<Int?>()
    let behavior = BehaviorRelay<Int?>(value: nil)
    let replay = ReplayRelay<Int?>.create(bufferSize: 1)
    let (recorder, _) = Harness.record(publish)
    _ = Observable.of(3).bind(to: publish)
    _ = Observable.of(4).bind(to: behavior)
    _ = Observable.of(5).bind(to: replay)
    #expect(recorder.events.current == [.next(3)])
    #expect(behavior.value == 4)
    #expect(Harness.events(replay).compactMap(\.element) == [5])
  }

  @Test(.swapsHooks) func bindToRelayReportsErrorsThroughHooks() {
    let reported = LockedBox<[String]>([])
    Hooks.defaultErrorHandler = { _, error in
      guard error is HookProbeError else { return }  // another test's unhandled error
      reported.withLock { $0.append("\(error)") }
    }
    let relay = BehaviorRelay(value: 0)
    let subject = PublishSubject<Int>()
    let binding = subject.bind(to: relay)
    subject.onNext(1)
    subject.onError(HookProbeError(id: 8))
    #expect(relay.value == 1)
    #expect(reported.current == ["HookProbeError(8)"])
    _ = Observable<Int>.error(HookProbeError(id: 9)).bind(onNext: { _ in })
    #expect(reported.current == ["HookProbeError(8)", "HookProbeError(9)"])
    binding.dispose()
  }

  @Test func bindOnNextAndWithObject() {
    let values = LockedBox<[Int]>([])
    _ = Observable.of(1, 2).bind(onNext: { value in values.withLock { $0.append(value) } })
    #expect(values.current == [1, 2])
    let subject = PublishSubject<Int>()
    weak var weakObject: Tracked?
    do {
      let object = Tracked(10)
      weakObject = object
      _ = subject.bind(with: object) { object, value in values.withLock { $0.append(object.id + value) } }
      subject.onNext(1)
    }
    #expect(weakObject == nil)
    subject.onNext(2)
    #expect(values.current == [1, 2, 11])
  }

  @Test func bindToBinderFunction() {
    let result = Observable.of(1, 2).bind(to: { Harness.events($0).count })
    #expect(result == 3)
  }

  @Test func bindingIsReleasedByDisposeBag() {
    let relay = PublishRelay<Int>()
    let target = BehaviorRelay(value: 0)
    var bag: DisposeBag? = DisposeBag()
    relay.bind(to: target).disposed(by: bag!)
    relay.accept(1)
    bag = nil
    relay.accept(2)
    #expect(target.value == 1)
    Harness.expectReleasedAfterDispose { source in
      source.bind(to: { observable in observable.asObservable() })
    }
  }
}
