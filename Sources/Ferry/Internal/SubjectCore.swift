import Dispatch

/// What a subject replays to a new subscriber.
@usableFromInline
enum ReplayPolicy: Sendable {
  /// Nothing (`PublishSubject`).
  case none
  /// The most recent element (`BehaviorSubject`).
  case latest
  /// The most recent `n` elements, or all of them (`ReplaySubject`).
  case buffer(Int?)
}

/// The engine shared by every subject and relay: an observer list with serialised, re-entrancy-safe delivery.
///
/// Who may touch what (the memory-ordering argument):
/// - The emitter role is the atomic ``SerialDeliveryRoleWord`` `role`. An uncontended `.next` takes it and gives it
///   back with one compare-and-swap each, no lock. Everything else — a send that finds the role taken, a stop
///   event, a subscription, a removal — goes through `state`'s lock and its ``SerialDeliveryStateMachine``, which
///   queues re-entrant sends and makes producers on other threads wait until their sends are delivered (see
///   ``SerialDelivery``).
/// - `emitter` (observer list, replay buffer, delivered stop) is role-owned: only the role holder reads it without
///   the lock; it is mutated only by the role holder *while also holding the lock* (adding and removing observers,
///   delivering a stop), except the replay buffer, which only the role holder ever reads. So lock holders may read
///   the observer list (`hasObservers`), and a holder iterating it without the lock never sees it change: every
///   other party's change is queued behind the role.
/// - The role passes between holders through an acquire-release compare-and-swap or a release store on the word
///   (read by the next acquire compare-and-swap), through the lock, or through a waiter's semaphore; each is a
///   happens-before edge, so a new holder sees every write the previous one made to `emitter`.
/// - `latestAccepted` (`BehaviorRelay.value`) and `acceptedStop` are behind the lock. For `.latest` the
///   uncontended path takes the role *inside* the lock while replacing `latestAccepted`, so the order in which the
///   lock sees sends is the order in which they are delivered.
///
/// Guarantees:
/// - Exactly one thread at a time delivers; a send or a subscription that arrives while another is being delivered
///   — re-entrantly from inside an observer, or from another thread — is queued (and its producer, if it may or
///   if ``SerialDelivery/backlogLimit`` operations are queued, waits until it is delivered, at most
///   ``SerialDelivery/waitLimit``), in order. Nothing is lost and no observer is re-entered.
/// - One holder's turn is bounded: its own send, what its own thread queued, and at most
///   ``SerialDelivery/foreignBatch`` operations other threads queued; then it parks the delivery for their
///   producers (or a background drain) to adopt (`drain()`, ``SerialDelivery``). `state.deliverer` and
///   `state.delivererQueued` (behind the lock) tell the holder's own queued operations from the others'.
/// - Each entry carries its subscription's atomic `disposed` flag, checked right before every call, so `dispose()`
///   on the delivering thread stops delivery at once; the observer leaves the list (in O(1), see ``Emitter``) when
///   the role is next free, and is released outside the lock.
/// - The first stop event is accepted and every later send ignored; once the stop event is delivered the
///   observer list is emptied, and later subscribers receive the replay followed by the stop event at once, on
///   their own thread, without queueing (nothing can follow it, so no order is at stake) — even from inside the
///   delivery of the stop event, as in RxSwift.
/// - `latestAccepted` is updated when a send is accepted; the replay buffer is updated when an event is delivered,
///   so a new subscriber sees exactly the events after its replay.
@usableFromInline
final class SubjectCore<Element>: @unchecked Sendable {
  // @unchecked Sendable: `state` is behind its lock, `emitter` is owned by the emitter role (see above), `role` is
  // atomic.
  @usableFromInline
  struct Entry {
    /// The observer, boxed in a class (not `any ObserverType<Element>`: calling through a stored parameterised
    /// existential copies it, a value-witness call that instantiates its metadata, on every element). This strong
    /// reference owns it for as long as the entry is in the list, a queue or a delivery; a removed entry left in
    /// the list (see ``Emitter``) has it taken out (`nil`) and its flag set.
    @usableFromInline var observer: SubjectObserver<Element>?
    /// The same object, unretained, to call it with: the entry (so `observer`) outlives every call made through it,
    /// since only the role holder changes the list and it does so between calls, and an entry whose observer was
    /// taken out has its flag set, so is never called. Calling through the strong reference instead made the
    /// compiler retain and release it around each call (about 40 instructions and two atomic operations per
    /// observer per element, callgrind).
    @usableFromInline let handle: Unmanaged<SubjectObserver<Element>>
    /// The subscription's flag; its ``AtomicWord/slot`` is the entry's index in the list while it is there.
    @usableFromInline let disposed: AtomicWord

