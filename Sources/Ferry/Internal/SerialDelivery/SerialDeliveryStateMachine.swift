/// The state of one serial-delivery queue: who holds the emitter role, and what waits for it.
///
/// A value type with one `mutating` method per input, each returning what the caller must do after leaving the
/// lock that guards it. Every item it gives back (to deliver, or dropped) is *moved out*, so the caller releases it
/// outside the lock (a `deinit` can run user code that calls back in).
///
/// Invariants:
/// - at most one party holds the emitter role (`delivering`); only it delivers, one item at a time;
/// - items are handed out in the order they were queued (``prepend(_:)`` puts an undelivered item back first);
/// - once `closed`, nothing is queued or handed out again, and the queue is empty;
/// - a send that may wait (a producer on another thread, see ``send(_:mayWait:mayAdopt:)``) is queued like any other
///   and its producer blocks on a waiter until the item has been delivered by the emitter
///   (``NextAction/deliverWaited(_:_:)``: the emitter releases it after the delivery), or until the emitter's
///   bounded turn ends with that item first in the queue (``endTurn()``), when the role passes to the producer.
///   So each waiting producer has at most one item queued, and a stream of producers costs the emitter a release
///   per item, not a hand-over of the role (a thread switch) per item.
/// - a waiting producer may stop waiting (``abandon(_:)``) while its item is still queued: the item keeps its place
///   and is handed out without a waiter, like any other;
/// - a delivery may be *parked* (``park()``, or ``endTurn()`` when the first item's producer does not wait): the
///   role stays taken and the queue keeps its order, but nobody delivers until a send that may not wait adopts it
///   (``SendAction/adopted``) or a drain resumes it (``resumeParked()``). Producers that may wait keep waiting.
@usableFromInline
struct SerialDeliveryStateMachine<Item> {
  @usableFromInline
  enum State {
    /// Nobody delivers; the queue is empty.
    case idle
    /// One party holds the emitter role; the queue holds what it must deliver next.
    case delivering
    /// Disposed: nothing more is delivered.
    case closed
  }

  /// What to do with an item offered through ``send(_:)``.
  @usableFromInline
  enum SendAction {
    /// The caller took the emitter role: deliver this item now (outside the lock), then call ``next()``.
    case deliver(Item)
    /// Queued behind the delivery in progress (another thread's, or this thread's own re-entrant one).
    case queued
    /// Another party delivers: the item is queued; block on `waiter` (outside the lock). It returns
    /// ``SerialDeliveryWaiter/Outcome/delivered`` once the item was delivered, or
    /// ``SerialDeliveryWaiter/Outcome/handedRole`` when the caller now holds the emitter role and must deliver the
    /// queue (its item first), calling ``next()``.
    case wait(SerialDeliveryWaiter)
    /// Closed: release the item outside the lock.
    case dropped(Item)
    /// The delivery was parked: the caller takes the emitter role over and delivers the queue, which now ends with
    /// its item (outside the lock, calling ``next()``).
    case adopted
  }

  /// What the emitter does next.
  @usableFromInline
  enum NextAction {
    /// Deliver this item (outside the lock), then call ``next()`` again.
    case deliver(Item)
    /// Deliver this item, a waiting producer's (outside the lock), then release the producer
    /// (``SerialDeliveryWaiter/release()``) and call ``next()`` again.
    case deliverWaited(Item, SerialDeliveryWaiter)
    /// The queue is empty (or closed): the emitter role was given up.
    case idle
  }

  @usableFromInline var state = State.idle
  @usableFromInline var queue = FIFOBuffer<Item>()
  /// The producers waiting for their queued items, in queue order; each waiter's `ticket` is its item's sequence
  /// number.
  @usableFromInline var waiters = FIFOBuffer<SerialDeliveryWaiter>()
  /// Delivering, but nobody delivers now (see ``park()``).
  @usableFromInline var parked = false
  /// The sequence number of the queue's first item: how many items were ever taken from the front, less those put
  /// back (``prepend(_:)``). The last queued item's number is `handedOut + queue.count - 1`.
  @usableFromInline var handedOut = 0

