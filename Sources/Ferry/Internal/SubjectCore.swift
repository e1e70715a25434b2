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
/// Invariants (all state behind `state`'s lock; nothing is called while holding it):
/// - Exactly one thread at a time delivers (the emitter role of `delivery`, a ``SerialDeliveryStateMachine``). A
///   send or a subscription that arrives while another is being delivered — re-entrantly from inside an
///   observer, or from another thread — is queued and delivered by the emitting thread after the current one,
///   in order. Nothing is lost and no observer
///   is re-entered.
/// - Delivery iterates a snapshot of `observers`; each entry carries its subscription's atomic `disposed`
///   flag, checked right before every call, so `dispose()` on the delivering thread stops delivery at once.
/// - The first stop event is accepted and every later send ignored; once the stop event is delivered the
///   observer list is emptied, and later subscribers receive the replay followed by the stop event.
/// - `latestAccepted` is updated when a send is accepted (it is `BehaviorRelay.value`); the replay buffer is
///   updated when an event is delivered, so a new subscriber sees exactly the events after its replay.
@usableFromInline
final class SubjectCore<Element>: @unchecked Sendable {
  // `@unchecked Sendable`: all mutable state is inside `state` (a `LockedState`).
  @usableFromInline
  struct Entry {
    @usableFromInline let id: UInt64
    @usableFromInline let observer: any ObserverType<Element>
    @usableFromInline let disposed: AtomicWord

    @inlinable init(id: UInt64, observer: any ObserverType<Element>, disposed: AtomicWord) {
      self.id = id
      self.observer = observer
      self.disposed = disposed
    }
  }

  @usableFromInline
  enum Operation {
    case event(Event<Element>)
    case add(Entry)
  }

  @usableFromInline
  struct State {
    @usableFromInline var observers: ContiguousArray<Entry> = []
    @usableFromInline var delivery = SerialDeliveryStateMachine<Operation>()
    @usableFromInline var acceptedStop: Event<Element>?
    @usableFromInline var deliveredStop: Event<Element>?
    @usableFromInline var latestAccepted: Element?
    @usableFromInline var replay: RingBuffer<Element>
    @usableFromInline var nextID: UInt64 = 0

    @inlinable init(latestAccepted: Element?, replay: RingBuffer<Element>) {
      self.latestAccepted = latestAccepted
      self.replay = replay
    }
  }

  @usableFromInline
  enum Delivery {
    case event(Event<Element>, ContiguousArray<Entry>)
    case replay(Entry, [Element], Event<Element>?)
  }

  @usableFromInline let policy: ReplayPolicy
  @usableFromInline let state: LockedState<State>

  @usableFromInline
  init(policy: ReplayPolicy, initial: Element? = nil) {
    self.policy = policy
    let capacity: Int?
    switch policy {
    case .none: capacity = 0
    case .latest: capacity = 1
    case .buffer(let size): capacity = size
    }
    var replay = RingBuffer<Element>(capacity: capacity)
    if let initial { replay.append(initial) }
    state = LockedState(State(latestAccepted: initial, replay: replay))
  }

  /// The latest accepted element and the accepted stop event, read together.
  @usableFromInline
  var snapshot: (latest: Element?, stop: Event<Element>?) {
    state.withLock { ($0.latestAccepted, $0.acceptedStop) }
  }

  @usableFromInline
  var hasObservers: Bool { state.withLock { !$0.observers.isEmpty } }

  @usableFromInline
  var isStopped: Bool { state.withLock { $0.acceptedStop != nil } }

  /// Sends `event` to every observer, or queues it behind the delivery in progress (re-entrant sends, and sends
  /// from a thread that is itself delivering), or waits for its turn (a producer on another thread; see
  /// ``SerialDelivery``).
  @inlinable
  func on(_ event: Event<Element>) {
    // `replaced` (the previous latest element) and `evicted` (a replay slot) are released after the lock.
    var replaced: Element?
    var evicted: Element?
    var contended = false
    let observers: ContiguousArray<Entry>? = state.withLock { state in
      guard state.acceptedStop == nil else { return nil }
      // Uncontended: take the emitter role and deliver, without wrapping the event in a queued operation.
      guard state.delivery.takeRoleIfIdle() else {
        contended = true
        return nil
      }
      replaced = accept(event, &state)
      return processEvent(event, &state, evicted: &evicted)
    }
    if contended {
      onContended(event)
      return
    }
    guard let observers else { return }
    _ = replaced
    _ = evicted
    SerialDelivery.enter()
    for entry in observers where entry.disposed.load() == 0 {
      entry.observer.on(event)
    }
    drain()
    SerialDelivery.exit()
  }