    @inlinable init(observer: SubjectObserver<Element>, disposed: AtomicWord) {
      self.observer = observer
      self.handle = .passUnretained(observer)
      self.disposed = disposed
    }

    /// Calls the observer (the caller keeps the entry alive: see `handle`).
    @inlinable @inline(__always)
    func on(_ event: Event<Element>) {
      handle._withUnsafeGuaranteedRef { $0.on(event) }
    }
  }

  @usableFromInline
  enum Operation {
    /// An event, and the thread that sent it (``SerialDelivery/threadToken()``).
    case event(Event<Element>, from: UInt)
    /// A subscription, and the thread that made it.
    case add(Entry, from: UInt)
    case remove(AtomicWord)

    /// The thread that queued the operation; `nil` for a removal, which calls no observer.
    @inlinable var source: UInt? {
      switch self {
      case .event(_, let source), .add(_, let source): return source
      case .remove: return nil
      }
    }
  }

  /// Behind the lock.
  @usableFromInline
  struct State {
    @usableFromInline var delivery = SerialDeliveryStateMachine<Operation>()
    @usableFromInline var acceptedStop: Event<Element>?
    @usableFromInline var latestAccepted: Element?
    /// The thread delivering the queue (``SerialDelivery/threadToken()``) while the lock side tracks the delivery:
    /// the one that took the role under the lock, adopted or was handed it, or the uncontended holder the role word
    /// names when the lock side claims its delivery; 0 while nobody delivers (idle, or parked).
    @usableFromInline var deliverer: UInt = 0
    /// How many queued operations `deliverer` queued itself: it delivers those, and everything queued before them.
    @usableFromInline var delivererQueued = 0

    @inlinable init(latestAccepted: Element?) {
      self.latestAccepted = latestAccepted
    }
  }

  /// Owned by the emitter role (see the type's documentation).
  ///
  /// Removing an observer is O(1): its entry's flag records the entry's index (``AtomicWord/slot``), and the entry
  /// stays in place with its observer taken out (and its flag set, so it is skipped), which keeps the list in
  /// subscription order without shifting it. `removedCount` counts such entries; once they are half the list it
  /// is compacted (and the moved entries' slots updated), so the list stays within twice the observers and each
  /// removal costs O(1) amortised.
  @usableFromInline
  struct Emitter {
    @usableFromInline var observers: ContiguousArray<Entry> = []
    @usableFromInline var removedCount = 0
    @usableFromInline var replay: RingBuffer<Element>
    @usableFromInline var deliveredStop: Event<Element>?

    @inlinable init(replay: RingBuffer<Element>) { self.replay = replay }
  }

  @usableFromInline
  enum Delivery {
    case event(Event<Element>, ContiguousArray<Entry>)
    case replay(Entry, RingBuffer<Element>, Event<Element>?)
  }

  @usableFromInline let policy: ReplayPolicy
  @usableFromInline let state: LockedState<State>
  @usableFromInline let role = SerialDeliveryRoleWord()
  @usableFromInline let emitter: UnsafeMutablePointer<Emitter>
  /// `add(_:)` and `remove(_:)`, built by the inlinable initialiser, so specialised for `Element` where the subject
  /// is created (usually a client). `subscribe` is reached through the observable chain's vtable, where `Element` is
  /// unknown: run there, every `State`, `Operation`, `Entry`, optional and tuple it touches looks up its metadata
  /// (about 30,000 instructions per subscribe + dispose of a relay, callgrind).
  @usableFromInline let addStep: @Sendable (SubjectCore<Element>, SubjectObserver<Element>) -> any Disposable
  @usableFromInline let removeStep: @Sendable (SubjectCore<Element>, AtomicWord) -> Void

