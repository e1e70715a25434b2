import Testing

@testable import Ferry

/// Direct tests of the serial-delivery engine's state machine: who holds the emitter role, what is
/// queued, and what is handed back to be released outside the lock.
@Suite("SerialDeliveryStateMachine")
struct SerialDeliveryStateMachineTests {
  typealias Machine = SerialDeliveryStateMachine<Int>

  static func delivered(_ action: Machine.SendAction) -> Int? {
    if case .deliver(let item) = action { return item }
    return nil
  }

  static func next(_ machine: inout Machine) -> Int? {
    if case .deliver(let item) = machine.next() { return item }
    return nil
  }

  @Test func firstSendTakesTheRoleAndLaterSendsQueueInOrder() {
    var machine = Machine()
    #expect(!machine.isDelivering)
    #expect(Self.delivered(machine.send(1)) == 1)
    #expect(machine.isDelivering)
    // Re-entrant or concurrent sends while delivering are queued, never handed out.
    guard case .queued = machine.send(2) else {
      Issue.record("a send while delivering must be queued")
      return
    }
    _ = machine.send(3)
    #expect(machine.queuedCount == 2)
    #expect(Self.next(&machine) == 2)
    #expect(Self.next(&machine) == 3)
    #expect(Self.next(&machine) == nil)
    #expect(!machine.isDelivering, "an empty queue gives the role up")
    #expect(Self.delivered(machine.send(4)) == 4, "the next send takes the role again")
  }

  @Test func aParkedDeliveryKeepsTheRoleAndIsAdoptedByASendThatMayNotWait() {
    var machine = Machine()
    #expect(Self.delivered(machine.send(1)) == 1)
    _ = machine.send(2)
    _ = machine.send(3)
    machine.park()
    #expect(machine.isParked)
    #expect(machine.isDelivering, "a parked delivery keeps the role: nothing overtakes the queue")
    #expect(machine.first == 2)
    #expect(machine.queuedCount { $0 >= 2 } == 2)
    // A producer that may wait is queued and waits; one that may not wait but must not adopt (a removal) is queued.
    guard case .wait(let waiter) = machine.send(10, mayWait: true) else {
      Issue.record("a producer that may wait waits behind a parked delivery")
      return
    }
    guard case .queued = machine.send(4) else {
      Issue.record("a send that may not adopt is queued behind a parked delivery")
      return
    }
    #expect(machine.isParked)
    guard case .adopted = machine.send(5, mayAdopt: true) else {
      Issue.record("a send that may not wait adopts a parked delivery")
      return
    }
    #expect(!machine.isParked)
    let resumedAfterAdoption = machine.resumeParked()
    #expect(!resumedAfterAdoption, "an adopted delivery is no longer parked")
    #expect([Self.next(&machine), Self.next(&machine)] == [2, 3])
    guard case .deliverWaited(10, let released) = machine.next() else {
      Issue.record("the waiting producer's item is handed out in its place, with its waiter")
      return
    }
    #expect(released === waiter)
    #expect([Self.next(&machine), Self.next(&machine), Self.next(&machine)] == [4, 5, nil])
    #expect(!machine.isDelivering)
  }

  @Test func aParkedDeliveryIsResumedOnce() {
    var machine = Machine()
    #expect(Self.delivered(machine.send(1)) == 1)
    _ = machine.send(2)
    machine.park()
    let resumed = machine.resumeParked()
    let resumedAgain = machine.resumeParked()
    #expect(resumed)
    #expect(!resumedAgain, "only one party resumes a parked delivery")
    #expect(Self.next(&machine) == 2)
    #expect(Self.next(&machine) == nil)
    #expect(!machine.isDelivering)
  }

  @Test func waitingProducersItemsAreQueuedInOrderAndHandedOutWithTheirWaiters() {
    var machine = Machine()
    #expect(Self.delivered(machine.send(1, mayWait: true)) == 1, "an idle delivery never waits")
    guard case .wait(let firstWaiter) = machine.send(2, mayWait: true),
      case .wait(let secondWaiter) = machine.send(3, mayWait: true)
    else {
      Issue.record("a producer that may wait must wait while another delivers")
      return
    }
    // A re-entrant send (may not wait) is queued behind them: one queue, in arrival order.
    guard case .queued = machine.send(4) else {
      Issue.record("a send that may not wait is queued")
      return
    }
    #expect(machine.waitingCount == 2)
    #expect(machine.queuedCount == 3, "a waiting producer's item is queued")
    guard case .deliverWaited(2, let releasedFirst) = machine.next(),
      case .deliverWaited(3, let releasedSecond) = machine.next()
    else {
      Issue.record("waiting producers' items are handed out with their waiters, in order")
      return
    }
    #expect(releasedFirst === firstWaiter)
    #expect(releasedSecond === secondWaiter)
    #expect(machine.waitingCount == 0)
    #expect(Self.next(&machine) == 4)
    #expect(Self.next(&machine) == nil)
    #expect(!machine.isDelivering)
  }

