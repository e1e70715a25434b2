extension ObservableType where Element: ObservableConvertibleType {
  /// Subscribes to every inner sequence as it arrives and emits all their elements.
  ///
  /// Completes when `self` and every inner sequence have completed; the first error from any of them
  /// terminates the result. Disposing the result disposes `self` and every inner subscription.
  @inlinable
  public func merge() -> Observable<Element.Element> {
    mergeObservable(asObservable(), maxConcurrent: .max, dropsWhileBusy: false) { $0.asObservable() }
  }

  /// Like ``merge()``, but subscribes to at most `maxConcurrent` inner sequences at a time; later ones wait, in
  /// order, until an active one completes.
  ///
  /// - Precondition: `maxConcurrent > 0`.
  @inlinable
  public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
    requireArgument(maxConcurrent > 0, "merge(maxConcurrent:): maxConcurrent must be > 0, got \(maxConcurrent)")
    return mergeObservable(asObservable(), maxConcurrent: maxConcurrent, dropsWhileBusy: false) { $0.asObservable() }
  }
}

extension ObservableType {
  /// Emits the elements of all `sources` as they arrive; completes when all of them have completed.
  @inlinable
  public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
    Observable.from(sources).merge()
  }

  /// Emits the elements of all `sources` as they arrive; completes when all of them have completed.
  @inlinable
  public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
    Observable.from(sources).merge()
  }

  /// Emits the elements of all `sources` as they arrive; completes when all of them have completed.
  @inlinable
  public static func merge<C: Collection>(_ sources: C) -> Observable<Element> where C.Element == Observable<Element> {
    Observable.from(Array(sources)).merge()
  }
}

/// The engine of `merge`, `flatMap`, `concat`, `concatMap` and `flatMapFirst`: subscribes to the inner sequence
/// `selector` makes of each element of `source`, at most `maxConcurrent` at a time (later ones wait in order or,
/// `dropsWhileBusy`, are ignored without calling `selector`). Built where the element types are concrete, so the
/// per-element work in ``MergeCore`` is specialised in the client.
@inlinable
func mergeObservable<Source, Result>(
  _ source: Observable<Source>, maxConcurrent: Int, dropsWhileBusy: Bool,
  selector: @escaping @Sendable (Source) throws -> Observable<Result>
) -> Observable<Result> {
  SerializingCoreObservable { host in
    let core = MergeCore(downstream: host, maxConcurrent: maxConcurrent, dropsWhileBusy: dropsWhileBusy)
    host.attach(core)
    let inner: @Sendable (Event<Result>, UInt64) -> Void = { event, id in core.onInner(event, id: id) }
    core.innerHandler = inner
    host.setUpstream(
      source.subscribe(
        CoreSourceObserver(host: host) { event in
          switch event {
          case .next(let element): core.onOuterNext(element, selector: selector, inner: inner)
          case .error(let error): core.stop(error)
          case .completed: core.onOuterCompleted()
          }
        }))
  }
}

/// The lock-protected state of a ``MergeCore``: the inner sequences waiting, running and their subscriptions.
@usableFromInline
struct MergeState<Result> {
  /// Inner subscriptions started and not yet completed.
  @usableFromInline var active = 0
  /// Inner sequences decided on but not yet subscribed to (beyond `maxConcurrent`, or waiting for the start loop).
  @usableFromInline var pending = FIFOBuffer<Observable<Result>>()
  /// A thread is running the start loop; others leave their pending inners to it (this also turns the
  /// recursion of synchronously completing inners, e.g. `concat` of `just`s, into a loop).
  @usableFromInline var starting = false
  @usableFromInline var outerDone = false
  @usableFromInline var stopped = false
  /// The running inner sequences' subscriptions, by slot (an inner sequence's id is its slot). Kept here, under the
  /// lock, rather than in a `CompositeDisposable` of `SingleAssignmentDisposable`s (two objects fewer per inner
  /// sequence), and in slots rather than a dictionary (no hashing per inner sequence). A slot freed by a completion
  /// is only taken again by a later registration, which needs the start loop: never while an inner sequence is
  /// being subscribed to, so `subscribe` finds its own slot, or finds it free if the inner sequence completed inside.
  @usableFromInline var inners: ContiguousArray<MergeInnerSlot> = []
  /// The free slots of `inners`.
  @usableFromInline var freeSlots: ContiguousArray<Int> = []