  @inlinable
  init(policy: ReplayPolicy, initial: Element? = nil) {
    self.policy = policy
    addStep = { core, observer in core.add(observer) }
    removeStep = { core, disposed in core.remove(disposed) }
    let capacity: Int?
    switch policy {
    case .none: capacity = 0
    case .latest: capacity = 1
    case .buffer(let size): capacity = size
    }
    var replay = RingBuffer<Element>(capacity: capacity)
    if let initial { replay.append(initial) }
    state = LockedState(State(latestAccepted: initial))
    emitter = .allocate(capacity: 1)
    emitter.initialize(to: Emitter(replay: replay))
  }

  deinit {
    // Nobody holds the role (every holder retains `self`), and no lock is held here.
    emitter.deinitialize(count: 1)
    emitter.deallocate()
    role.deallocate()
  }

  /// The latest accepted element and the accepted stop event, read together.
  ///
  /// Inlinable, as ``latest``: read from generic code, the tuple's metadata was looked up (and instantiated) at run
  /// time on every read — about 4,000 instructions per `BehaviorRelay.value` (callgrind).
  @inlinable
  var snapshot: (latest: Element?, stop: Event<Element>?) {
    state.withLock { ($0.latestAccepted, $0.acceptedStop) }
  }

  /// The latest accepted element (`BehaviorRelay.value`).
  @inlinable
  var latest: Element? { state.withLock { $0.latestAccepted } }

  /// Whether any observer is subscribed (a lock holder may read the role-owned list: it only changes under the lock).
  @usableFromInline
  var hasObservers: Bool {
    state.withLock { _ in emitter.pointee.observers.count > emitter.pointee.removedCount }
  }

  @usableFromInline
  var isStopped: Bool { state.withLock { $0.acceptedStop != nil } }

  /// Sends `event` to every observer, or queues it behind the delivery in progress (re-entrant sends, and sends
  /// from a thread that is itself delivering), or queues it and waits until it is delivered (a producer on another
  /// thread; see
  /// ``SerialDelivery``).
  ///
  /// Releasing: what a send replaces or evicts may have a `deinit` that sends here. Such a release must happen
  /// while the thread is marked as delivering (``SerialDelivery/enter()``), so that the nested send is queued
  /// behind this delivery; a nested send from an unmarked thread that holds the role would wait for itself. The
  /// mark is therefore taken *before* anything that can produce a value to release (the lock closure that swaps
  /// the latest value, the replay append), and given back after: the order follows from data dependence and the
  /// lock, never from where a discarded binding (`_ = value`) sits, which optimised code does not honour.
  @inlinable
  func on(_ event: Event<Element>) {
    // For `.latest`, the element this send replaces: released while delivering, outside the lock.
    var replaced: Element?
    SerialDelivery.enter()
    let token = SerialDelivery.threadToken()
    if case .next(let element) = event, takeRoleFast(element, by: token, replacing: &replaced) {
      deliverFast(event, element, by: token, replaced: &replaced)
      SerialDelivery.exit()
    } else {
      SerialDelivery.exit()
      onContended(event)
    }
  }

  /// The uncontended take: one compare-and-swap; for `.latest`, under the lock that also replaces `latestAccepted`
  /// (so `value` follows the delivery order). Returns `false` when the role is taken or the subject stopped.
  @inlinable @inline(__always)
  func takeRoleFast(_ element: Element, by token: UInt, replacing replaced: inout Element?) -> Bool {
    guard case .latest = policy else { return role.takeFast(by: token) }
    return state.withLock { state in
      guard role.takeFast(by: token) else { return false }
      replaced = element
      swap(&replaced, &state.latestAccepted)
      return true
    }
  }

  /// Delivers `event` as the uncontended role holder: no lock unless something was queued meanwhile.
  @inlinable @inline(__always)
  func deliverFast(_ event: Event<Element>, _ element: Element, by token: UInt, replaced: inout Element?) {
    // Released as the holder, marked as delivering (by `on`, before the role was taken): a deinit that sends here
    // is queued, never waits for itself.
    replaced = nil
    let emitter = self.emitter
    if case .none = policy {
    } else {
      // The evicted replay slot is released here: no lock is held.
      _ = emitter.pointee.replay.append(element)
    }
    // Only the role holder changes the list, so it cannot change under this loop (re-entrant changes are queued).
    // Read in place, element by element: borrowing the whole array across the observers' calls made the compiler
    // retain and release its buffer on every send (about 40 instructions, callgrind).
    var index = 0
    while index < emitter.pointee.observers.count {
      if emitter.pointee.observers[index].disposed.load() == 0 {
        emitter.pointee.observers[index].on(event)
      }
      index += 1
    }
    if !role.releaseFast(by: token) { drain() }
  }

