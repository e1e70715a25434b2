import Ferry
import FerryTesting
import Foundation
import Testing

@Suite("Infallible")
struct InfallibleTests {
  @Test func factories() {
    #expect(events(Infallible.just(1)) == [.next(1), .completed])
    #expect(events(Infallible.of(1, 2)) == [.next(1), .next(2), .completed])
    #expect(events(Infallible.from([3, 4])) == [.next(3), .next(4), .completed])
    #expect(events(Infallible.from(5...6)) == [.next(5), .next(6), .completed])
    #expect(events(Infallible.from(optional: Int?.none)) == [.completed])
    #expect(events(Infallible<Int>.empty()) == [.completed])
    #expect(events(Infallible<Int>.never()).isEmpty)
    #expect(events(Infallible.deferred { .just(7) }) == [.next(7), .completed])
  }

  @Test func createEnforcesTheGrammar() {
    let disposed = Counter()
    let infallible = Infallible<Int>.create { observer in
      observer(.next(1))
      observer(.next(2))
      observer(.completed)
      observer(.next(3))
      return Disposables.create { disposed.increment() }
    }
    #expect(events(infallible) == [.next(1), .next(2), .completed])
    #expect(disposed.value == 1)
  }

  @Test func createDisposal() {
    let captured = LockedBox<(@Sendable (InfallibleEvent<Int>) -> Void)?>(nil)
    let disposed = Counter()
    let infallible = Infallible<Int>.create { observer in
      captured.withLock { $0 = observer }
      return Disposables.create { disposed.increment() }
    }
    let (recorder, subscription) = record(infallible)
    captured.current?(.next(1))
    subscription.dispose()
    captured.current?(.next(2))
    #expect(recorder.events.current == [.next(1)])
    #expect(disposed.value == 1)
  }

  @Test func operators() {
    let source = Infallible.of(1, 1, 2, 3, 3)
    #expect(events(source.map { $0 * 2 }) == [.next(2), .next(2), .next(4), .next(6), .next(6), .completed])
    #expect(events(source.filter { $0 > 1 }) == [.next(2), .next(3), .next(3), .completed])
    #expect(events(source.compactMap { $0 == 2 ? nil : $0 }) == [.next(1), .next(1), .next(3), .next(3), .completed])
    #expect(events(source.distinctUntilChanged()) == [.next(1), .next(2), .next(3), .completed])
    #expect(events(source.distinctUntilChanged { $0 / 2 }) == [.next(1), .next(2), .completed])
    #expect(events(source.distinctUntilChanged { $0 == $1 }) == [.next(1), .next(2), .next(3), .completed])
  }

