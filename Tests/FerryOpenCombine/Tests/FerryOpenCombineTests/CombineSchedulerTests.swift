import Ferry
import FerryOpenCombine
import FerryOpenCombineTesting
import FerryTesting
import Foundation
import OpenCombine
import Testing

@Suite("asCombineScheduler(): Combine operators on Ferry's virtual time")
struct CombineSchedulerTests {
  let diagram = "^-a-b---c-----d--|"

  let letters = ["a": "a", "b": "b", "c": "c", "d": "d"]

  /// Runs `diagram` through Rx's `debounce` and through Combine's, each on a `TestScheduler`.
  func debounced(
    simulateProcessingDelay: Bool
  ) throws -> (
    rx: [Recorded<Event<String>>], combine: [Recorded<Event<String>>], subscriptions: [FerryTesting.Subscription]
  ) {
    let rxScheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: simulateProcessingDelay)
    let rxSource = try rxScheduler.createHotObservable(diagram, values: letters)
    let rx = rxScheduler.start { rxSource.debounce(.seconds(25), scheduler: rxScheduler) }

    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: simulateProcessingDelay)
    let source: TestablePublisher<String, Never> = try scheduler.createHotPublisher(diagram, values: letters)
    let combine = scheduler.start { source.debounce(for: .seconds(25), scheduler: scheduler.asCombineScheduler()) }
    return (rx.events, combine.events, source.subscriptions)
  }

  @Test func debounceGivesTheSameTimelineThroughCombineAsThroughRx() throws {
    let (rx, combine, subscriptions) = try debounced(simulateProcessingDelay: false)
    #expect(combine == rx)
    expectMarbles(combine, "^------------b-------c-----------d|", values: letters, frameTicks: 5)
    #expect(subscriptions == [Subscription(200, 370)])
  }

  /// Combine's `debounce` hands its completion to the scheduler (Rx's sends it at once), so where the scheduler
  /// simulates processing delay the completion arrives one tick after Rx's; the elements are the same.
  @Test func combinesDebounceSchedulesItsCompletionOneProcessingTickLater() throws {
    let (rx, combine, _) = try debounced(simulateProcessingDelay: true)
    #expect(combine.dropLast() == rx.dropLast())
    #expect(rx.last == .completed(370))
    #expect(combine.last == .completed(371))
  }

  @Test func aSchedulerHeldAsAnySchedulerTypeGivesTheSameTimelineAsItsOwnType() throws {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let held: any SchedulerType = scheduler
    let combine = held.asCombineScheduler()
    #expect(type(of: combine) == CombineScheduler<AnySchedulerType>.self)
    let source: TestablePublisher<String, Never> = try scheduler.createHotPublisher(diagram, values: letters)
    let throughErased = scheduler.start { source.debounce(for: .seconds(25), scheduler: combine) }
    let (rx, throughOwnType, _) = try debounced(simulateProcessingDelay: false)
    #expect(throughErased.events == throughOwnType)
    #expect(throughErased.events == rx)
  }

  @Test func aSchedulerHeldAsAnySchedulerTypeRunsRelativeAndRepeatingWork() {
    let scheduler = TestScheduler(initialClock: 0)
    let held: any SchedulerType = scheduler
    let combine = held.asCombineScheduler()
    let times = Locked<[TestTime]>([])
    let repeating = Locked<(any Cancellable)?>(nil)
    scheduler.scheduleAt(400) {
      combine.schedule(after: combine.now.advanced(by: .seconds(3))) { times.withLock { $0.append(scheduler.clock) } }
      let cancellable = combine.schedule(after: combine.now.advanced(by: .seconds(10)), interval: .seconds(5)) {
        times.withLock { $0.append(-scheduler.clock) }
      }
      repeating.withLock { $0 = cancellable }
    }
    scheduler.scheduleAt(422) { repeating.current?.cancel() }
    scheduler.start()
    #expect(times.current == [403, -410, -415, -420])
  }

  @Test func aConcreteSchedulerKeepsItsOwnTypeUnlessAskedForTheErasedOne() {
    let scheduler = TestScheduler(initialClock: 0)
    let own = scheduler.asCombineScheduler()
    #expect(type(of: own) == CombineScheduler<TestScheduler>.self)
    let erased: CombineScheduler<AnySchedulerType> = scheduler.asCombineScheduler()
    #expect(erased.base.base is TestScheduler)
    // Wrapping an erased scheduler again does not nest it.
    #expect(AnySchedulerType(AnySchedulerType(scheduler)).base is TestScheduler)
    #expect((erased.base as any SchedulerType).asCombineScheduler().base.base is TestScheduler)
  }

  @Test func receiveOnTakesOneTickAsObserveOnDoes() throws {
    let values = ["a": 1, "b": 2]
    let rxScheduler = TestScheduler(initialClock: 0)
    let rxSource = try rxScheduler.createHotObservable("^-a-b-|", values: values)
    let rx = rxScheduler.start { rxSource.observe(on: rxScheduler) }

    let scheduler = TestScheduler(initialClock: 0)
    let source: TestablePublisher<Int, Never> = try scheduler.createHotPublisher("^-a-b-|", values: values)
    let combine = scheduler.start { source.receive(on: scheduler.asCombineScheduler()) }

    #expect(combine.events == rx.events)
    #expect(combine.events == [.next(221, 1), .next(241, 2), .completed(261)])
  }

  @Test func durationsMapThroughTheConverterAsRxDurationsDo() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
    let combine = scheduler.asCombineScheduler()
    let fired = Locked<[TestTime]>([])
    scheduler.scheduleAt(100) {
      combine.schedule(after: combine.now.advanced(by: .seconds(3))) { fired.withLock { $0.append(scheduler.clock) } }
      combine.schedule(after: combine.now.advanced(by: .milliseconds(250))) {
        fired.withLock { $0.append(scheduler.clock) }
      }
      _ = scheduler.scheduleRelative((), dueTime: .milliseconds(250)) { _ in
        fired.withLock { $0.append(-scheduler.clock) }  // Rx's, for comparison
        return Disposables.create()
      }
    }
    scheduler.start()
    // .seconds(3) is 30 ticks of 0.1 s; 250 ms rounds to 3 ticks, for Combine and Rx alike, in scheduling order.
    #expect(fired.current == [103, -103, 130])
  }

  @Test func nowMinimumToleranceAndWorkForNow() {
    let scheduler = TestScheduler(initialClock: 0)
    let combine = scheduler.asCombineScheduler()
    #expect(combine.minimumTolerance == .zero)
    let times = Locked<[TestTime]>([])
    scheduler.scheduleAt(50) {
      #expect(combine.now.date == scheduler.now)
      combine.schedule { times.withLock { $0.append(scheduler.clock) } }
      combine.schedule(after: combine.now) { times.withLock { $0.append(scheduler.clock) } }
    }
    scheduler.start()
    #expect(times.current == [51, 51])  // "now" takes the simulated processing tick, as in Rx
  }

  @Test func repeatingWorkRunsEveryIntervalUntilCancelled() {
    let scheduler = TestScheduler(initialClock: 0)
    let combine = scheduler.asCombineScheduler()
    let times = Locked<[TestTime]>([])
    let cancellable = Locked<(any Cancellable)?>(nil)
    scheduler.scheduleAt(100) {
      let repeating = combine.schedule(after: combine.now.advanced(by: .seconds(10)), interval: .seconds(5)) {
        times.withLock { $0.append(scheduler.clock) }
      }
      cancellable.withLock { $0 = repeating }
    }
    scheduler.scheduleAt(127) { cancellable.current?.cancel() }
    scheduler.start()
    #expect(times.current == [110, 115, 120, 125])
  }

  @Test func subscribeOnSubscribesOnTheScheduler() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source: TestablePublisher<Int, Never> = try scheduler.createColdPublisher("-a|", values: ["a": 1])
    let observer = scheduler.start { source.subscribe(on: scheduler.asCombineScheduler()) }
    #expect(observer.events == [.next(211, 1), .completed(221)])
    #expect(source.subscriptions == [Subscription(201, 221)])
  }

  @Test func strideArithmeticSaturatesAndConverts() {
    typealias Stride = CombineScheduler<TestScheduler>.SchedulerTimeType.Stride
    #expect(Stride.seconds(2).nanoseconds == 2_000_000_000)
    #expect(Stride.seconds(0.25).nanoseconds == 250_000_000)
    #expect(Stride.milliseconds(3).nanoseconds == 3_000_000)
    #expect(Stride.microseconds(3).nanoseconds == 3_000)
    #expect((Stride.seconds(1) + .milliseconds(500)).timeInterval == 1.5)
    #expect(Stride(nanoseconds: .max) + .seconds(1) == Stride(nanoseconds: .max))
    #expect(Stride.seconds(Int.max).nanoseconds == .max)
    let start = CombineScheduler<TestScheduler>.SchedulerTimeType(nanosecondsSince1970: 10)
    #expect(start.distance(to: start.advanced(by: .nanoseconds(5))) == .nanoseconds(5))
  }

  @Test func testablePublisherRejectsAnErrorItsFailureTypeCannotCarry() async {
    await #expect(processExitsWith: .failure) {
      let scheduler = TestScheduler(initialClock: 0)
      let _: TestablePublisher<Int, Never> = try scheduler.createHotPublisher("^-1-#")
    }
  }
}
