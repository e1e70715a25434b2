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
/// `@unchecked Sendable`: all mutable state is inside `locked` (a `LockedState`); `deliver(_:)` calls are
/// serialised by the `emitting` flag kept under that lock.
class SerializingSink<Observer: ObserverType, State, Item>: Sink<Observer>, @unchecked Sendable {
  /// The items decided under the lock, waiting for delivery.
  struct Outbox {
    fileprivate var items: [Item] = []
    fileprivate var head = 0

    /// Queues `item` for delivery after everything queued before it.
    mutating func send(_ item: Item) { items.append(item) }

    /// Removes and returns the oldest queued item; the storage is reset (keeping its capacity) when emptied.
    fileprivate mutating func takeFirst() -> Item? {
      guard head < items.count else { return nil }
      let item = items[head]
      head += 1
      if head == items.count { removeAll() }
      return item
    }

    fileprivate mutating func removeAll() {
      items.removeAll(keepingCapacity: true)
      head = 0
    }
  }

  struct Locked {
    var state: State
    var outbox = Outbox()
    var emitting = false
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
    let (result, first): (R, Item?) = locked.withLock { locked in
      let result = body(&locked.state, &locked.outbox)
      guard !locked.emitting, let first = locked.outbox.takeFirst() else { return (result, nil) }
      // This thread becomes the emitter and delivers the first item without another lock round trip.
      locked.emitting = true
      return (result, first)
    }
    if let first {
      if !isDisposed { deliver(first) }
      drain()
    }
    return result
  }

  /// Reads the state under the lock. `body` must not call out.
  final func peek<R>(_ body: (State) -> R) -> R {
    locked.withLock { body($0.state) }
  }

  /// Delivers queued items until none is left, then gives up the emitter role. Only the emitter calls this.
  private final func drain() {
    while true {
      let item: Item? = locked.withLock { locked in
        if !isDisposed, let item = locked.outbox.takeFirst() { return item }
        locked.outbox.removeAll()
        locked.emitting = false
        return nil
      }
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