  /// Under the lock: offers `operation` to the emitter role. When the state machine is idle the lock side first
  /// claims the role word (taking the role, or marking the uncontended holder's delivery pending so that it gives
  /// the role back under the lock and finds what is queued); then the state machine decides.
  ///
  /// A send that may not wait and finds the delivery parked (its emitter left other threads' sends queued) adopts
  /// it when `mayAdopt`: it delivers that backlog and then its own send.
  @inlinable
  func offer(
    _ operation: Operation,
    _ state: inout State,
    mayWait: () -> Bool,
    mayAdopt: Bool = true
  ) -> SerialDeliveryStateMachine<Operation>.SendAction {
    let source = operation.source
    if !state.delivery.isDelivering {
      let took = role.claim()
      _ = state.delivery.takeRoleIfIdle()
      if took {
        // Known from now on (not only once it drains), so that the backlog rule applies from its first delivery.
        state.deliverer = source ?? 0
        return .deliver(operation)
      }
      // An uncontended holder delivers: the word names its thread.
      state.deliverer = role.role.holder
    }
    let action = state.delivery.send(
      operation, mayWait: mayWait() || mustWaitForBacklog(source, state), mayAdopt: mayAdopt)
    switch action {
    case .queued:
      if let source, source == state.deliverer { state.delivererQueued += 1 }
    case .adopted:
      state.deliverer = source ?? 0
    case .deliver, .wait, .dropped:
      break
    }
    return action
  }

  /// Under the lock: whether a send from `source` that may not wait (the main thread, a thread inside another
  /// delivery) waits anyway, because ``SerialDelivery/backlogLimit`` operations are queued and another thread is
  /// delivering them. Not when the delivery is parked (the send adopts it instead), nor when the delivering thread
  /// is `source` itself (a re-entrant send, which would wait for its own thread). A removal (`source == nil`) never
  /// waits.
  @inlinable
  func mustWaitForBacklog(_ source: UInt?, _ state: State) -> Bool {
    guard let source, state.delivery.queuedCount >= SerialDelivery.backlogLimit else { return false }
    return !state.delivery.isParked && state.deliverer != source
  }

  /// `on(_:)` for a stop event, or when the uncontended path failed: delivered, queued, or queued and waited for.
  @usableFromInline
  func onContended(_ event: Event<Element>) {
    // Decided before the mark below, which would otherwise forbid waiting.
    let mayWait = SerialDelivery.callerMayWait()
    let source = SerialDelivery.threadToken()
    // Marked as delivering before the lock may hand this thread the role and values to release (see `on`).
    SerialDelivery.enter()
    var adopted = false
    let (delivery, replaced, evicted, waiter): (Delivery?, Element?, Element?, SerialDeliveryWaiter?) =
      state.withLock { state in
        guard state.acceptedStop == nil else { return (nil, nil, nil, nil) }
        switch offer(.event(event, from: source), &state, mayWait: { mayWait }) {
        case .deliver(let operation):
          let replaced = accept(event, &state)
          var evicted: Element?
          let delivery = process(operation, &state, evicted: &evicted)
          return (delivery, replaced, evicted, nil)
        case .queued:
          return (nil, accept(event, &state), nil, nil)
        case .adopted:
          adopted = true
          return (nil, accept(event, &state), nil, nil)
        case .wait(let waiter):
          // Queued, like a send that may not wait; this producer blocks below until it is delivered.
          return (nil, accept(event, &state), nil, waiter)
        case .dropped:
          preconditionFailure("Internal inconsistency: a subject's delivery is never closed")
        }
      }
    if let waiter {
      // The replaced value goes now, marked (a nested send is queued): `consume` ends its lifetime here in every
      // build, not at the end of the function (after the mark, where a debug build would release it, and its
      // deinit's send would start a delivery of its own nested on this stack). The mark is not held while blocked.
      _ = consume replaced
      _ = consume evicted
      SerialDelivery.exit()
      awaitTurn(waiter)
      return
    }
    if let delivery {
      perform(delivery)
      // Released while this thread still holds the role (`consume` is the latest point; the mark above, the
      // earliest), not after `drain()` gave it back: a deinit's send is then queued and delivered by the loop
      // below. Released after the role is given back, that send would start a delivery of its own, nested on this
      // stack, whose replaced value's deinit sends again: under contention an unbounded recursion (5,000 frames
      // deep in a debug build).
      _ = consume replaced
      _ = consume evicted
      drain()
    } else if adopted {
      _ = consume replaced
      _ = consume evicted
      drain()
    } else {
      // Queued: released here, marked (a nested send is queued too, or adopts a parked delivery).
      _ = consume replaced
      _ = consume evicted
    }
    SerialDelivery.exit()
  }

