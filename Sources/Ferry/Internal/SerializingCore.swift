/// The observer-independent half of every operator with several sources or timers: one lock, the delivery queue
/// and emitter role behind it, and the downstream to deliver to.
///
/// Stateful operators are written on its one subclass ``OperatorStorage``, which drives a value-type
/// ``OperatorStateMachine`` through one idiom, ``OperatorStorage/withLock(_:)`` (see `Docs/WritingAnOperator.md`
/// for the list).
///
/// Why a core and not a sink: a sink's methods run as unspecialised generic code (reached through `subscribe`'s
/// vtable entry and observers' witness tables), where every generic value type touched costs a runtime metadata
/// lookup per element (about 330 instructions each). This class does not depend on the downstream observer's type,
/// so subclasses' inlinable methods — called from event handlers built in the operators' inlinable entry points —
/// are specialised in the client; only a ready `Event` crosses into generic code, by address, through
/// ``CoreDownstream``.
///
/// The protocol: decide under `lock`; ``emit(_:deliver:)`` then delivers after it, one item at a time, by the thread
/// that took the emitter role of ``SerialDeliveryStateMachine`` (others, and re-entrant sends, queue behind it);
/// what is replaced or dropped is released after the lock.
@usableFromInline
class SerializingCore<Item, Result>: @unchecked Sendable {
  // @unchecked Sendable: `delivery`, `closed` and subclasses' state are guarded by `lock`; deliveries are serialised by
  // the emitter role kept under it.
  // The lock first, so that its offset does not depend on the generic parameters. The state is
  // `@exclusivity(unchecked)`: `lock` already makes every access exclusive, and the dynamic check costs about 500
  // instructions per element (callgrind).
  @usableFromInline final let lock: UnsafeMutablePointer<PlatformLock.Primitive>
  @usableFromInline @exclusivity(unchecked) final var delivery = SerialDeliveryStateMachine<Item>()
  /// Disposed: nothing more is stored or delivered.
  @usableFromInline @exclusivity(unchecked) final var closed = false
  /// The sink; it holds this object only weakly, the sources' observers keep both alive.
  @usableFromInline final let downstream: any CoreDownstream<Result>

  init(downstream: any CoreDownstream<Result>) {
    lock = .allocate(capacity: 1)
    PlatformLock.initialize(lock)
    self.downstream = downstream
  }

  deinit {
    PlatformLock.deinitialize(lock)
    lock.deallocate()
  }

  /// Called under the lock, returns without it: delivers `item` through `deliver` if nobody delivers (then
  /// whatever was queued meanwhile), or queues it behind the delivery in progress (another thread's, or this
  /// thread's own re-entrant one). Callers check `closed` first.
  // Always inlined: a `deliver` closure built for an outlined call retains `self` per element, which is slow once
  // the sink holds a weak reference to the core (side-table reference counts).
  @inlinable @inline(__always)
  final func emit(_ item: Item, deliver: (Item) -> Void) {
    if delivery.takeRoleIfIdle() {
      PlatformLock.unlock(lock)
      SerialDelivery.enter()
      deliver(item)
      drain(deliver)
      SerialDelivery.exit()
    } else {
      // Only closed together with `closed`, which the caller checked under this lock: nothing comes back.
      let dropped = delivery.enqueue(item)
      PlatformLock.unlock(lock)
      withExtendedLifetime(dropped) {}
    }
  }

  /// Like ``emit(_:deliver:)`` for two items decided in one transition (an element and the completion after it):
  /// both are delivered, or queued, in order, with nothing between them.
  @inlinable @inline(__always)
  final func emit(_ item: Item, then next: Item, deliver: (Item) -> Void) {
    if delivery.takeRoleIfIdle() {
      // Queued behind the item this thread delivers now; `drain` hands it out next. (The role is held, so the
      // queue is open.)
      _ = delivery.enqueue(next)
      PlatformLock.unlock(lock)
      SerialDelivery.enter()
      deliver(item)
      drain(deliver)
      SerialDelivery.exit()
    } else {
      let dropped = (delivery.enqueue(item), delivery.enqueue(next))
      PlatformLock.unlock(lock)
      withExtendedLifetime(dropped) {}
    }
  }

  /// Delivers queued items until none is left, then gives up the emitter role. Only the emitter calls this. Once
  /// closed, closes the queue and releases what it held after the lock.
  @inlinable @inline(__always)
  final func drain(_ deliver: (Item) -> Void) {
    while true {
      PlatformLock.lock(lock)
      if closed {
        let dropped = delivery.close()
        PlatformLock.unlock(lock)
        withExtendedLifetime(dropped) {}
        return
      }
      // Gives the role up when nothing is queued (the common case, without the hand-out enum).
      guard delivery.keepRoleIfQueued() else {
        PlatformLock.unlock(lock)
        return
      }
      let action = delivery.next()
      PlatformLock.unlock(lock)
      guard case .deliver(let item) = action else {
        preconditionFailure("Internal inconsistency: SerializingCore's queue was not empty")
      }
      deliver(item)
    }
  }
}

/// The downstream side of a ``SerializingCore``: the observer-generic sink, which forwards a ready event by address
/// (so that generic code needs no metadata of `Event<Result>`).
@usableFromInline
protocol CoreDownstream<Result>: AnyObject, Sendable {
  associatedtype Result

  /// Forwards `event`, a `.next`, unless disposed.
  func deliverNext(_ event: Event<Result>)
  /// Forwards an error (once) and ends the subscription.
  func deliverError(_ error: any Swift.Error)
  /// Forwards completion (once) and ends the subscription.
  func deliverCompleted()
}

extension SerializingCore where Item == Event<Result> {
  /// ``emit(_:deliver:)`` for cores whose items are the result's events: delivers them downstream. (A non-escaping
  /// closure rather than `forward` itself: a partially applied method retains `self` per element, and the core's
  /// reference count is in a side table once the sink holds it weakly.)
  @inlinable @inline(__always)
  final func emit(_ event: Event<Result>) {
    emit(event) { forward($0) }
  }

  /// ``emit(_:then:deliver:)`` for cores whose items are the result's events.
  @inlinable @inline(__always)
  final func emit(_ event: Event<Result>, then next: Event<Result>) {
    emit(event, then: next) { forward($0) }
  }

  /// Forwards one event downstream (outside the lock, one at a time): the `deliver` of cores whose items are the
  /// result's events.
  @inlinable
  final func forward(_ event: Event<Result>) {
    switch event {
    case .next: downstream.deliverNext(event)
    case .error(let error): downstream.deliverError(error)
    case .completed: downstream.deliverCompleted()
    }
  }
}