  @inlinable init() {}

  /// Whether a party holds the emitter role.
  @inlinable var isDelivering: Bool {
    if case .delivering = state { return true }
    return false
  }

  /// Whether the queue was closed.
  @inlinable var isClosed: Bool {
    if case .closed = state { return true }
    return false
  }

  /// The number of queued items.
  @inlinable var queuedCount: Int { queue.count }

  /// Takes the emitter role if nobody holds it (the uncontended path: the caller delivers its own item without
  /// handing it to the state machine); returns whether it did.
  @inlinable
  mutating func takeRoleIfIdle() -> Bool {
    guard case .idle = state else { return false }
    state = .delivering
    return true
  }

  /// Whether the delivery is parked: the role is taken, items are queued, nobody delivers.
  @inlinable var isParked: Bool { parked }

  /// The next item to hand out, left in the queue (the emitter decides whether to deliver it or park).
  @inlinable var first: Item? { queue.first }

  /// The number of queued items that satisfy `predicate`.
  @inlinable func queuedCount(where predicate: (Item) -> Bool) -> Int { queue.count(where: predicate) }

  /// The emitter stops delivering with items still queued: the role stays taken (nothing overtakes the queue) until
  /// a send that may not wait adopts the delivery or ``resumeParked()`` resumes it.
  @inlinable
  mutating func park() {
    guard case .delivering = state, !parked, !queue.isEmpty else {
      preconditionFailure("Internal inconsistency: SerialDelivery.park without the role or with nothing queued")
    }
    parked = true
  }

  /// The emitter ends a bounded turn with items still queued: if the first one is a waiting producer's, the role
  /// passes to that producer (returned, to grant outside the lock), who delivers the queue from its own item on;
  /// otherwise the delivery is parked (``park()``) and `nil` is returned.
  @inlinable
  mutating func endTurn() -> SerialDeliveryWaiter? {
    if let waiter = waiters.first, waiter.ticket == handedOut {
      precondition(!parked && !queue.isEmpty, "Internal inconsistency: SerialDelivery.endTurn without a turn")
      return waiters.popFirst()
    }
    park()
    return nil
  }

  /// Takes over a parked delivery (the caller then calls ``next()``); returns `false` if it is not parked.
  @inlinable
  mutating func resumeParked() -> Bool {
    guard parked else { return false }
    parked = false
    return true
  }

  /// The number of producers waiting for the role.
  @inlinable var waitingCount: Int { waiters.count }

  /// A waiting producer stops waiting (its wait ran out, see ``SerialDelivery/waitLimit``): its item stays queued,
  /// in its place, and is delivered like the item of a producer that does not wait. Returns `false` when the emitter
  /// already took the waiter (it delivers the item, or handed the role over): its signal is on its way, and the
  /// producer must wait for it.
  @inlinable
  mutating func abandon(_ waiter: SerialDeliveryWaiter) -> Bool {
    waiters.removeFirst { $0 === waiter } != nil
  }

  /// Offers `item`: delivered now by the caller if nobody delivers; otherwise queued, and — when `mayWait` (the
  /// caller is not inside any delivery, so blocking it cannot deadlock) — the caller waits until it is delivered
  /// (or the role is handed to it). A send that may not wait and finds the delivery parked adopts it when
  /// `mayAdopt` (it is queued last either way).
  @inlinable
  mutating func send(_ item: Item, mayWait: Bool = false, mayAdopt: Bool = false) -> SendAction {
    switch state {
    case .idle:
      state = .delivering
      return .deliver(item)
    case .delivering:
      if mayWait {
        let waiter = SerialDeliveryWaiter(ticket: handedOut + queue.count)
        queue.append(item)
        waiters.append(waiter)
        return .wait(waiter)
      }
      queue.append(item)
      if parked && mayAdopt {
        parked = false
        return .adopted
      }
      return .queued
    case .closed:
      return .dropped(item)
    }
  }

