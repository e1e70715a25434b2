import Testing

@testable import FerryStore

/// The policy decisions, without tasks or clocks.
@Suite("WorkStateMachine")
struct WorkStateMachineTests {
  let idle = Task<Void, Never> {}

  @discardableResult
  func start(
    _ machine: inout WorkStateMachine, _ id: String?, _ policy: WorkPolicy, at now: Int = 0
  ) -> (token: UInt64?, cancelled: Int, waitsForPrevious: Bool, delay: Duration?) {
    switch machine.start(id: id.map(AnyHashable.init), policy: policy, now: .seconds(now)) {
    case .drop:
      return (nil, 0, false, nil)
    case .start(let token, let cancel, let after, let delay):
      let attached = machine.attach(idle, to: token)
      #expect(attached)
      return (token, cancel.count, after != nil, delay)
    }
  }

  @Test func workWithoutAnIDAlwaysRuns() {
    var machine = WorkStateMachine()
    let first = start(&machine, nil, .flatMapLatest)
    let second = start(&machine, nil, .flatMapFirst)
    #expect(first.token == 0 && second.token == 1)
    #expect(machine.liveCount == 2)
  }

  @Test func flatMapLatestCancelsTheLiveWorkWithTheSameIDOnly() {
    var machine = WorkStateMachine()
    let a = start(&machine, "x", .flatMapLatest)
    start(&machine, "y", .flatMapLatest)
    let b = start(&machine, "x", .flatMapLatest)
    #expect(b.cancelled == 1)
    #expect(!machine.isLive(a.token!))
    #expect(machine.liveCount == 2)
  }

  @Test func flatMapFirstDropsUntilTheRunningWorkFinishes() {
    var machine = WorkStateMachine()
    let a = start(&machine, "x", .flatMapFirst)
    #expect(start(&machine, "x", .flatMapFirst).token == nil)
    machine.finish(a.token!)
    #expect(start(&machine, "x", .flatMapFirst).token != nil)
  }

  @Test func concatMapWaitsForTheLastQueuedWork() {
    var machine = WorkStateMachine()
    let a = start(&machine, "x", .concatMap)
    #expect(!a.waitsForPrevious)
    let b = start(&machine, "x", .concatMap)
    #expect(b.waitsForPrevious)
    #expect(machine.entries[b.token!]?.phase == .waiting)
    machine.finish(a.token!)
    machine.finish(b.token!)
    #expect(!start(&machine, "x", .concatMap).waitsForPrevious)
  }

  @Test func debounceCancelsTheWaitingWorkAndDelays() {
    var machine = WorkStateMachine()
    let a = start(&machine, "x", .debounce(.seconds(5)))
    #expect(a.delay == .seconds(5))
    let b = start(&machine, "x", .debounce(.seconds(5)), at: 3)
    #expect(b.cancelled == 1)
    #expect(!machine.isLive(a.token!))
  }

  @Test func throttleRunsThenKeepsOnlyTheNewestTrailingWork() {
    var machine = WorkStateMachine()
    #expect(start(&machine, "x", .throttle(.seconds(10)), at: 0).delay == nil)
    let b = start(&machine, "x", .throttle(.seconds(10)), at: 3)
    #expect(b.delay == .seconds(7))
    let c = start(&machine, "x", .throttle(.seconds(10)), at: 5)
    #expect(c.cancelled == 1 && c.delay == .seconds(5))
    #expect(!machine.isLive(b.token!))
    let began = machine.begin(c.token!, now: .seconds(10))  // the trailing work starts a new period
    #expect(began)
    #expect(start(&machine, "x", .throttle(.seconds(10)), at: 15).delay == .seconds(5))
    #expect(start(&machine, "x", .throttle(.seconds(10), latest: false), at: 16).token == nil)
  }

  @Test func throttleNeverCancelsTrailingWorkThatAlreadyBegan() {
    var machine = WorkStateMachine()
    start(&machine, "x", .throttle(.seconds(10)), at: 0)
    let trailing = start(&machine, "x", .throttle(.seconds(10)), at: 5)
    let began = machine.begin(trailing.token!, now: .seconds(10))
    #expect(began)
    let next = start(&machine, "x", .throttle(.seconds(10)), at: 12)  // within the period the trailing one began
    #expect(next.cancelled == 0)
    #expect(machine.isLive(trailing.token!))
  }

  @Test func cancelledWorkCannotBeginOrBeAttached() {
    var machine = WorkStateMachine()
    guard case .start(let token, _, _, _) = machine.start(id: "x", policy: .flatMap, now: .zero) else {
      Issue.record("expected a start")
      return
    }
    let cancelled = machine.cancel(id: "x")
    #expect(cancelled.isEmpty)  // no task attached yet
    let attached = machine.attach(idle, to: token)
    let began = machine.begin(token, now: .zero)
    #expect(!attached && !began)
  }

  @Test func closeCancelsEverythingAndRefusesNewWork() {
    var machine = WorkStateMachine()
    start(&machine, "x", .flatMap)
    start(&machine, nil, .flatMap)
    let cancelled = machine.close()
    #expect(cancelled.count == 2)
    #expect(machine.liveCount == 0)
    #expect(start(&machine, nil, .flatMap).token == nil)
  }
}
