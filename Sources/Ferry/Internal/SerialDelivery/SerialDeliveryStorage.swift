/// A ``SerialDeliveryStateMachine`` behind its own lock, for a stage whose only shared state is its queue
/// (`observe(on:)`).
///
/// Every method takes the lock once, asks the state machine, and returns what to do; items handed back (to
/// deliver, or dropped) are released by the caller after the lock is given up. Nothing is called under the lock.
@usableFromInline
struct SerialDeliveryStorage<Item>: Sendable {
  @usableFromInline let state: LockedState<SerialDeliveryStateMachine<Item>>

  @inlinable init() { state = LockedState(SerialDeliveryStateMachine()) }

  /// Offers `item`; returns `true` if the caller took the emitter role and must deliver it now (it keeps the item),
  /// `false` if it was queued behind the delivery in progress (or dropped, once closed).
  @inlinable
  func send(_ item: Item) -> Bool {
    var dropped: Item?
    let deliver: Bool = state.withLock { machine in
      if machine.takeRoleIfIdle() { return true }
      dropped = machine.enqueue(item)
      return false
    }
    withExtendedLifetime(dropped) {}  // released here, outside the lock
    return deliver
  }

  /// Queues `item` for a scheduled delivery; returns whether the caller took the emitter role and must schedule it.
  @inlinable
  func sendDeferred(_ item: Item) -> Bool {
    let (schedule, dropped) = state.withLock { $0.sendDeferred(item) }
    withExtendedLifetime(dropped) {}
    return schedule
  }

  /// Puts back an item the emitter could not deliver now; returns whether the caller (still the emitter) must
  /// schedule its delivery.
  @inlinable
  func prepend(_ item: Item) -> Bool {
    let dropped = state.withLock { $0.prepend(item) }
    return dropped == nil
  }

  /// The emitter's next item, or `nil` once the role was given up.
  @inlinable
  func next() -> Item? {
    var item: Item?
    state.withLock { machine in
      switch machine.next() {
      case .deliver(let next): item = next
      case .idle: break
      case .deliverWaited: preconditionFailure("Internal inconsistency: SerialDeliveryStorage never waits")
      }
    }
    return item
  }

  /// After delivering one item: returns `true` if the caller keeps the emitter role (something is queued) and must
  /// schedule the next delivery, `false` if it gave the role up.
  @inlinable
  func keepRoleIfQueued() -> Bool {
    state.withLock { $0.keepRoleIfQueued() }
  }

  /// Closes the queue; what was queued is released after the lock.
  @inlinable
  func close() {
    let dropped = state.withLock { $0.close() }
    withExtendedLifetime(dropped) {}
  }
}