  @Test func aTurnEndsByHandingTheRoleToTheFirstItemsWaiterOrByParking() {
    var machine = Machine()
    #expect(Self.delivered(machine.send(1)) == 1)
    _ = machine.send(2)
    guard case .wait(let waiter) = machine.send(3, mayWait: true) else {
      Issue.record("a producer that may wait must wait while another delivers")
      return
    }
    // The first item's producer does not wait: the delivery is parked.
    let parkedTurn = machine.endTurn()
    #expect(parkedTurn == nil)
    #expect(machine.isParked)
    let resumed = machine.resumeParked()
    #expect(resumed)
    #expect(Self.next(&machine) == 2)
    // Now the first item is the waiting producer's: the role passes to it, with its item still first.
    let handed = machine.endTurn()
    #expect(handed === waiter)
    #expect(!machine.isParked)
    #expect(machine.isDelivering, "the role passes on; it is not given up")
    #expect(machine.waitingCount == 0)
    #expect(Self.next(&machine) == 3, "the producer that took over delivers its own item first")
    #expect(Self.next(&machine) == nil)
    #expect(!machine.isDelivering)
  }

  @Test func anAbandonedWaitLeavesItsItemQueuedInPlaceWithoutAWaiter() {
    var machine = Machine()
    #expect(Self.delivered(machine.send(1)) == 1)
    guard case .wait(let first) = machine.send(2, mayWait: true),
      case .wait(let second) = machine.send(3, mayWait: true)
    else {
      Issue.record("a producer that may wait must wait while another delivers")
      return
    }
    _ = machine.send(4)
    let abandoned = machine.abandon(first)
    let abandonedTwice = machine.abandon(first)
    #expect(abandoned, "a waiter whose item is still queued can stop waiting")
    #expect(!abandonedTwice, "only once")
    #expect(machine.waitingCount == 1)
    #expect(machine.queuedCount == 3, "its item stays queued")
    // Its item is handed out first, without a waiter; the other producer still gets its release with its own item.
    guard case .deliver(2) = machine.next(), case .deliverWaited(3, let released) = machine.next() else {
      Issue.record("the abandoned item keeps its place and loses its waiter; the next waiter keeps its item")
      return
    }
    #expect(released === second)
    let abandonedTaken = machine.abandon(second)
    #expect(!abandonedTaken, "a waiter the emitter already took cannot stop waiting: its signal comes")
    #expect(Self.next(&machine) == 4)
    #expect(Self.next(&machine) == nil)
    #expect(!machine.isDelivering)
  }

  @Test func aTurnEndingOnAnAbandonedItemParksInsteadOfHandingTheRoleOver() {
    var machine = Machine()
    #expect(Self.delivered(machine.send(1)) == 1)
    guard case .wait(let waiter) = machine.send(2, mayWait: true) else {
      Issue.record("a producer that may wait must wait while another delivers")
      return
    }
    let abandoned = machine.abandon(waiter)
    #expect(abandoned)
    let handed = machine.endTurn()
    #expect(handed == nil, "nobody waits for the first item: nobody to hand the role to")
    #expect(machine.isParked)
    let resumed = machine.resumeParked()
    #expect(resumed)
    #expect(Self.next(&machine) == 2)
    #expect(Self.next(&machine) == nil)
  }

  @Test func aPrependedItemKeepsItsWaitersPlace() {
    var machine = Machine()
    #expect(Self.delivered(machine.send(1)) == 1)
    _ = machine.send(2)
    guard case .wait(let waiter) = machine.send(3, mayWait: true) else {
      Issue.record("a producer that may wait must wait while another delivers")
      return
    }
    #expect(Self.next(&machine) == 2)
    #expect(machine.prepend(2) == nil)
    #expect(Self.next(&machine) == 2)
    guard case .deliverWaited(3, let released) = machine.next() else {
      Issue.record("the waiter stays with its own item after a prepend")
      return
    }
    #expect(released === waiter)
  }

  @Test func takeRoleIfIdleOnlySucceedsWhenNobodyDelivers() {
    var machine = Machine()
    let first = machine.takeRoleIfIdle()
    #expect(first)
    #expect(machine.isDelivering)
    let second = machine.takeRoleIfIdle()
    #expect(!second, "the role is taken")
    guard case .queued = machine.send(1) else {
      Issue.record("a send while the role is taken is queued")
      return
    }
    #expect(Self.next(&machine) == 1)
    #expect(Self.next(&machine) == nil)
    let again = machine.takeRoleIfIdle()
    #expect(again)
    _ = machine.close()
    let afterClose = machine.takeRoleIfIdle()
    #expect(!afterClose, "a closed delivery gives no role")
  }

  @Test func enqueueThenStartDeliveringHandsOutTheFirstItem() {
    var machine = Machine()
    #expect(machine.enqueue(1) == nil)
    #expect(machine.enqueue(2) == nil)
    #expect(!machine.isDelivering)
    guard case .deliver(1) = machine.startDelivering() else {
      Issue.record("startDelivering must hand out the first queued item")
      return
    }
    // A second party finds the role taken.
    guard case .idle = machine.startDelivering() else {
      Issue.record("startDelivering must not hand out items while another party delivers")
      return
    }
    #expect(Self.next(&machine) == 2)
    #expect(Self.next(&machine) == nil)
  }

