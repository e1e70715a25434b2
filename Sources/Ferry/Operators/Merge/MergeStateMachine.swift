/// The state of one `merge` subscription (and of `flatMap`, `concat`, `concatMap`, `flatMapFirst`, written on it):
/// the inner sequences waiting, running, and their subscriptions.
///
/// At most `maxConcurrent` inner sequences run at once; later ones wait, in order (or, `dropsWhileBusy`, are not
/// made at all). One thread at a time runs the start loop that subscribes to waiting inner sequences, which also
/// turns the recursion of inner sequences that complete inside `subscribe` (`concat` of `just`s) into a loop. The
/// result completes when the outer sequence and every inner one have; the first error ends it.
@usableFromInline
struct MergeStateMachine<Result>: OperatorStateMachine {
  @usableFromInline typealias Output = Result

  @usableFromInline
  enum State {
    /// The outer sequence may still emit.
    case running
    /// The outer sequence completed: the result completes once no inner sequence runs or waits.
    case outerCompleted
    /// A terminal event was decided, or the subscription was disposed: every input is ignored.
    case stopped
  }

  /// The running inner sequences' subscriptions, by slot (an inner sequence's id is its slot), and the waiting
  /// inner sequences: beside the state rather than in it, so that they change in place.
  @usableFromInline var state = State.running
  /// Inner subscriptions started and not yet completed.
  @usableFromInline var active = 0
  /// Inner sequences decided on but not yet subscribed to (beyond `maxConcurrent`, or waiting for the start loop).
  @usableFromInline var pending = FIFOBuffer<Observable<Result>>()
  /// A thread is running the start loop; others leave their waiting inner sequences to it.
  @usableFromInline var starting = false
  /// Slots rather than a dictionary (no hashing per inner sequence), and kept here rather than in a
  /// `CompositeDisposable` (no object per inner sequence). A slot freed by a completion is only taken again by a
  /// later registration, which needs the start loop: never while an inner sequence is being subscribed to, so
  /// ``subscribed(_:subscription:)`` finds its own slot, or finds it free if the inner sequence completed inside.
  @usableFromInline var inners: ContiguousArray<MergeInnerSlot> = []
  /// The free slots of `inners`.
  @usableFromInline var freeSlots: ContiguousArray<Int> = []
  @usableFromInline let maxConcurrent: Int
  /// `flatMapFirst`: an element that arrives while an inner sequence runs or waits is ignored.
  @usableFromInline let dropsWhileBusy: Bool
  /// The handler of the inner sequences' events, built once per subscription, handed to the start loop that an
  /// inner sequence's completion runs. Data only (the machine never calls it); it holds the storage, so
  /// ``close()`` hands it back to break that cycle.
  @usableFromInline var innerHandler: (@Sendable (Event<Result>, UInt64) -> Void)?

  @inlinable
  init(maxConcurrent: Int, dropsWhileBusy: Bool) {
    self.maxConcurrent = maxConcurrent
    self.dropsWhileBusy = dropsWhileBusy
  }

  /// The subscription's inner handler is built: kept for the start loops that inner completions run.
  @inlinable
  mutating func innerHandlerBuilt(_ handler: @escaping @Sendable (Event<Result>, UInt64) -> Void) {
    innerHandler = handler
  }

  /// Whether an element of the outer sequence is to be turned into an inner sequence: not once stopped, nor, when
  /// `dropsWhileBusy`, while an inner sequence runs or waits. (Only the serialised outer sequence adds inner
  /// sequences, so the answer holds until its next element.)
  @inlinable
  func admitsOuterElement() -> Bool {
    guard case .running = state else { return false }
    return !dropsWhileBusy || (active == 0 && pending.isEmpty)
  }

  /// What to do after the outer sequence emitted an inner sequence.
  @usableFromInline
  enum OuterNextAction {
    /// Subscribe to the inner sequence under `id` now (this thread claimed the start loop), then run the start loop.
    case subscribe(id: UInt64)
    /// The inner sequence waits; run the start loop (it may have capacity once this thread gets it).
    case startPending
    /// Stopped: nothing to do.
    case ignore
  }

  /// The outer sequence emitted `inner`: it is subscribed to now if there is capacity and nothing waits before it,
  /// else it waits.
  @inlinable
  mutating func outerNext(_ inner: Observable<Result>) -> OuterNextAction {
    guard case .running = state else { return .ignore }
    if !starting && pending.isEmpty && active < maxConcurrent { return .subscribe(id: register()) }
    pending.append(inner)
    return .startPending
  }

  /// The start loop: claims it and the next waiting inner sequence if there is capacity and no other thread runs
  /// the loop; returns that sequence with the id its subscription is registered under.
  @inlinable
  mutating func nextToStart() -> (Observable<Result>, id: UInt64)? {
    guard !starting, active < maxConcurrent else { return nil }
    switch state {
    case .stopped: return nil
    case .running, .outerCompleted:
      guard let inner = pending.popFirst() else { return nil }
      return (inner, register())
    }
  }

  /// Counts a new inner subscription and reserves its slot; the caller runs the start loop.
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