  /// Records an accepted send: the latest element (`BehaviorRelay.value`) or the stop event (which closes the
  /// uncontended path). Under the lock, with the role pending; returns the replaced element, to release after it.
  @inlinable
  func accept(_ event: Event<Element>, _ state: inout State) -> Element? {
    switch event {
    case .next(let element):
      guard case .latest = policy else { return nil }
      var replaced: Element? = element
      swap(&replaced, &state.latestAccepted)
      return replaced
    case .error, .completed:
      state.acceptedStop = event
      role.markStopped()
      return nil
    }
  }

  /// A producer whose operation was queued waits until it is delivered, or until the role is handed to it at the
  /// end of another holder's turn (its operation then first in the queue): it delivers the queue, one bounded turn.
  /// It waits at most ``SerialDelivery/waitLimit``: then its operation stays queued, in its place, for the emitter,
  /// and the call returns (an emitter that cannot go on, because its observer waits for something this thread
  /// holds, then goes on once this thread does).
  @usableFromInline
  func awaitTurn(_ waiter: SerialDeliveryWaiter) {
    var outcome = waiter.wait(until: .now() + SerialDelivery.waitLimit)
    if outcome == nil {
      if state.withLock({ $0.delivery.abandon(waiter) }) { return }
      // The emitter took the operation meanwhile: its release or hand-over is on its way.
      outcome = waiter.wait()
    }
    guard case .handedRole = outcome else { return }
    SerialDelivery.enter()
    drain()
    SerialDelivery.exit()
  }

  /// Adds `observer`; it receives the replay first, then every event delivered after it. A `BehaviorSubject` that
  /// terminated with an error sends only the error.
  @usableFromInline
  func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Element {
    addStep(self, SubjectObserverBox(observer))
  }

  /// `subscribe(_:)` once the observer is boxed; called through `addStep`.
  @inlinable
  func add(_ box: SubjectObserver<Element>) -> any Disposable {
    let disposed = AtomicWord.make()
    let entry = Entry(observer: box, disposed: disposed)
    let source = SerialDelivery.threadToken()
    // Decided under the lock, acted on after it. Plain variables, not a returned enum of them: copying such an
    // enum (an entry, a buffer, an event) went through its value witnesses, per subscription.
    var tookRole = false
    var replayNow = false
    var adopted = false
    var waiter: SerialDeliveryWaiter?
    var failure: (any Swift.Error)?
    var replay = RingBuffer<Element>(capacity: 0)
    var stop: Event<Element>?
    state.withLock { state in
      // A terminated BehaviorSubject sends a new subscriber only its error (RxSwift), without replay.
      if case .latest = policy, case .error(let error)? = state.acceptedStop {
        failure = error
        return
      }
      if state.acceptedStop != nil, emitter.pointee.deliveredStop != nil {
        // Delivered stop: the replay buffer and the stop event are final, and no event will follow them, so the
        // subscriber gets its replay now, on this thread, without the role — even from inside the delivery of the
        // stop event (RxSwift replays it there, nested). `deliveredStop` is written by the role holder under this
        // lock; neither it nor the buffer (written only by the role holder) changes once the stop is delivered.
        replayNow = processAdd(entry, replay: &replay, stop: &stop)
        return
      }
      switch offer(.add(entry, from: source), &state, mayWait: SerialDelivery.callerMayWait) {
      case .deliver:
        tookRole = processAdd(entry, replay: &replay, stop: &stop)
        // Nothing to replay: give the role back at once (nothing was queued: the role was free until now).
        if !tookRole { giveBackUnderLock(&state) }
      case .queued:
        break
      case .adopted:
        adopted = true
      case .wait(let queuedWaiter):
        waiter = queuedWaiter
      case .dropped:
        preconditionFailure("Internal inconsistency: a subject's delivery is never closed")
      }
    }
    if let failure {
      box.on(.error(failure))
      return Disposables.create()
    }
    if let waiter {
      // Queued: the replay is delivered by whoever delivers the queue (this thread, if the role is handed to it).
      awaitTurn(waiter)
    } else if tookRole || adopted {
      SerialDelivery.enter()
      if tookRole { performReplay(entry, replay, stop) }
      drain()
      SerialDelivery.exit()
    } else if replayNow {
      SerialDelivery.enter()
      performReplay(entry, replay, stop)
      SerialDelivery.exit()
    }
    return SubjectSubscription(core: self, disposed: disposed)
  }

