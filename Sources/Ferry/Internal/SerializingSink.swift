/// The base of every sink that receives events from several sources (merge, the flatMap family, combineLatest,
/// zip, withLatestFrom, sample): one lock around the operator's state and a delivery queue behind it.
///
/// Protocol:
/// - `synchronized { state, outbox in … }` runs the operator's decision under the lock. What it appends to
///   `outbox` is queued, in lock order, for delivery.
/// - After the lock is released, the caller either becomes the *emitter* (no one else is delivering: the first item
///   it sent skips the queue) and delivers its items one at a time through `deliver(_:)`, or — if another thread is delivering, or this
///   thread is already inside `deliver(_:)` (re-entrancy from an observer) — returns at once and leaves its
///   items to the emitter, which delivers them after the current one, in order.
/// - `deliver(_:)` runs outside the lock, never overlapping itself, so it may call user closures (result
///   selectors) and the downstream observer. Nothing is delivered once the sink is disposed.
///
/// The queue and the emitter role are a ``SerialDeliveryStateMachine`` kept under the same lock as the operator's
/// state; items taken from it, and items dropped once the sink is disposed, are released after the lock.
///
/// `@unchecked Sendable`: all mutable state (`state`, `outbox`) is guarded by `lock`; `deliver(_:)` calls are
/// serialised by the emitter role of the state machine kept under that lock.
class SerializingSink<Observer: ObserverType, State, Item>: Sink<Observer>, @unchecked Sendable {
  /// The items decided under the lock, waiting for delivery.
  struct Outbox {
    fileprivate var delivery = SerialDeliveryStateMachine<Item>()
    /// What the operator replaced or dropped in this transition, released after the lock (a `deinit` may call
    /// back into the operator). One value needs no allocation (small values sit in the existential's inline
    /// buffer); more go to `moreToRelease`.
    fileprivate var toRelease: Any?
    fileprivate var moreToRelease: [Any] = []
    /// The item this transition's thread delivers first, having taken the emitter role in ``send(_:)``. (Last, so
    /// that the fields before it keep fixed offsets.)
    fileprivate var direct: Item?

    /// Keeps `value` alive until the lock is given up; call it before overwriting or removing the last reference
    /// to an element (or anything else whose `deinit` may run user code) inside `synchronized`.
    mutating func releaseAfterUnlock<Value>(_ value: Value) {
      if toRelease == nil {
        toRelease = value
      } else {
        moreToRelease.append(value)
      }
    }

    /// Stores `value` in `slot`; the previous content is released after the lock.
    mutating func replace<Value>(_ slot: inout Value, with value: Value) {
      var previous = value
      swap(&previous, &slot)
      releaseAfterUnlock(previous)
    }

    /// Moves out what is to be released.
    fileprivate mutating func takeToRelease() -> (Any?, [Any]) {
      var one: Any? = nil
      swap(&one, &toRelease)
      guard !moreToRelease.isEmpty else { return (one, []) }
      var more: [Any] = []
      swap(&more, &moreToRelease)
      return (one, more)
    }

    /// Queues `item` for delivery after everything queued before it.
    mutating func send(_ item: Item) {
      // The uncontended path: nobody delivers, so this transition's thread takes the emitter role and delivers
      // `item` itself, first, without the queue (its ring buffer and hand-out enum are several metadata lookups
      // in unspecialised code). Later items of the same transition find the role taken and are queued behind it.
      if delivery.takeRoleIfIdle() {
        direct = item
        return
      }
      // The state machine is only closed by `drain()` after disposal, and nothing is sent after that but from
      // late upstream events, which `synchronized` ignores once disposed (see below).
      let dropped = delivery.enqueue(item)
      precondition(dropped == nil, "Internal inconsistency: SerializingSink queued an item after closing")
    }
  }

  // The lock and the state it guards are class fields, not a `LockedState<…>`: sinks run as unspecialised generic
  // code (they are reached through `subscribe`'s vtable entry and observers' witness tables), where every generic
  // value type a function touches costs a runtime metadata lookup (about 330 instructions each; they were more than
  // half of `combineLatest`'s and `flatMapLatest`'s instructions). Fields of the class cost none.
  private final let lock: UnsafeMutablePointer<PlatformLock.Primitive>
  /// The operator's state; guarded by `lock`.
  private final var state: State
  /// The delivery queue and emitter role; guarded by `lock`.
  private final var outbox = Outbox()