  @Test func startDeliveringWithAnEmptyQueueKeepsIdle() {
    var machine = Machine()
    guard case .idle = machine.startDelivering() else {
      Issue.record("nothing to deliver")
      return
    }
    #expect(!machine.isDelivering)
  }

  @Test func keepRoleIfQueuedKeepsTheRoleOnlyWhileSomethingIsQueued() {
    var machine = Machine()
    _ = machine.sendDeferred(1)
    #expect(Self.next(&machine) == 1)
    let keptWithEmptyQueue = machine.keepRoleIfQueued()
    #expect(!keptWithEmptyQueue, "nothing queued after the delivered item: the role is given up")
    #expect(!machine.isDelivering)
    let secondSchedules = machine.sendDeferred(2).schedule
    let thirdSchedules = machine.sendDeferred(3).schedule
    #expect(secondSchedules, "the next send takes the role and schedules again")
    #expect(!thirdSchedules)
    #expect(Self.next(&machine) == 2)
    let keptWithQueued = machine.keepRoleIfQueued()
    #expect(keptWithQueued, "3 is queued: the emitter keeps the role and schedules its delivery")
    #expect(machine.isDelivering)
    _ = machine.close()
    let keptWhenClosed = machine.keepRoleIfQueued()
    #expect(!keptWhenClosed, "closed: nothing more to deliver")
  }

  @Test func deferredSendTakesTheRoleOnceAndQueues() {
    var machine = Machine()
    #expect(machine.sendDeferred(1) == (true, nil) as (Bool, Int?))
    #expect(machine.sendDeferred(2) == (false, nil) as (Bool, Int?), "only the first schedules a delivery")
    #expect(Self.next(&machine) == 1)
    #expect(Self.next(&machine) == 2)
    #expect(Self.next(&machine) == nil)
  }

  @Test func prependPutsAnUndeliveredItemBackFirst() {
    var machine = Machine()
    let first = Self.delivered(machine.send(1))
    _ = machine.send(2)
    #expect(first == 1)
    #expect(machine.prepend(1) == nil)
    #expect(machine.isDelivering, "the emitter keeps the role to schedule the delivery")
    #expect(Self.next(&machine) == 1)
    #expect(Self.next(&machine) == 2)
  }

  @Test func closeHandsBackTheQueueAndDropsEverythingAfter() {
    var machine = Machine()
    _ = machine.send(1)
    _ = machine.send(2)
    _ = machine.send(3)
    var dropped = machine.close()
    #expect(dropped.popFirst() == 2)
    #expect(dropped.popFirst() == 3)
    #expect(machine.isClosed)
    #expect(machine.queuedCount == 0)
    guard case .dropped(4) = machine.send(4) else {
      Issue.record("a send after close is handed back to be released outside the lock")
      return
    }
    #expect(machine.enqueue(5) == 5)
    #expect(machine.sendDeferred(6) == (false, 6) as (Bool, Int?))
    #expect(machine.prepend(7) == 7)
    #expect(Self.next(&machine) == nil)
    var again = machine.close()
    #expect(again.popFirst() == nil, "close is idempotent")
  }

  @Test func queueGrowsAndWrapsWithoutLosingOrder() {
    var machine = Machine()
    _ = machine.send(-1)
    var expected: [Int] = []
    var received: [Int] = []
    for round in 0..<5 {
      for index in 0..<37 {
        _ = machine.send(round * 100 + index)
        expected.append(round * 100 + index)
      }
      for _ in 0..<20 {
        if let item = Self.next(&machine) { received.append(item) }
      }
    }
    while let item = Self.next(&machine) { received.append(item) }
    #expect(received == expected)
    #expect(!machine.isDelivering)
  }
}

@Suite("FIFOBuffer")
struct FIFOBufferTests {
  @Test func prependAndAppendKeepDequeOrderAcrossGrowth() {
    var buffer = FIFOBuffer<Int>()
    for value in 1...20 { buffer.append(value) }
    buffer.prepend(0)
    for _ in 0..<10 { _ = buffer.popFirst() }
    buffer.prepend(-1)
    var out: [Int] = []
    while let value = buffer.popFirst() { out.append(value) }
    #expect(out == [-1] + Array(10...20))
  }

  @Test func removeFirstWhereKeepsTheOthersInOrderAcrossTheWrap() {
    var buffer = FIFOBuffer<Int>()
    for value in 0..<16 { buffer.append(value) }
    for _ in 0..<10 { _ = buffer.popFirst() }
    for value in 16..<24 { buffer.append(value) }  // wraps around the end of the storage
    let removed = [14, 99, 10, 23].map { target in buffer.removeFirst { $0 == target } }
    #expect(removed == [14, nil, 10, 23])
    buffer.append(24)
    var out: [Int] = []
    while let value = buffer.popFirst() { out.append(value) }
    #expect(out == [11, 12, 13, 15, 16, 17, 18, 19, 20, 21, 22, 24])
    let fromEmpty = buffer.removeFirst { _ in true }
    #expect(fromEmpty == nil)
  }
}