  /// Removes the observer whose flag is `disposed` (already set): at once if the role is free, otherwise queued
  /// for the holder, who removes it in turn. Never waits. The observer is released outside the lock. Called
  /// through `removeStep`.
  @inlinable
  func remove(_ disposed: AtomicWord) {
    let removed: SubjectObserver<Element>? = state.withLock { state in
      // A removal never adopts a parked delivery: it stays queued for whoever delivers next.
      switch offer(.remove(disposed), &state, mayWait: { false }, mayAdopt: false) {
      case .deliver:
        let removed = removeObserver(disposed)
        giveBackUnderLock(&state)
        return removed
      case .queued, .dropped, .wait, .adopted:
        return nil
      }
    }
    // The observer is released after the lock, whose closure also gave the role back: its deinit may run user
    // code, which finds the role free whenever the compiler ends `removed`'s lifetime.
    withExtendedLifetime(removed) {}
  }

  /// Under the lock, holding the role with nothing queued (it was taken under this same lock): gives it back.
  @inlinable
  func giveBackUnderLock(_ state: inout State) {
    guard case .idle = state.delivery.next() else {
      preconditionFailure("Internal inconsistency: SubjectCore queued an operation while holding its lock")
    }
    state.deliverer = 0
    role.releaseUnderLock()
  }

  /// Under the lock, holding the role: takes the observer whose flag is `disposed` out of the list (O(1)
  /// amortised, see ``Emitter``), to release after the lock. Nothing if it is not in the list (it never got in, or
  /// a stop event emptied the list).
  @inlinable
  func removeObserver(_ disposed: AtomicWord) -> SubjectObserver<Element>? {
    let emitter = self.emitter
    let slot = disposed.slot
    guard slot >= 0, slot < emitter.pointee.observers.count,
      emitter.pointee.observers[slot].disposed.isSame(as: disposed)
    else { return nil }
    disposed.slot = -1
    var removed: SubjectObserver<Element>?
    swap(&removed, &emitter.pointee.observers[slot].observer)
    emitter.pointee.removedCount += 1
    if emitter.pointee.removedCount * 2 >= emitter.pointee.observers.count { compactObservers() }
    return removed
  }

  /// Under the lock, holding the role: drops the removed entries from the list, keeping the order, and records
  /// the new index of each entry that moved.
  @inlinable
  func compactObservers() {
    let emitter = self.emitter
    if emitter.pointee.removedCount == emitter.pointee.observers.count {
      // All removed (typically the only observer left): dropped from the end, keeping the list's capacity for the
      // next subscription, without `removeAll(where:)`'s general shuffle.
      while !emitter.pointee.observers.isEmpty { emitter.pointee.observers.removeLast() }
      emitter.pointee.removedCount = 0
      return
    }
    emitter.pointee.observers.removeAll { $0.observer == nil }
    emitter.pointee.removedCount = 0
    for index in emitter.pointee.observers.indices {
      emitter.pointee.observers[index].disposed.slot = index
    }
  }