  init(observer: Observer, state: State) {
    // The runtime places an empty stored property of a generic class at offset 0, the object's header, so with an
    // empty `State` (`Void`) the thread sanitizer reports every access to it as racing with reads of the header
    // (a false positive that hides real ones). Every operator gives its sink real state.
    assert(MemoryLayout<State>.size > 0, "SerializingSink needs a non-empty State (see the comment above)")
    lock = .allocate(capacity: 1)
    PlatformLock.initialize(lock)
    self.state = state
    super.init(observer: observer)
  }

  deinit {
    PlatformLock.deinitialize(lock)
    lock.deallocate()
  }

  /// Runs `body` under the lock, then delivers what it queued (or leaves it to the thread already delivering).
  /// `body` must not call out to user code or observers.
  @discardableResult
  final func synchronized<R>(_ body: (inout State, inout Outbox) -> R) -> R {
    PlatformLock.lock(lock)
    if isDisposed {
      // Disposed: decide (the operator's state stays consistent) but deliver nothing; what `body` queued or
      // replaced is released after the lock. (The disposed bit rather than the queue's closed state: it is set
      // first, and reading it needs no metadata of the generic state machine.)
      var scratch = Outbox()
      let result = body(&state, &scratch)
      PlatformLock.unlock(lock)
      _ = scratch
      return result
    }
    let result = body(&state, &outbox)
    var released: (Any?, [Any])?
    if outbox.toRelease != nil { released = outbox.takeToRelease() }
    var first: Item?
    swap(&first, &outbox.direct)
    PlatformLock.unlock(lock)
    _ = released
    if let first {
      SerialDelivery.enter()
      if !isDisposed { deliver(first) }
      drain()
      SerialDelivery.exit()
    }
    return result
  }

  /// Reads the state under the lock. `body` must not call out.
  final func peek<R>(_ body: (State) -> R) -> R {
    PlatformLock.lock(lock)
    defer { PlatformLock.unlock(lock) }
    return body(state)
  }

  /// Reads or changes the state under the lock without delivering anything (for `disposeResources()` and for
  /// bookkeeping that queues nothing). `body` must not call out.
  final func withState<R>(_ body: (inout State) -> R) -> R {
    PlatformLock.lock(lock)
    defer { PlatformLock.unlock(lock) }
    return body(&state)
  }

  /// Delivers queued items until none is left, then gives up the emitter role. Only the emitter calls this. Once
  /// the sink is disposed, closes the queue and releases what it held after the lock.
  private final func drain() {
    while true {
      PlatformLock.lock(lock)
      if isDisposed {
        let dropped = outbox.delivery.close()
        PlatformLock.unlock(lock)
        _ = dropped
        return
      }
      // Gives the role up when nothing is queued (the common case, without the hand-out enum).
      guard outbox.delivery.keepRoleIfQueued() else {
        PlatformLock.unlock(lock)
        return
      }
      let action = outbox.delivery.next()
      PlatformLock.unlock(lock)
      guard case .deliver(let item) = action else {
        preconditionFailure("Internal inconsistency: SerializingSink's queue was not empty")
      }
      deliver(item)
    }
  }

  /// Delivers one item downstream. Called outside the lock, one call at a time. Subclasses override.
  func deliver(_ item: Item) {
    preconditionFailure("Internal inconsistency: SerializingSink.deliver is abstract")
  }
}

/// An observer of one of several sources that forwards its events, tagged, to a shared handler. (`on(_:)` passes
/// the event through by address, so it needs no metadata of `Event<Element>`; a handler built in inlinable code is
/// specialised in the client.)
@usableFromInline
struct TaggedObserver<Element>: ObserverType {
  @usableFromInline let handler: @Sendable (Event<Element>) -> Void

  @inlinable init(_ handler: @escaping @Sendable (Event<Element>) -> Void) { self.handler = handler }

  @usableFromInline func on(_ event: Event<Element>) { handler(event) }
}