  @inlinable init() {}

  /// Whether the result should complete now.
  @inlinable var isFinished: Bool { outerDone && active == 0 && pending.isEmpty }

  /// Claims the start loop and the next pending inner if there is capacity and no other thread runs the loop;
  /// returns it with the id its subscription is registered under.
  @inlinable
  mutating func takeNextToStart(maxConcurrent: Int) -> (Observable<Result>, UInt64)? {
    guard !starting, !stopped, active < maxConcurrent, let inner = pending.popFirst() else { return nil }
    return (inner, register())
  }

  /// Counts a new inner subscription and reserves its slot in `inners`; the caller runs the start loop.
  @inlinable
  mutating func register() -> UInt64 {
    active += 1
    starting = true
    if let slot = freeSlots.popLast() {
      inners[slot] = .subscribing
      return UInt64(slot)
    }
    inners.append(.subscribing)
    return UInt64(inners.count - 1)
  }

  /// Frees the slot of inner sequence `id` (it completed); returns its subscription, if kept, to dispose and release
  /// after the lock.
  @inlinable
  mutating func remove(_ id: UInt64) -> (any Disposable)? {
    let slot = Int(id)
    // Closed: the slots were taken away.
    guard slot < inners.count else { return nil }
    var removed = MergeInnerSlot.free
    swap(&removed, &inners[slot])
    freeSlots.append(slot)
    guard case .running(let subscription) = removed else { return nil }
    return subscription
  }
}

/// One slot of ``MergeState/inners``.
@usableFromInline
enum MergeInnerSlot {
  case free
  /// Registered; its subscription is being made.
  case subscribing
  case running(any Disposable)
}

/// The observer-independent half of a merge subscription: the ``MergeState`` behind the lock of its
/// ``SerializingCore``. Its inlinable methods run specialised in the client, called from the handlers
/// `mergeObservable` builds.
@usableFromInline
final class MergeCore<Result>: SerializingCore<Event<Result>, Result>, ClosableCore, @unchecked Sendable {
  // @unchecked Sendable: `state` is guarded by `lock`; the rest is immutable.
  // `@exclusivity(unchecked)`: guarded by `lock` (see ``SerializingCore``).
  @usableFromInline @exclusivity(unchecked) final var state = MergeState<Result>()
  @usableFromInline final let maxConcurrent: Int
  /// `flatMapFirst`: an element that arrives while an inner sequence is active is ignored.
  @usableFromInline final let dropsWhileBusy: Bool
  /// The handler of the inner sequences' events (built in the client), for subscribing to waiting inner sequences
  /// when one completes. Set before the outer sequence is subscribed; it holds this core, so disposal releases it.
  @usableFromInline @exclusivity(unchecked) final var innerHandler: (@Sendable (Event<Result>, UInt64) -> Void)?

  @usableFromInline
  init(downstream: any CoreDownstream<Result>, maxConcurrent: Int, dropsWhileBusy: Bool) {
    self.maxConcurrent = maxConcurrent
    self.dropsWhileBusy = dropsWhileBusy
    super.init(downstream: downstream)
  }

  /// The outer sequence emitted `element`: its inner sequence is subscribed to now if there is capacity, or waits.
  @inlinable
  final func onOuterNext<Source>(
    _ element: Source, selector: @Sendable (Source) throws -> Observable<Result>,
    inner handler: @escaping @Sendable (Event<Result>, UInt64) -> Void
  ) {
    if dropsWhileBusy {
      // Only the (serialised) outer adds inners, so this check cannot race with another addition.
      PlatformLock.lock(lock)
      let busy = closed || state.stopped || state.active > 0 || !state.pending.isEmpty
      PlatformLock.unlock(lock)
      if busy { return }
    }
    let inner: Observable<Result>
    do {
      inner = try selector(element)
    } catch {
      stop(error)
      return
    }
    PlatformLock.lock(lock)
    guard !closed && !state.stopped else {
      PlatformLock.unlock(lock)
      return
    }
    // Capacity and nobody starting: subscribe now, without the pending queue.
    if !state.starting && state.pending.isEmpty && state.active < maxConcurrent {
      let id = state.register()
      PlatformLock.unlock(lock)
      subscribe(inner, id: id, handler: handler)
    } else {
      state.pending.append(inner)
      PlatformLock.unlock(lock)
    }
    startPending(handler)
  }

