/// The base of every sink that receives events from several sources (merge, the flatMap family, combineLatest,
/// zip, withLatestFrom, sample): one lock around the operator's state and a delivery queue behind it.
///
/// Protocol:
/// - `synchronized { state, outbox in … }` runs the operator's decision under the lock. What it appends to
///   `outbox` is queued, in lock order, for delivery.
/// - After the lock is released, the caller either becomes the *emitter* (no one else is delivering) and
///   delivers queued items one at a time through `deliver(_:)`, or — if another thread is delivering, or this
///   thread is already inside `deliver(_:)` (re-entrancy from an observer) — returns at once and leaves its
///   items to the emitter, which delivers them after the current one, in order.
/// - `deliver(_:)` runs outside the lock, never overlapping itself, so it may call user closures (result
///   selectors) and the downstream observer. Nothing is delivered once the sink is disposed.
///
/// The queue and the emitter role are a ``SerialDeliveryStateMachine`` kept under the same lock as the operator's
/// state; items taken from it, and items dropped once the sink is disposed, are released after the lock.
///
/// `@unchecked Sendable`: all mutable state is inside `locked` (a `LockedState`); `deliver(_:)` calls are
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
      // The state machine is only closed by `drain()` after disposal, and nothing is sent after that but from
      // late upstream events, which `synchronized` ignores once disposed (see below).
      let dropped = delivery.enqueue(item)
      precondition(dropped == nil, "Internal inconsistency: SerializingSink queued an item after closing")
    }
  }

  struct Locked {
    var state: State
    var outbox = Outbox()
  }

  final let locked: LockedState<Locked>

  init(observer: Observer, state: State) {
    locked = LockedState(Locked(state: state))
    super.init(observer: observer)
  }

  /// Runs `body` under the lock, then delivers what it queued (or leaves it to the thread already delivering).
  /// `body` must not call out to user code or observers.
  @discardableResult
  final func synchronized<R>(_ body: (inout State, inout Outbox) -> R) -> R {
    // Moved out of the lock and released after it: what a disposed sink's `body` queued, and what `body` replaced.
    var first: Item?
    var discarded: Outbox?
    var released: (Any?, [Any])?
    let result: R = locked.withLock { locked in
      if locked.outbox.delivery.isClosed {
        // Disposed: decide (the operator's state stays consistent) but deliver nothing.
        var scratch = Outbox()
        let result = body(&locked.state, &scratch)
        discarded = scratch
        return result
      }
      let result = body(&locked.state, &locked.outbox)
      if locked.outbox.toRelease != nil { released = locked.outbox.takeToRelease() }
      // This thread becomes the emitter (if nobody is) and delivers the first item without another lock round
      // trip.
      switch locked.outbox.delivery.startDelivering() {
      case .deliver(let item): first = item
      case .idle: break
      case .handOff: preconditionFailure("Internal inconsistency: SerializingSink never waits")
      }
      return result
    }
    _ = discarded
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
    locked.withLock { body($0.state) }
  }

  /// Delivers queued items until none is left, then gives up the emitter role. Only the emitter calls this. Once
  /// the sink is disposed, closes the queue and releases what it held after the lock.
  private final func drain() {
    while true {
      var item: Item?
      var dropped: FIFOBuffer<Item>?
      locked.withLock { locked in
        if isDisposed {
          dropped = locked.outbox.delivery.close()
          return
        }
        switch locked.outbox.delivery.next() {
        case .deliver(let next): item = next
        case .idle: break
        case .handOff: preconditionFailure("Internal inconsistency: SerializingSink never waits")
        }
      }
      _ = dropped
      guard let item else { return }
      deliver(item)
    }
  }

  /// Delivers one item downstream. Called outside the lock, one call at a time. Subclasses override.
  func deliver(_ item: Item) {
    preconditionFailure("Internal inconsistency: SerializingSink.deliver is abstract")
  }
}

/// An observer of one of several sources that forwards its events, tagged, to a shared handler.
struct TaggedObserver<Element>: ObserverType {
  let handler: @Sendable (Event<Element>) -> Void

  init(_ handler: @escaping @Sendable (Event<Element>) -> Void) { self.handler = handler }

  func on(_ event: Event<Element>) { handler(event) }
}