  /// `on(_:)` when another party holds the emitter role: queued, or waits for its turn.
  @usableFromInline
  func onContended(_ event: Event<Element>) {
    let (delivery, replaced, evicted, waiter): (Delivery?, Element?, Element?, SerialDeliveryWaiter?) =
      state.withLock { state in
        guard state.acceptedStop == nil else { return (nil, nil, nil, nil) }
        let mayWait = state.delivery.isDelivering && SerialDelivery.callerMayWait()
        switch state.delivery.send(.event(event), mayWait: mayWait) {
        case .deliver(let operation):
          let replaced = accept(event, &state)
          var evicted: Element?
          let delivery = process(operation, &state, evicted: &evicted)
          return (delivery, replaced, evicted, nil)
        case .queued:
          return (nil, accept(event, &state), nil, nil)
        case .wait(let waiter):
          return (nil, nil, nil, waiter)
        case .dropped:
          preconditionFailure("Internal inconsistency: a subject's delivery is never closed")
        }
      }
    _ = replaced
    _ = evicted
    if let waiter {
      waiter.wait()
      onTurn(event)
      return
    }
    guard let delivery else { return }
    SerialDelivery.enter()
    perform(delivery)
    drain()
    SerialDelivery.exit()
  }

  /// Records an accepted send: the latest element (`BehaviorRelay.value`) or the stop event. Under the lock;
  /// returns the replaced element, to release after it.
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
      return nil
    }
  }

  /// A producer that waited was handed the emitter role: its send is accepted now (in turn) and delivered.
  @usableFromInline
  func onTurn(_ event: Event<Element>) {
    let (delivery, replaced, evicted): (Delivery?, Element?, Element?) = state.withLock { state in
      // A stop event accepted meanwhile ends the subject: this send is ignored (the role is passed on below).
      guard state.acceptedStop == nil else { return (nil, nil, nil) }
      let replaced = accept(event, &state)
      var evicted: Element?
      let delivery = process(.event(event), &state, evicted: &evicted)
      return (delivery, replaced, evicted)
    }
    _ = replaced
    _ = evicted
    SerialDelivery.enter()
    if let delivery { perform(delivery) }
    drain()
    SerialDelivery.exit()
  }

  /// Adds `observer`; it receives the replay first, then every event delivered after it.
  @usableFromInline
  func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Element {
    let disposed = AtomicWord.make()
    let (id, delivery, waiter): (UInt64, Delivery?, SerialDeliveryWaiter?) = state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      let entry = Entry(id: id, observer: observer, disposed: disposed)
      let mayWait = state.delivery.isDelivering && SerialDelivery.callerMayWait()
      switch state.delivery.send(.add(entry), mayWait: mayWait) {
      case .deliver(let operation):
        var evicted: Element?
        let delivery = process(operation, &state, evicted: &evicted)
        // Nothing to replay: give the emitter role back at once (the queue is empty, since nobody was emitting).
        if delivery == nil, case .deliver = state.delivery.next() {
          preconditionFailure("Internal inconsistency: SubjectCore queued an operation while subscribing")
        }
        return (id, delivery, nil)
      case .queued:
        return (id, nil, nil)
      case .wait(let waiter):
        return (id, nil, waiter)
      case .dropped:
        preconditionFailure("Internal inconsistency: a subject's delivery is never closed")
      }
    }
    let subscription = SubjectSubscription(core: self, id: id, disposed: disposed)
    if let waiter {
      waiter.wait()
      let delivery: Delivery? = state.withLock { state in
        var evicted: Element?
        return process(.add(Entry(id: id, observer: observer, disposed: disposed)), &state, evicted: &evicted)
      }
      SerialDelivery.enter()
      if let delivery { perform(delivery) }
      drain()
      SerialDelivery.exit()
    } else if let delivery {
      SerialDelivery.enter()
      perform(delivery)
      drain()
      SerialDelivery.exit()
    }
    return subscription
  }

  @usableFromInline
  func remove(id: UInt64) {
    let removed: Entry? = state.withLock { state in
      guard let index = state.observers.firstIndex(where: { $0.id == id }) else { return nil }
      return state.observers.remove(at: index)
    }
    // The observer is released here, outside the lock (its deinit may run user code).
    _ = removed
  }

  /// Applies one operation to the state and says what to deliver. Called under the lock; calls nothing out.
  /// A replay slot the operation overwrote is moved to `evicted`, for the caller to release after unlocking.
  @inlinable
  func process(_ operation: Operation, _ state: inout State, evicted: inout Element?) -> Delivery? {
    switch operation {
    case .event(let event):
      return .event(event, processEvent(event, &state, evicted: &evicted))
    case .add(let entry):
      guard entry.disposed.load() == 0 else { return nil }
      if state.deliveredStop == nil { state.observers.append(entry) }
      // A terminated BehaviorSubject replays only its stop event (RxSwift); a ReplaySubject replays its buffer
      // and then the stop event.
      let replaysElements: Bool
      if case .latest = policy { replaysElements = state.deliveredStop == nil } else { replaysElements = true }
      let replay = (state.replay.isEmpty || !replaysElements) ? [] : state.replay.elements
      if replay.isEmpty && state.deliveredStop == nil { return nil }
      return .replay(entry, replay, state.deliveredStop)
    }
  }

  /// Applies a delivered event to the state (replay buffer, stop) and returns the observers to deliver it to.
  @inlinable
  func processEvent(
    _ event: Event<Element>,
    _ state: inout State,
    evicted: inout Element?
  ) -> ContiguousArray<Entry> {
    let observers = state.observers
    switch event {
    case .next(let element):
      evicted = state.replay.append(element)
    case .error, .completed:
      state.deliveredStop = event
      state.observers = []
    }
    return observers
  }

  @inlinable @inline(__always)
  func perform(_ delivery: Delivery) {
    switch delivery {
    case .event(let event, let observers):
      for entry in observers where entry.disposed.load() == 0 {
        entry.observer.on(event)
      }
    case .replay(let entry, let elements, let stop):
      for element in elements where entry.disposed.load() == 0 {
        entry.observer.on(.next(element))
      }
      if let stop, entry.disposed.load() == 0 { entry.observer.on(stop) }
    }
  }

  /// Delivers queued operations until none is left, then gives up the emitter role.
  ///
  /// One operation per lock round-trip: the operation taken from the queue, and anything it evicted, are
  /// released after the lock is given up (a `deinit` may call back into this subject).
  /// When the queue is empty and a producer waits, the role is handed to it (it delivers its own send).
  @inlinable
  func drain() {
    while true {
      // Taken out of the queue, and anything it evicted: released after the lock, at the end of this iteration.
      var operation: Operation?
      var evicted: Element?
      var handOff: SerialDeliveryWaiter?
      let delivery: Delivery? = state.withLock { state in
        switch state.delivery.next() {
        case .deliver(let next):
          operation = next
          return process(next, &state, evicted: &evicted)
        case .handOff(let waiter):
          handOff = waiter
          return nil
        case .idle:
          return nil
        }
      }
      if let handOff {
        handOff.grant()
        return
      }
      guard operation != nil else { return }
      if let delivery { perform(delivery) }
      _ = evicted
    }
  }
}

/// A subscription to a subject: sets the entry's flag (stopping delivery at once), then leaves the list.
final class SubjectSubscription<Element>: Cancelable {
  let core: SubjectCore<Element>
  let id: UInt64
  let disposed: AtomicWord

  init(core: SubjectCore<Element>, id: UInt64, disposed: AtomicWord) {
    self.core = core
    self.id = id
    self.disposed = disposed
  }

  var isDisposed: Bool { disposed.load() != 0 }

  func dispose() {
    guard disposed.setOnce() else { return }
    core.remove(id: id)
  }
}
