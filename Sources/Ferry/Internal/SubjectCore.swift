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

  /// Sends `event` to every observer, or queues it behind the delivery in progress.
  @inlinable
  func on(_ event: Event<Element>) {
    // `replaced` (the previous latest element) and `evicted` (a replay slot) are released after the lock.
    let (delivery, replaced, evicted): (Delivery?, Element?, Element?) = state.withLock { state in
      guard state.acceptedStop == nil else { return (nil, nil, nil) }
      var replaced: Element?
      switch event {
      case .next(let element):
        if case .latest = policy {
          replaced = state.latestAccepted
          state.latestAccepted = element
        }
      case .error, .completed:
        state.acceptedStop = event
      }
      switch state.delivery.send(.event(event)) {
      case .deliver(let operation):
        var evicted: Element?
        let delivery = process(operation, &state, evicted: &evicted)
        return (delivery, replaced, evicted)
      case .queued, .dropped:
        return (nil, replaced, nil)
      }
    }
    _ = replaced
    _ = evicted
    guard let delivery else { return }
    perform(delivery)
    drain()
  }

  /// Adds `observer`; it receives the replay first, then every event delivered after it.
  @usableFromInline
  func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Element {
    let disposed = AtomicWord.make()
    let (id, delivery): (UInt64, Delivery?) = state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      let entry = Entry(id: id, observer: observer, disposed: disposed)
      guard case .deliver(let operation) = state.delivery.send(.add(entry)) else { return (id, nil) }
      var evicted: Element?
      let delivery = process(operation, &state, evicted: &evicted)
      // Nothing to replay: give the emitter role back at once (the queue is empty, since nobody was emitting).
      if delivery == nil, case .deliver = state.delivery.next() {
        preconditionFailure("Internal inconsistency: SubjectCore queued an operation while subscribing")
      }
      return (id, delivery)
    }
    let subscription = SubjectSubscription(core: self, id: id, disposed: disposed)
    if let delivery {
      perform(delivery)
      drain()
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
      let observers = state.observers
      switch event {
      case .next(let element):
        evicted = state.replay.append(element)
      case .error, .completed:
        state.deliveredStop = event
        state.observers = []
      }
      return .event(event, observers)
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
  @inlinable
  func drain() {
    while true {
      let next: (operation: Operation?, delivery: Delivery?, evicted: Element?) = state.withLock { state in
        guard case .deliver(let operation) = state.delivery.next() else { return (nil, nil, nil) }
        var evicted: Element?
        let delivery = process(operation, &state, evicted: &evicted)
        return (operation, delivery, evicted)
      }
      guard next.operation != nil else { return }
      if let delivery = next.delivery { perform(delivery) }
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