  /// Ends this thread's start loop, if it runs one, and subscribes to pending inners while there is capacity.
  @inlinable
  final func startPending(_ handler: @escaping @Sendable (Event<Result>, UInt64) -> Void) {
    while true {
      PlatformLock.lock(lock)
      guard !closed, let (inner, id) = state.takeNextToStart(maxConcurrent: maxConcurrent) else {
        PlatformLock.unlock(lock)
        return
      }
      PlatformLock.unlock(lock)
      subscribe(inner, id: id, handler: handler)
    }
  }

  /// Subscribes to inner sequence `id` (outside the lock) and keeps its subscription while it runs; then ends the
  /// start loop this thread claimed.
  @inlinable
  final func subscribe(
    _ inner: Observable<Result>, id: UInt64, handler: @escaping @Sendable (Event<Result>, UInt64) -> Void
  ) {
    var subscription: (any Disposable)? = inner.subscribe(SwitchInnerObserver(handler: handler, id: id))
    PlatformLock.lock(lock)
    state.starting = false
    // Still running (it did not complete inside `subscribe`) and not disposed: keep it.
    let disposeNow = closed
    if !disposeNow, case .subscribing = state.inners[Int(id)], let kept = subscription {
      state.inners[Int(id)] = .running(kept)
      subscription = nil
    }
    PlatformLock.unlock(lock)
    if disposeNow { subscription?.dispose() }
    // Else `subscription` is empty, or belongs to an inner that has completed: released here, after the lock.
  }

  /// An event of inner sequence `id`.
  @inlinable
  final func onInner(_ event: Event<Result>, id: UInt64) {
    switch event {
    case .next:
      PlatformLock.lock(lock)
      guard !closed && !state.stopped else {
        PlatformLock.unlock(lock)
        return
      }
      emit(event)
    case .error(let error):
      stop(error)
    case .completed:
      onInnerCompleted(id: id)
    }
  }

  /// Inner sequence `id` completed: its subscription is disposed; the result completes if nothing else runs, or the
  /// next waiting inner sequence is subscribed to.
  @inlinable
  final func onInnerCompleted(id: UInt64) {
    var handler: (@Sendable (Event<Result>, UInt64) -> Void)?
    PlatformLock.lock(lock)
    // Disposed (if it was kept) and released outside the lock.
    let removed = state.remove(id)
    if !closed && !state.stopped {
      state.active -= 1
      if state.isFinished {
        state.stopped = true
        emit(.completed)
        removed?.dispose()
        return
      }
      if !state.pending.isEmpty { handler = innerHandler }
    }
    PlatformLock.unlock(lock)
    removed?.dispose()
    if let handler { startPending(handler) }
  }

  /// An error from the outer sequence, an inner one or the selector: the first stop event is forwarded.
  @inlinable
  final func stop(_ error: any Swift.Error) {
    PlatformLock.lock(lock)
    guard !closed && !state.stopped else {
      PlatformLock.unlock(lock)
      return
    }
    state.stopped = true
    emit(.error(error))
  }

  /// The outer sequence completed: the result completes once every inner sequence has.
  @inlinable
  final func onOuterCompleted() {
    PlatformLock.lock(lock)
    guard !closed && !state.stopped else {
      PlatformLock.unlock(lock)
      return
    }
    state.outerDone = true
    guard state.isFinished else {
      PlatformLock.unlock(lock)
      return
    }
    state.stopped = true
    emit(.completed)
  }

  /// Disposal: stops delivering, disposes every inner subscription (in slot order) and drops the
  /// waiting inner sequences, outside the lock.
  @usableFromInline
  func close() {
    var inners = ContiguousArray<MergeInnerSlot>()
    var pending = FIFOBuffer<Observable<Result>>()
    var handler: (@Sendable (Event<Result>, UInt64) -> Void)?
    PlatformLock.lock(lock)
    closed = true
    swap(&inners, &state.inners)
    swap(&pending, &state.pending)
    swap(&handler, &innerHandler)
    PlatformLock.unlock(lock)
    for case .running(let subscription) in inners { subscription.dispose() }
    withExtendedLifetime((pending, handler)) {}
  }
}
