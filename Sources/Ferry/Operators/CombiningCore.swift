/// The element-typed half of a `combineLatest` or `zip` subscription: the elements (`Storage`: the latest ones, or
/// FIFOs of unpaired ones), the element-free `Progress`, the delivery queue and the result selector, behind one
/// lock.
///
/// Why a class of its own: the downstream observer's type is known only inside `subscribe`, which runs as
/// unspecialised generic code (reached through its vtable entry), where every generic value type touched costs a
/// runtime metadata lookup per element (issue 11). This class does not depend on the observer, so its inlinable
/// methods are specialised in the client, called from the per-source event handlers that the operator's inlinable
/// entry point builds (see ``CombiningSource``). Only the result, as a ready `Event`, crosses into generic code,
/// by address, through ``CombiningDownstream``.
///
/// Same protocol as ``SerializingSink``: decide under the lock; deliver after it, one item at a time, by the thread
/// that took the emitter role of ``SerialDeliveryStateMachine`` (others queue behind it); release replaced elements
/// and dropped items after the lock.
///
/// `@unchecked Sendable`: `storage`, `progress`, `delivery` and `closed` are guarded by `lock`; `deliver(_:)` calls
/// are serialised by the emitter role kept under it.
@usableFromInline
final class CombiningCore<Storage, Progress: CombiningProgress, Values, Result>: @unchecked Sendable {
  @usableFromInline typealias Item = CombineItem<Values>

  // The lock first, so that its offset does not depend on the generic parameters. The state after it is
  // `@exclusivity(unchecked)`: `lock` already makes every access exclusive, and the dynamic check costs about 500
  // instructions per element (callgrind).
  @usableFromInline let lock: UnsafeMutablePointer<PlatformLock.Primitive>
  @usableFromInline @exclusivity(unchecked) var storage: Storage
  @usableFromInline @exclusivity(unchecked) var progress: Progress
  @usableFromInline @exclusivity(unchecked) var delivery = SerialDeliveryStateMachine<Item>()
  /// Disposed: nothing more is stored or delivered.
  @usableFromInline @exclusivity(unchecked) var closed = false
  @usableFromInline let combine: @Sendable (Values) throws -> Result
  /// The sink; it owns nothing of this object but a weak reference, the sources' observers keep both alive.
  @usableFromInline let downstream: any CombiningDownstream<Result>

  init(
    storage: Storage, progress: Progress, combine: @escaping @Sendable (Values) throws -> Result,
    downstream: any CombiningDownstream<Result>
  ) {
    lock = .allocate(capacity: 1)
    PlatformLock.initialize(lock)
    self.storage = storage
    self.progress = progress
    self.combine = combine
    self.downstream = downstream
  }

  deinit {
    PlatformLock.deinitialize(lock)
    lock.deallocate()
  }

  /// A source emitted `element`; `step` stores it (leaving in its `inout` argument what is to be released: the
  /// element it replaced, or nothing) and decides what to emit, under the lock.
  @inlinable
  final func next<Element>(_ element: Element, step: (inout Storage, inout Progress, inout Element?) -> Item?) {
    // Holds the element the new one replaces (or the new one, if ignored) until after the lock.
    var released: Element? = element
    PlatformLock.lock(lock)
    if !closed && !progress.isStopped, let item = step(&storage, &progress, &released) {
      emit(item)
    } else {
      PlatformLock.unlock(lock)
    }
    withExtendedLifetime(released) {}
  }

  /// A source failed: the first stop event is forwarded.
  @inlinable
  final func error(_ error: any Swift.Error) {
    PlatformLock.lock(lock)
    if !closed && progress.error() {
      emit(.error(error))
    } else {
      PlatformLock.unlock(lock)
    }
  }

  /// Source `index` completed.
  @inlinable
  final func completed(_ index: Int) {
    PlatformLock.lock(lock)
    if !closed && progress.completed(index) {
      emit(.completed)
    } else {
      PlatformLock.unlock(lock)
    }
  }

  /// No sources: emits `values` (`combineLatest`'s empty combination; `nil` for `zip`) and completes.
  final func finishEmpty(_ values: Values?) {
    PlatformLock.lock(lock)
    guard !closed else {
      PlatformLock.unlock(lock)
      return
    }
    progress.stop()
    if let values {
      emit(.values(values))
      PlatformLock.lock(lock)
    }
    if closed {
      PlatformLock.unlock(lock)
    } else {
      emit(.completed)
    }
  }

  /// Called under the lock, returns without it: delivers `item` if nobody delivers (then whatever was queued
  /// meanwhile), or queues it behind the delivery in progress (another thread's, or this one's re-entrant one).
  @inlinable
  final func emit(_ item: Item) {
    if delivery.takeRoleIfIdle() {
      PlatformLock.unlock(lock)
      SerialDelivery.enter()
      deliver(item)
      drain()
      SerialDelivery.exit()
    } else {
      // Not closed: `closed` was checked under this lock, and only `close()` closes the queue's owner.
      let dropped = delivery.enqueue(item)
      PlatformLock.unlock(lock)
      withExtendedLifetime(dropped) {}
    }
  }

  /// Delivers queued items until none is left, then gives up the emitter role. Only the emitter calls this. Once
  /// closed, closes the queue and releases what it held after the lock.
  @inlinable
  final func drain() {
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
        preconditionFailure("Internal inconsistency: a combining operator's queue was not empty")
      }
      deliver(item)
    }
  }

  /// Applies the result selector (outside the lock) and forwards the result, or forwards a stop event.
  @inlinable
  final func deliver(_ item: Item) {
    switch item {
    case .values(let values):
      let result: Result
      do {
        result = try combine(values)
      } catch {
        downstream.deliverError(error)
        return
      }
      downstream.deliverNext(.next(result))
    case .error(let error): downstream.deliverError(error)
    case .completed: downstream.deliverCompleted()
    }
  }

  /// Disposal: stops storing and delivering, and releases the elements (outside the lock) by swapping in `empty` —
  /// a disposed subscription keeps nothing alive.
  func close(empty: Storage) {
    var released = empty
    PlatformLock.lock(lock)
    closed = true
    swap(&released, &storage)
    PlatformLock.unlock(lock)
    withExtendedLifetime(released) {}
  }
}

/// The downstream side of a combining operator's typed core: the observer-generic sink, which forwards a ready
/// event by address (so that generic code needs no metadata of `Event<Result>`).
@usableFromInline
protocol CombiningDownstream<Result>: AnyObject, Sendable {
  associatedtype Result

  /// Forwards `event`, a `.next`, unless disposed.
  func deliverNext(_ event: Event<Result>)
  /// Forwards an error (once) and ends the subscription.
  func deliverError(_ error: any Swift.Error)
  /// Forwards completion (once) and ends the subscription.
  func deliverCompleted()
}

/// The element-free decisions of a combining operator that the shared paths of ``CombiningCore`` need (the element
/// path is the operator's step).
@usableFromInline
protocol CombiningProgress: SendableMetatype {
  /// Whether a stop event was decided; nothing is decided after it.
  var isStopped: Bool { get }
  /// A source failed; returns whether the error is forwarded (the first stop event only).
  mutating func error() -> Bool
  /// Source `index` completed; returns whether the result completes.
  mutating func completed(_ index: Int) -> Bool
  /// Stops without an event from a source (an empty collection of sources).
  mutating func stop()
}