  /// Queues `item` without taking the emitter role (the caller then calls ``startDelivering()``); returns the item
  /// back if closed, to release outside the lock. Used by sinks that decide several items under one lock.
  @inlinable
  mutating func enqueue(_ item: Item) -> Item? {
    if case .closed = state { return item }
    queue.append(item)
    return nil
  }

  /// Takes the emitter role if nobody holds it and something is queued, and hands out the first item.
  @inlinable
  mutating func startDelivering() -> NextAction {
    guard case .idle = state, let first = queue.popFirst() else { return .idle }
    handedOut += 1
    state = .delivering
    return .deliver(first)
  }

  /// Takes the emitter role for a delivery that will run later (on a scheduler) if nobody holds it; returns whether
  /// the caller must schedule it. The item is queued either way (unless closed, when it is handed back).
  @inlinable
  mutating func sendDeferred(_ item: Item) -> (schedule: Bool, dropped: Item?) {
    switch state {
    case .idle:
      state = .delivering
      queue.append(item)
      return (true, nil)
    case .delivering:
      queue.append(item)
      return (false, nil)
    case .closed:
      return (false, item)
    }
  }

  /// The emitter could not deliver `item` now: it goes back to the front of the queue; the emitter keeps the role
  /// (and schedules a later delivery). Returns the item if closed, to release outside the lock.
  @inlinable
  mutating func prepend(_ item: Item) -> Item? {
    switch state {
    case .delivering:
      queue.prepend(item)
      handedOut -= 1
      return nil
    case .closed:
      return item
    case .idle:
      preconditionFailure("Internal inconsistency: SerialDelivery.prepend without the emitter role")
    }
  }

  /// The emitter asks for the next item (after delivering one, or when its scheduled delivery starts): hands it
  /// out (with its producer's waiter, if it waits), or gives up the role when the queue is empty. An emitter that
  /// stops after a bounded batch simply does not call this; it keeps the role and its next scheduled run continues
  /// here, or it ends its turn (``endTurn()``).
  @inlinable
  mutating func next() -> NextAction {
    precondition(!parked, "Internal inconsistency: SerialDelivery.next on a parked delivery")
    switch state {
    case .delivering:
      if let next = queue.popFirst() {
        let sequence = handedOut
        handedOut += 1
        if let waiter = waiters.first, waiter.ticket == sequence {
          _ = waiters.popFirst()
          return .deliverWaited(next, waiter)
        }
        return .deliver(next)
      }
      precondition(waiters.isEmpty, "Internal inconsistency: SerialDelivery has a waiter without a queued item")
      state = .idle
      return .idle
    case .closed:
      return .idle
    case .idle:
      preconditionFailure("Internal inconsistency: SerialDelivery.next without the emitter role")
    }
  }

  /// The emitter, having delivered one item, asks whether to go on: keeps the role if something is queued, gives
  /// it up otherwise (RxSwift's `observe(on:)` pump, which delivers one event per scheduled action). Only stages that
  /// never wait call this.
  @inlinable
  mutating func keepRoleIfQueued() -> Bool {
    switch state {
    case .delivering:
      if !queue.isEmpty { return true }
      precondition(waiters.isEmpty, "Internal inconsistency: SerialDelivery.keepRoleIfQueued with producers waiting")
      state = .idle
      return false
    case .closed:
      return false
    case .idle:
      preconditionFailure("Internal inconsistency: SerialDelivery.keepRoleIfQueued without the emitter role")
    }
  }

  /// Closes the queue: nothing more is delivered. Returns what was queued, to release outside the lock. Idempotent.
  /// Only stages that never wait (``send(_:mayWait:)`` with `false`) close.
  @inlinable
  mutating func close() -> FIFOBuffer<Item> {
    precondition(waiters.isEmpty, "Internal inconsistency: SerialDelivery closed with producers waiting")
    state = .closed
    var dropped = FIFOBuffer<Item>()
    swap(&dropped, &queue)
    handedOut += dropped.count
    return dropped
  }
}