  /// Inner sequence `id` was subscribed to: its subscription is taken and kept while it runs, or left where it is, to
  /// be released after the lock, if the sequence completed inside `subscribe`. Ends the start loop this thread
  /// claimed. (`inout`, so that a kept subscription is moved, not copied.)
  @inlinable
  mutating func subscribed(_ id: UInt64, subscription: inout (any Disposable)?) {
    starting = false
    let slot = Int(id)
    guard case .subscribing = inners[slot], let kept = subscription.take() else { return }
    inners[slot] = .running(kept)
  }

  /// An element of an inner sequence: delivered unless stopped.
  @inlinable
  mutating func innerNext(_ element: Result) -> OperatorEmission<Result> {
    if case .stopped = state { return .nothing }
    return .event(.next(element))
  }

  /// What to do after an inner sequence completed. A struct of plain fields rather than an enum with payloads: it is
  /// copied out of the lock once per inner sequence, and a multi-payload enum of a closure and an existential is
  /// copied and destroyed through runtime value witnesses.
  @usableFromInline
  struct InnerCompletedAction: OperatorAction {
    /// The completed inner sequence's subscription, if it was kept: disposed after the lock.
    @usableFromInline let subscription: (any Disposable)?
    /// Set when one fewer runs and an inner sequence waits: run the start loop with it.
    @usableFromInline let startsPending: (@Sendable (Event<Result>, UInt64) -> Void)?
    /// Nothing runs or waits and the outer sequence has completed: deliver the completion.
    @usableFromInline let completes: Bool

    @inlinable
    init(
      _ subscription: (any Disposable)?, startsPending: (@Sendable (Event<Result>, UInt64) -> Void)? = nil,
      completes: Bool = false
    ) {
      self.subscription = subscription
      self.startsPending = startsPending
      self.completes = completes
    }

    @inlinable @inline(__always)
    var emission: OperatorEmission<Result> { completes ? .event(.completed) : .nothing }
  }

  /// Inner sequence `id` completed: its slot is freed; the result completes if nothing else runs or waits and the
  /// outer sequence has completed, else a waiting inner sequence may start.
  @inlinable
  mutating func innerCompleted(_ id: UInt64) -> InnerCompletedAction {
    var removed = MergeInnerSlot.free
    swap(&removed, &inners[Int(id)])
    freeSlots.append(Int(id))
    var subscription: (any Disposable)? = nil
    if case .running(let kept) = consume removed { subscription = kept }
    switch state {
    case .stopped: return InnerCompletedAction(subscription)
    case .running: active -= 1
    case .outerCompleted:
      active -= 1
      if active == 0 && pending.isEmpty {
        state = .stopped
        return InnerCompletedAction(subscription, completes: true)
      }
    }
    guard !pending.isEmpty else { return InnerCompletedAction(subscription) }
    return InnerCompletedAction(subscription, startsPending: innerHandler)
  }

  /// The outer sequence completed: the result completes now if no inner sequence runs or waits.
  @inlinable
  mutating func outerCompleted() -> OperatorEmission<Result> {
    guard case .running = state else { return .nothing }
    if active == 0 && pending.isEmpty {
      state = .stopped
      return .event(.completed)
    }
    state = .outerCompleted
    return .nothing
  }

  /// An error from the outer sequence, an inner one or the selector: the first terminal event is delivered.
  @inlinable
  mutating func failed(_ error: any Swift.Error) -> OperatorEmission<Result> {
    if case .stopped = state { return .nothing }
    state = .stopped
    return .event(.error(error))
  }

  /// What a disposed merge held: the running inner sequences' subscriptions (disposed after the lock, in slot
  /// order), the waiting inner sequences and the inner handler (released).
  @usableFromInline
  struct Leftovers {
    @usableFromInline let inners: ContiguousArray<MergeInnerSlot>
    @usableFromInline let pending: FIFOBuffer<Observable<Result>>
    @usableFromInline let innerHandler: (@Sendable (Event<Result>, UInt64) -> Void)?

    @inlinable
    init(
      inners: ContiguousArray<MergeInnerSlot>, pending: FIFOBuffer<Observable<Result>>,
      innerHandler: (@Sendable (Event<Result>, UInt64) -> Void)?
    ) {
      self.inners = inners
      self.pending = pending
      self.innerHandler = innerHandler
    }
  }

  /// Disposal: hands back every inner subscription and waiting inner sequence.
  @inlinable
  mutating func close() -> Leftovers {
    state = .stopped
    var inners = ContiguousArray<MergeInnerSlot>()
    var pending = FIFOBuffer<Observable<Result>>()
    var handler: (@Sendable (Event<Result>, UInt64) -> Void)? = nil
    swap(&inners, &self.inners)
    swap(&pending, &self.pending)
    swap(&handler, &innerHandler)
    return Leftovers(inners: inners, pending: pending, innerHandler: handler)
  }

  /// After the lock: disposes the inner subscriptions that were running.
  @inlinable
  static func finish(_ leftovers: Leftovers) {
    for case .running(let subscription) in leftovers.inners { subscription.dispose() }
  }
}

/// One slot of ``MergeStateMachine/inners``.
@usableFromInline
enum MergeInnerSlot {
  case free
  /// Registered; its subscription is being made.
  case subscribing
  case running(any Disposable)
}