  /// Applies one operation to the state and says what to deliver. Called under the lock, holding the role; calls
  /// nothing out. A replay slot the operation overwrote is moved to `evicted`, for the caller to release after
  /// unlocking.
  @inlinable
  func process(_ operation: Operation, _ state: inout State, evicted: inout Element?) -> Delivery? {
    switch operation {
    case .event(let event, _):
      return .event(event, processEvent(event, evicted: &evicted))
    case .add(let entry, _):
      var replay = RingBuffer<Element>(capacity: 0)
      var stop: Event<Element>?
      guard processAdd(entry, replay: &replay, stop: &stop) else { return nil }
      return .replay(entry, replay, stop)
    case .remove:
      preconditionFailure("Internal inconsistency: SubjectCore processes removals in drain()")
    }
  }

  /// Applies a subscription: appends `entry` to the list (unless the subject stopped) and sets what to replay to
  /// it. Returns whether there is anything to replay. Under the lock, holding the role; calls nothing out.
  ///
  /// The replay is a copy of the buffer, not an array of its elements: copying shares its storage (or holds its one
  /// element), so a subscription allocates nothing for it.
  @inlinable
  func processAdd(_ entry: Entry, replay: inout RingBuffer<Element>, stop: inout Event<Element>?) -> Bool {
    guard entry.disposed.load() == 0 else { return false }
    let emitter = self.emitter
    stop = emitter.pointee.deliveredStop
    if stop == nil {
      entry.disposed.slot = emitter.pointee.observers.count
      emitter.pointee.observers.append(entry)
    }
    // A terminated BehaviorSubject replays only its stop event (RxSwift); a ReplaySubject replays its buffer and
    // then the stop event.
    let replaysElements: Bool
    if case .latest = policy { replaysElements = stop == nil } else { replaysElements = true }
    if replaysElements && !emitter.pointee.replay.isEmpty {
      replay = emitter.pointee.replay
      return true
    }
    return stop != nil
  }

  /// Delivers a subscription's replay (see ``processAdd(_:replay:stop:)``), checking the flag before each call.
  @inlinable @inline(__always)
  func performReplay(_ entry: Entry, _ elements: RingBuffer<Element>, _ stop: Event<Element>?) {
    elements.forEach { element in
      if entry.disposed.load() == 0 { entry.on(.next(element)) }
    }
    if let stop, entry.disposed.load() == 0 { entry.on(stop) }
  }

  /// Applies a delivered event to the role-owned state (replay buffer, stop) and returns the observers to deliver
  /// it to. Under the lock, holding the role.
  @inlinable
  func processEvent(_ event: Event<Element>, evicted: inout Element?) -> ContiguousArray<Entry> {
    let emitter = self.emitter
    let observers = emitter.pointee.observers
    switch event {
    case .next(let element):
      evicted = emitter.pointee.replay.append(element)
    case .error, .completed:
      emitter.pointee.deliveredStop = event
      // The delivery keeps `observers`; a later removal finds its slot out of range.
      emitter.pointee.observers = []
      emitter.pointee.removedCount = 0
    }
    return observers
  }

  @inlinable @inline(__always)
  func perform(_ delivery: Delivery) {
    switch delivery {
    case .event(let event, let observers):
      for entry in observers where entry.disposed.load() == 0 {
        entry.on(event)
      }
    case .replay(let entry, let elements, let stop):
      performReplay(entry, elements, stop)
    }
  }

