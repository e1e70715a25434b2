import Dispatch
import Ferry
import FerryTesting
import Foundation
import Testing

/// Operators on Driver/Signal, run under an immediate mocked scheduler on the main actor.
@Suite("Driver and Signal operators", .timeLimit(.minutes(1)))
@MainActor
struct SharedSequenceOperatorTests {
  private func record<S: SharedSequenceConvertibleType>(
    _ sequence: S,
    into box: LockedBox<[S.Element]>
  ) -> any Disposable where S.SharingStrategy == DriverSharingStrategy {
    sequence.drive(onNext: { value in box.withLock { $0.append(value) } })
  }

  @Test func mapFilterCompactMapAndDistinct() {
    SharingScheduler.mock(scheduler: ImmediateTestScheduler()) {
      let relay = BehaviorRelay(value: 1)
      let mapped = LockedBox<[String]>([])
      let filtered = LockedBox<[Int]>([])
      let compact = LockedBox<[Int]>([])
      let distinct = LockedBox<[Int]>([])
      let distinctByKey = LockedBox<[Int]>([])
      let distinctByComparer = LockedBox<[Int]>([])
      let bag = DisposeBag()
      bag.insert {
        record(relay.asDriver().map { "#\($0)" }, into: mapped)
        record(relay.asDriver().filter { $0 % 2 == 0 }, into: filtered)
        record(relay.asDriver().compactMap { $0 > 2 ? $0 * 10 : nil }, into: compact)
        record(relay.asDriver().distinctUntilChanged(), into: distinct)
        record(relay.asDriver().distinctUntilChanged { $0 / 2 }, into: distinctByKey)
        record(relay.asDriver().distinctUntilChanged { $0 == $1 }, into: distinctByComparer)
      }
      for value in [1, 2, 2, 3, 4] { relay.accept(value) }
      #expect(mapped.current == ["#1", "#1", "#2", "#2", "#3", "#4"])
      #expect(filtered.current == [2, 2, 4])
      #expect(compact.current == [30, 40])
      #expect(distinct.current == [1, 2, 3, 4])
      #expect(distinctByKey.current == [1, 2, 4])
      #expect(distinctByComparer.current == [1, 2, 3, 4])
    }
  }

  @Test func flatMapLatestSwitchesToTheNewestInner() {
    SharingScheduler.mock(scheduler: ImmediateTestScheduler()) {
      let trigger = PublishRelay<Int>()
      let inners = [BehaviorRelay(value: "a0"), BehaviorRelay(value: "b0")]
      let received = LockedBox<[String]>([])
      let subscription = record(trigger.asDriver().flatMapLatest { inners[$0].asDriver() }, into: received)
      trigger.accept(0)
      inners[0].accept("a1")
      trigger.accept(1)
      inners[0].accept("a2")
      inners[1].accept("b1")
      #expect(received.current == ["a0", "a1", "b0", "b1"])
      subscription.dispose()
    }
  }

  @Test func flatMapMergesInners() {
    SharingScheduler.mock(scheduler: ImmediateTestScheduler()) {
      let trigger = PublishRelay<Int>()
      let received = LockedBox<[Int]>([])
      let subscription = record(trigger.asDriver().flatMap { Driver.of($0, $0 * 10) }, into: received)
      trigger.accept(1)
      trigger.accept(2)
      #expect(received.current == [1, 10, 2, 20])
      subscription.dispose()
    }
  }

  @Test func withLatestFromBothForms() {
    SharingScheduler.mock(scheduler: ImmediateTestScheduler()) {
      let tap = PublishRelay<Void>()
      let text = BehaviorRelay(value: "a")
      let latest = LockedBox<[String]>([])
      let combined = LockedBox<[String]>([])
      let bag = DisposeBag()
      bag.insert {
        tap.asSignal().withLatestFrom(text.asSignal()).emit(onNext: { value in latest.withLock { $0.append(value) } })
        tap.asSignal().withLatestFrom(text.asSignal()) { _, text in text + "!" }
          .emit(onNext: { value in combined.withLock { $0.append(value) } })
      }
      tap.accept(())
      text.accept("b")
      tap.accept(())
      #expect(latest.current == ["a", "b"])
      #expect(combined.current == ["a!", "b!"])
    }
  }