  @Test func combiningOperators() {
    #expect(
      events(Infallible.of(1, 2).flatMap { Infallible.of($0, $0 * 10) }) == [
        .next(1), .next(10), .next(2), .next(20), .completed,
      ])
    #expect(events(Infallible.of(1, 2).flatMapLatest { Infallible.just($0 * 3) }) == [.next(3), .next(6), .completed])
    #expect(events(Infallible.of(1, 2, 3).scan(0) { $0 + $1 }) == [.next(1), .next(3), .next(6), .completed])
    #expect(
      events(Infallible.of(1, 2).scan(into: [Int]()) { $0.append($1) }) == [.next([1]), .next([1, 2]), .completed])
    #expect(events(Infallible.of(3).startWith(1, 2)) == [.next(1), .next(2), .next(3), .completed])
    let latest = BehaviorRelay(value: "a")
    #expect(events(Infallible.of(1, 2).withLatestFrom(latest.asInfallible())) == [.next("a"), .next("a"), .completed])
    #expect(
      events(Infallible.of(1).withLatestFrom(latest.asInfallible()) { "\($0)\($1)" }) == [.next("1a"), .completed])
  }

  @Test func combineLatest() {
    let first = BehaviorRelay(value: 1)
    let second = BehaviorRelay(value: "x")
    let (recorder, subscription) = record(
      Infallible.combineLatest(first.asInfallible(), second.asInfallible()) { "\($0)\($1)" })
    first.accept(2)
    second.accept("y")
    #expect(recorder.elements == ["1x", "2x", "2y"])
    subscription.dispose()

    let tuples = LockedBox<[String]>([])
    _ = Infallible.combineLatest(Infallible.just(1), Infallible.just("b")).subscribe(onNext: { pair in
      tuples.withLock { $0.append("\(pair.0)\(pair.1)") }
    })
    let three = Infallible.combineLatest(Infallible.just(1), Infallible.just(2), Infallible.just(3)) { $0 + $1 + $2 }
    let four = Infallible<Int>.combineLatest(
      Infallible.just(1), Infallible.just(2), Infallible.just(3), Infallible.just(4)
    ) { (a: Int, b: Int, c: Int, d: Int) in a + b + c + d }
    #expect(tuples.current == ["1b"])
    #expect(events(three) == [.next(6), .completed])
    #expect(events(four) == [.next(10), .completed])
  }

  @Test func subscribeHandlers() {
    let log = LockedBox<[String]>([])
    _ = Infallible.of(1, 2).subscribe(
      onNext: { value in log.withLock { $0.append("\(value)") } },
      onCompleted: { log.withLock { $0.append("completed") } },
      onDisposed: { log.withLock { $0.append("disposed") } }
    )
    #expect(log.current == ["1", "2", "completed", "disposed"])

    final class Owner: @unchecked Sendable {
      let log = LockedBox<[Int]>([])
    }
    let owner = Owner()
    _ = Infallible.of(3).subscribe(with: owner, onNext: { owner, value in owner.log.withLock { $0.append(value) } })
    #expect(owner.log.current == [3])

    var transient: Owner? = Owner()
    weak let weakTransient = transient
    let subscription = Infallible<Int>.never().subscribe(with: transient!, onNext: { _, _ in })
    transient = nil
    #expect(weakTransient == nil)
    subscription.dispose()
  }

  @Test func asInfallibleReplacesErrors() {
    let failing = Observable<Int>.create { observer in
      observer.on(.next(1))
      observer.on(.error(TestError()))
      return Disposables.create()
    }
    #expect(events(failing.asInfallible(onErrorJustReturn: 9)) == [.next(1), .next(9), .completed])
    #expect(events(failing.asInfallible(onErrorFallbackTo: .of(7, 8))) == [.next(1), .next(7), .next(8), .completed])
    let recovered = failing.asInfallible { error in .just((error as? TestError)?.id ?? -1) }
    #expect(events(recovered) == [.next(1), .next(0), .completed])
    #expect(events(Single<Int>.error(TestError()).asInfallible(onErrorJustReturn: 2)) == [.next(2), .completed])
  }

  @Test func relaysAsInfallible() {
    let behavior = BehaviorRelay(value: 1)
    let (recorder, subscription) = record(behavior.asInfallible())
    behavior.accept(2)
    #expect(recorder.elements == [1, 2])
    subscription.dispose()
    let publish = PublishRelay<Int>()
    let (publishRecorder, publishSubscription) = record(publish.asInfallible())
    publishSubscription.dispose()
    publish.accept(3)
    #expect(publishRecorder.events.current.isEmpty)
  }

  @Test func bindToRelaysAndObservers() {
    let relay = BehaviorRelay(value: 0)
    let other = BehaviorRelay(value: 0)
    _ = Infallible.of(1, 2).bind(to: relay, other)
    #expect(relay.value == 2)
    #expect(other.value == 2)
    let recorder = EventRecorder<Int>()
    _ = Infallible.of(3).bind(to: recorder)
    #expect(recorder.events.current == [.next(3), .completed])
  }

  @Test func disposalReleasesCapturedObjects() {
    weak var weakTracked: Tracked?
    let subscription: any Disposable
    do {
      let tracked = Tracked(1)
      weakTracked = tracked
      subscription = Infallible<Int>.never().map { $0 + tracked.id }.subscribe(onNext: { _ in _ = tracked })
    }
    #expect(weakTracked != nil)
    subscription.dispose()
    #expect(weakTracked == nil)
  }
}