  /// Delivers queued operations until none is left, then gives up the emitter role. Called by a holder whose
  /// delivery is pending (the lock side tracks it).
  ///
  /// One operation per lock round-trip: the operation taken from the queue, anything it evicted and any observer it
  /// removed are released after the lock is given up (a `deinit` may call back into this subject). A waiting
  /// producer's operation is delivered like any other, and then its producer is released.
  ///
  /// One turn is bounded: the holder delivers what its own thread queued (its re-entrant sends) and everything
  /// queued before that, plus at most ``SerialDelivery/foreignBatch`` operations other threads queued. If more
  /// remain, the turn ends: the role passes to the producer of the first queued operation if it waits (it delivers
  /// the queue from there, one turn of its own); otherwise the holder parks the delivery (the role stays taken, so
  /// nothing overtakes the queue) and returns: the next send that may not wait adopts it (the producers that queue
  /// are the ones that deliver their backlog), and a drain on a background queue resumes it if nobody sends.
  ///
  /// Inlinable (for the specialised subscription path, which drains after a replay) but never inlined: `on(_:)`
  /// calls it only on its rare contended path.
  @inlinable @inline(never)
  func drain() {
    let me = SerialDelivery.threadToken()
    var foreignDelivered = 0
    var starting = true
    while true {
      // Taken out of the queue, and anything it evicted or removed: released after the lock, at the end of this
      // iteration.
      var operation: Operation?
      var evicted: Element?
      var removed: SubjectObserver<Element>?
      var handOff: SerialDeliveryWaiter?
      // The waiting producer whose operation this iteration delivers.
      var delivered: SerialDeliveryWaiter?
      var parked = false
      let delivery: Delivery? = state.withLock { state in
        if starting {
          // This thread delivers the queue from here; what it queued before the lock side knew it held the role
          // (re-entrant sends of an uncontended delivery) is counted now.
          state.deliverer = me
          state.delivererQueued = state.delivery.queuedCount { $0.source == me }
        }
        if state.delivererQueued == 0 && foreignDelivered >= SerialDelivery.foreignBatch
          && state.delivery.queuedCount > 0
        {
          // The turn ends: the role passes to the producer whose operation is first, if it waits; otherwise the
          // delivery is parked.
          handOff = state.delivery.endTurn()
          parked = handOff == nil
          // The producer handed the role delivers from now on, although its thread may take a while to wake up.
          state.deliverer = handOff == nil ? 0 : state.delivery.first?.source ?? 0
          return nil
        }
        let next: Operation
        switch state.delivery.next() {
        case .deliver(let item):
          next = item
        case .deliverWaited(let item, let waiter):
          next = item
          delivered = waiter
        case .idle:
          state.deliverer = 0
          role.releaseUnderLock()
          return nil
        }
        operation = next
        if let source = next.source {
          if source == me { state.delivererQueued -= 1 } else { foreignDelivered += 1 }
        }
        if case .remove(let disposed) = next {
          removed = removeObserver(disposed)
          return nil
        }
        return process(next, &state, evicted: &evicted)
      }
      starting = false
      if let handOff {
        handOff.grant()
        return
      }
      if parked {
        // A queue of its own: a serial queue is served by an overcommitting thread, so the drain runs even when
        // every worker of the global queues is blocked (producers on them waiting for this very role).
        DispatchQueue(label: "Ferry.SerialDelivery.parked").async { self.resumeParked() }
        return
      }
      guard operation != nil else { return }
      if let delivery { perform(delivery) }
      // Released here at the latest, still marked as delivering (every caller of `drain` is).
      withExtendedLifetime((operation, removed, evicted)) {}
      // Its producer's send is done (delivered, and what it replaced released).
      delivered?.release()
    }
  }
}

extension SubjectCore {
  /// The background drain of a parked delivery: delivers the queue (one bounded turn, as any holder) unless a
  /// producer adopted it meanwhile.
  @usableFromInline
  func resumeParked() {
    SerialDelivery.enter()
    let resumed = state.withLock { state in
      guard state.delivery.resumeParked() else { return false }
      state.deliverer = SerialDelivery.threadToken()
      return true
    }
    if resumed { drain() }
    SerialDelivery.exit()
  }
}

/// A subscription to a subject: sets the entry's flag (stopping delivery at once), then leaves the list.
@usableFromInline
final class SubjectSubscription<Element>: Cancelable {
  let core: SubjectCore<Element>
  let disposed: AtomicWord

  @usableFromInline
  init(core: SubjectCore<Element>, disposed: AtomicWord) {
    self.core = core
    self.disposed = disposed
  }

  @usableFromInline var isDisposed: Bool { disposed.load() != 0 }

  @usableFromInline func dispose() {
    guard disposed.setOnce() else { return }
    core.removeStep(core, disposed)
  }
}

/// An observer of a subject, called through its class's vtable (see `SubjectCore.Entry`).
@usableFromInline
class SubjectObserver<Element> {
  @usableFromInline init() {}

  /// Delivers `event` to the observer.
  @usableFromInline func on(_ event: Event<Element>) {
    preconditionFailure("Internal inconsistency: SubjectObserver.on must be overridden")
  }
}

/// A subject's observer of a concrete type, held inline (one allocation per subscription, as the closure it replaces).
final class SubjectObserverBox<Observer: ObserverType>: SubjectObserver<Observer.Element> {
  let observer: Observer

  init(_ observer: Observer) { self.observer = observer }

  override func on(_ event: Event<Observer.Element>) { observer.on(event) }
}