  @Test func startWithScanMergeAndCombineLatest() {
    SharingScheduler.mock(scheduler: ImmediateTestScheduler()) {
      let first = BehaviorRelay(value: 1)
      let second = BehaviorRelay(value: 10)
      let started = LockedBox<[Int]>([])
      let scanned = LockedBox<[Int]>([])
      let merged = LockedBox<[Int]>([])
      let summed = LockedBox<[Int]>([])
      let pairs = LockedBox<[String]>([])
      let bag = DisposeBag()
      bag.insert {
        record(first.asDriver().startWith(-1, 0), into: started)
        record(first.asDriver().scan(0) { $0 + $1 }, into: scanned)
        record(Driver.merge(first.asDriver(), second.asDriver()), into: merged)
        record(Driver.combineLatest(first.asDriver(), second.asDriver()) { $0 + $1 }, into: summed)
        Driver.combineLatest(first.asDriver(), second.asDriver())
          .drive(onNext: { pair in pairs.withLock { $0.append("\(pair.0)-\(pair.1)") } })
      }
      first.accept(2)
      second.accept(20)
      #expect(started.current == [-1, 0, 1, 2])
      #expect(scanned.current == [1, 3])
      #expect(merged.current == [1, 10, 2, 20])
      #expect(summed.current == [11, 12, 22])
      #expect(pairs.current == ["1-10", "2-10", "2-20"])
    }
  }

  @Test func combineLatestOfThreeAndFour() {
    SharingScheduler.mock(scheduler: ImmediateTestScheduler()) {
      let relays = (0..<4).map { BehaviorRelay(value: $0) }
      let three = LockedBox<[Int]>([])
      let four = LockedBox<[Int]>([])
      let bag = DisposeBag()
      bag.insert {
        record(
          Driver.combineLatest(relays[0].asDriver(), relays[1].asDriver(), relays[2].asDriver()) { $0 + $1 + $2 },
          into: three
        )
        record(
          Driver.combineLatest(
            relays[0].asDriver(), relays[1].asDriver(), relays[2].asDriver(), relays[3].asDriver()
          ) { $0 + $1 + $2 + $3 },
          into: four
        )
      }
      relays[3].accept(10)
      #expect(three.current == [3])
      #expect(four.current == [6, 13])
    }
  }
}

@Suite("Driver and Signal side effects and ReplayRelay", .timeLimit(.minutes(1)))
@MainActor
struct SharedSequenceDoAndReplayRelayTests {
  @Test func doRunsSideEffectsOncePerSharedEvent() {
    SharingScheduler.mock(scheduler: ImmediateTestScheduler()) {
      let relay = BehaviorRelay(value: 1)
      let log = LockedBox<[String]>([])
      let driver = relay.asDriver().do(
        onNext: { value in log.withLock { $0.append("next \(value)") } },
        onSubscribe: { log.withLock { $0.append("subscribe") } },
        onDispose: { log.withLock { $0.append("dispose") } }
      )
      let one = driver.drive()
      let two = driver.drive()
      relay.accept(2)
      one.dispose()
      two.dispose()
      #expect(log.current == ["subscribe", "next 1", "next 2", "dispose"])
    }
  }

  @Test func doWithHoldsTheObjectWeakly() {
    SharingScheduler.mock(scheduler: ImmediateTestScheduler()) {
      let relay = PublishRelay<Int>()
      let tracked = Tracked(7)
      let log = LockedBox<[Int]>([])
      let subscription = relay.asSignal().do(
        with: tracked,
        onNext: { object, value in
          log.withLock { $0.append(object.id + value) }
        }
      ).emit()
      relay.accept(1)
      #expect(log.current == [8])
      subscription.dispose()
    }
  }

  @Test func replayRelayConversionsAndTargets() {
    let relay = ReplayRelay<Int>.create(bufferSize: 2)
    relay.accept(1)
    relay.accept(2)
    relay.accept(3)
    let driven = LockedBox<[Int]>([])
    let emitted = LockedBox<[Int]>([])
    let targetDriven = ReplayRelay<Int>.create(bufferSize: 10)
    let targetEmitted = ReplayRelay<Int?>.create(bufferSize: 10)
    let bag = DisposeBag()
    bag.insert {
      relay.asDriver().drive(onNext: { value in driven.withLock { $0.append(value) } })
      relay.asSignal().emit(onNext: { value in emitted.withLock { $0.append(value) } })
      relay.asDriver().drive(targetDriven)
      relay.asSignal().emit(to: targetEmitted)
    }
    relay.accept(4)
    #expect(driven.current == [2, 3, 4])
    #expect(emitted.current == [2, 3, 4])
    let drivenTarget = EventRecorder<Int>()
    let emittedTarget = EventRecorder<Int?>()
    bag.insert {
      targetDriven.subscribe(drivenTarget)
      targetEmitted.subscribe(emittedTarget)
    }
    #expect(drivenTarget.elements == [2, 3, 4])
    #expect(emittedTarget.elements == [2, 3, 4])
  }
}
