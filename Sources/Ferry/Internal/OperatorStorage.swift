/// The state of one subscription to a stateful operator, as a value type the shared ``OperatorStorage`` drives.
///
/// The engine pattern (see `Docs/WritingAnOperator.md`): the operator's state is a private-in-spirit `enum State`
/// inside a struct conforming to this protocol; every input (an element, a terminal event, a timer firing, another
/// source's event) is one `mutating` method that returns an action enum saying what to do once the lock is given
/// up — what to deliver downstream, which timer to start, which replaced value to release. Impossible transitions
/// stop with `preconditionFailure("Internal inconsistency: …")`. The machine never calls out, takes no lock and
/// knows nothing of observers, so it is unit-tested directly, input by input.
///
/// `State` is `@usableFromInline` rather than `private` only because the machine's methods are `@inlinable` (so that
/// they are specialised in the client for its element type); nothing but the machine's own methods touches it.
@usableFromInline
protocol OperatorStateMachine {
  /// The element type of the events the machine decides (what its actions' emissions carry).
  associatedtype Output
  /// The element type of the operator's result: `Output` unless delivery turns what the machine decided into it
  /// (``deliver(_:context:to:)``).
  associatedtype Result = Output
  /// Immutable per-subscription data that delivery needs, held by the storage outside the machine (so it is read
  /// without the lock): `combineLatest`'s result selector. `Void` for most operators.
  associatedtype DeliveryContext = Void
  /// What the state held when the subscription was disposed, released by the storage after its lock.
  associatedtype Leftovers

  /// Disposal: the machine stops (every later input is ignored) and hands back what it held.
  mutating func close() -> Leftovers

  /// After the lock, ends what ``close()`` handed back: disposes the subscriptions it held. (What is left is
  /// released when this returns.)
  static func finish(_ leftovers: Leftovers)

  /// Delivers one decided event after the lock, one at a time (the storage's delivery queue serialises the calls):
  /// by default forwards it downstream; an operator whose result differs from what it decides turns it into its
  /// result here, outside the lock — `combineLatest` applies its result selector (user code), `window` routes an
  /// element to the current window.
  static func deliver(_ event: Event<Output>, context: DeliveryContext, to downstream: any CoreDownstream<Result>)
}

extension OperatorStateMachine {
  /// Nothing to end: what the machine held is only released.
  @inlinable
  static func finish(_ leftovers: Leftovers) {}
}

extension OperatorStateMachine where Result == Output {
  /// Forwards the event downstream as it is.
  @inlinable @inline(__always)
  static func deliver(_ event: Event<Output>, context: DeliveryContext, to downstream: any CoreDownstream<Output>) {
    switch event {
    case .next: downstream.deliverNext(event)
    case .error(let error): downstream.deliverError(error)
    case .completed: downstream.deliverCompleted()
    }
  }
}

/// The action of a transition that may deliver: what the storage delivers after the lock is its ``emission``; the
/// rest (a timer to start, a replaced value to release) is the caller's to act on.
///
/// A protocol requirement rather than a closure passed with each transition: the requirement, resolved on the
/// concrete action type, is inlined into the handler, where a closure literal stays a call per delivery.
@usableFromInline
protocol OperatorAction<Output> {
  /// The element type of the operator's result.
  associatedtype Output
  /// The events this action delivers, in order.
  var emission: OperatorEmission<Output> { get }
}

/// What one transition delivers downstream: nothing, one event, or two events decided together (an element and
/// the terminal event that follows it), delivered in order with nothing between them.
@usableFromInline
enum OperatorEmission<Output>: OperatorAction {
  case nothing
  case event(Event<Output>)
  case events(Event<Output>, then: Event<Output>)

  /// Itself: a transition whose only outcome is what it delivers returns its emission as its action.
  @inlinable @inline(__always)
  var emission: OperatorEmission<Output> { self }
}

/// What to do after an input of an operator that holds back at most one element (`debounce`, `throttle`): deliver
/// it, deliver it and then complete, complete, fail — releasing the dropped element after the lock — or nothing.
@usableFromInline
enum HeldElementAction<Element>: OperatorAction {
  /// Deliver the element.
  case emit(Element)
  /// Deliver the element, then completion.
  case emitThenComplete(Element)
  /// Deliver completion.
  case complete
  /// Deliver the error; release the dropped element after the lock.
  case fail(any Swift.Error, dropped: Element?)
  /// Nothing to deliver (a superseded timer, nothing held, or stopped).
  case ignore

  /// The events this action delivers, in order.
  @inlinable @inline(__always)
  var emission: OperatorEmission<Element> {
    switch self {
    case .emit(let element): .event(.next(element))
    case .emitThenComplete(let element): .events(.next(element), then: .completed)
    case .complete: .event(.completed)
    case .fail(let error, _): .event(.error(error))
    case .ignore: .nothing
    }
  }
}

/// The one storage of the stateful operators: one lock, the state machine behind it, the serial-delivery queue (one
/// thread delivers at a time, by the emitter role of ``SerialDeliveryStateMachine``; other threads' and re-entrant
/// sends queue behind it), one downstream host, and the resources (timers, other sources' subscriptions) disposed with
/// the subscription.
///
/// Every input goes through ``withLock(_:)`` (or its forms for a terminal event, ``withLockOnce(_:)``, for an input
/// that delivers nothing, ``withLockDeliveringNothing(_:)``, and for one that only delivers, ``deliver(_:)``): the
/// transition runs under the lock, what its action's emission says is delivered after the lock, and its action is
/// returned to the caller, who acts on it (starts a timer, disposes a subscription) and then drops it — so anything
/// the action carries (a replaced element) is released after the lock, when its `deinit` can safely run user code.
///
/// Why a storage beside the sink and not the sink itself: a sink's methods run as unspecialised generic code (reached
/// through `subscribe`'s vtable entry and observers' witness tables), where every generic value type touched costs a
/// runtime metadata lookup per element (about 330 instructions each). This class does not depend on the downstream
/// observer's type, so its `@inlinable` methods — called from the handlers built in the operators' inlinable entry
/// points — are specialised in the client, and the whole element path with them; only the ready `Event` crosses into
/// the observer's generic code, by address, through ``CoreDownstream``.
@usableFromInline
final class OperatorStorage<Machine: OperatorStateMachine>: ClosableCore, @unchecked Sendable {
  // @unchecked Sendable: `machine`, `delivery` and `closed` are guarded by `lock`, and deliveries are serialised by
  // the emitter role kept under it; `context`, `downstream` and `resources` are immutable, and `resources` is itself
  // thread-safe.
  // The lock first, so that its offset does not depend on the generic parameters. The state is
  // `@exclusivity(unchecked)`: `lock` already makes every access exclusive, and the dynamic check costs about 500
  // instructions per element (callgrind).
  @usableFromInline final let lock: UnsafeMutablePointer<PlatformLock.Primitive>
  @usableFromInline @exclusivity(unchecked) final var delivery = SerialDeliveryStateMachine<Event<Machine.Output>>()
  /// Disposed: nothing more is stored or delivered.
  @usableFromInline @exclusivity(unchecked) final var closed = false
  @usableFromInline @exclusivity(unchecked) final var machine: Machine
  /// What ``OperatorStateMachine/deliver(_:context:to:)`` is given with each event.
  @usableFromInline final let context: Machine.DeliveryContext
  /// The sink; it holds this object only weakly, the sources' observers keep both alive.
  @usableFromInline final let downstream: any CoreDownstream<Machine.Result>
  /// Disposed, after the lock, when the subscription is: the operator's timer, its other sources' subscriptions.
  @usableFromInline final let resources: (any Disposable)?

  @usableFromInline
  init(
    _ machine: Machine, context: Machine.DeliveryContext, downstream: any CoreDownstream<Machine.Result>,
    resources: (any Disposable)? = nil
  ) {
    lock = .allocate(capacity: 1)
    PlatformLock.initialize(lock)
    self.machine = machine
    self.context = context
    self.downstream = downstream
    self.resources = resources
  }

  deinit {
    PlatformLock.deinitialize(lock)
    lock.deallocate()
  }

  /// Called under the lock, returns without it: delivers `event` through the machine's
  /// ``OperatorStateMachine/deliver(_:context:to:)`` if nobody delivers (then whatever was queued meanwhile), or
  /// queues it behind the delivery in progress (another thread's, or this thread's own re-entrant one). Callers check
  /// `closed` first.
  @inlinable @inline(__always)
  final func emit(_ event: Event<Machine.Output>) {
    if delivery.takeRoleIfIdle() {
      PlatformLock.unlock(lock)
      SerialDelivery.enter()
      forward(event)
      drain()
      SerialDelivery.exit()
    } else {
      // Only closed together with `closed`, which the caller checked under this lock: nothing comes back.
      let dropped = delivery.enqueue(event)
      PlatformLock.unlock(lock)
      withExtendedLifetime(dropped) {}
    }
  }

  /// Like ``emit(_:)`` for two events decided in one transition (an element and the completion after it): both are
  /// delivered, or queued, in order, with nothing between them.
  @inlinable @inline(__always)
  final func emit(_ event: Event<Machine.Output>, then next: Event<Machine.Output>) {
    if delivery.takeRoleIfIdle() {
      // Queued behind the event this thread delivers now; `drain` hands it out next. (The role is held, so the
      // queue is open.)
      _ = delivery.enqueue(next)
      PlatformLock.unlock(lock)
      SerialDelivery.enter()
      forward(event)
      drain()
      SerialDelivery.exit()
    } else {
      let dropped = (delivery.enqueue(event), delivery.enqueue(next))
      PlatformLock.unlock(lock)
      withExtendedLifetime(dropped) {}
    }
  }

  /// Delivers queued events until none is left, then gives up the emitter role. Only the emitter calls this. Once
  /// closed, closes the queue and releases what it held after the lock.
  @inlinable @inline(__always)
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
      guard case .deliver(let event) = action else {
        preconditionFailure("Internal inconsistency: OperatorStorage's delivery queue was not empty")
      }
      forward(event)
    }
  }

  /// Delivers one event downstream, outside the lock, as the machine says.
  @inlinable @inline(__always)
  final func forward(_ event: Event<Machine.Output>) {
    Machine.deliver(event, context: context, to: downstream)
  }

  /// Runs `transition` on the state machine under the lock and delivers its action's ``OperatorAction/emission``
  /// after the lock (or queues it behind the delivery in progress). Returns the action for the caller to act on,
  /// or `nil` once the subscription was disposed (the transition did not run).
  @inlinable @inline(__always)
  final func withLock<Action: OperatorAction>(_ transition: (inout Machine) -> Action) -> Action?
  where Action.Output == Machine.Output {
    PlatformLock.lock(lock)
    guard !closed else {
      PlatformLock.unlock(lock)
      return nil
    }
    let action = transition(&machine)
    // The same switch is written in each transition form: folded into one `@inline(__always)` method that takes the
    // emission, it cost every engine operator per element (callgrind: `merge` 307 -> 322, `combineLatest` 486 ->
    // 547), as the emission is then passed as a value and no longer switched over where the transition returns it.
    switch action.emission {
    case .nothing: PlatformLock.unlock(lock)
    // The element case spelled out: the event is then rebuilt with a known case, so what is left of the emission
    // after the delivery is destroyed inline rather than through a switch over every case.
    case .event(.next(let element)): emit(.next(element))
    case .event(let event): emit(event)
    case .events(let event, let next): emit(event, then: next)
    }
    // A use after the lock: a caller that discards the action (`_ = storage.withLock { … }`) must not let an
    // optimised build end its lifetime, and release what it carries, before the unlock above.
    withExtendedLifetime(action) {}
    return action
  }

  /// Runs `transition`, an input whose only outcome is what it delivers, on the state machine under the lock and
  /// delivers that after the lock (or queues it behind the delivery in progress); nothing once the subscription was
  /// disposed. ``withLock(_:)`` without an action to hand back: the emission is consumed by the delivery rather than
  /// copied for the caller and destroyed twice, which an element-per-call operator (`merge`) pays on every element.
  @inlinable @inline(__always)
  final func deliver(_ transition: (inout Machine) -> OperatorEmission<Machine.Output>) {
    PlatformLock.lock(lock)
    guard !closed else {
      PlatformLock.unlock(lock)
      return
    }
    switch transition(&machine) {
    case .nothing: PlatformLock.unlock(lock)
    case .event(.next(let element)): emit(.next(element))
    case .event(let event): emit(event)
    case .events(let event, let next): emit(event, then: next)
    }
  }

  /// ``deliver(_:)`` for an input that also gives the caller something to do after the lock that holds nothing to
  /// release (the number of a timer to start): the transition returns what it delivers, consumed by the delivery,
  /// and that instruction, returned; `nil` once the subscription was disposed. An action enum carrying both would be
  /// copied for the caller and destroyed twice, which an operator whose every element delivers (`window`) would pay
  /// each time.
  @inlinable @inline(__always)
  final func deliver<FollowUp: BitwiseCopyable>(
    _ transition: (inout Machine) -> (OperatorEmission<Machine.Output>, then: FollowUp)
  ) -> FollowUp? {
    PlatformLock.lock(lock)
    guard !closed else {
      PlatformLock.unlock(lock)
      return nil
    }
    let (emission, followUp) = transition(&machine)
    switch emission {
    case .nothing: PlatformLock.unlock(lock)
    case .event(.next(let element)): emit(.next(element))
    case .event(let event): emit(event)
    case .events(let event, let next): emit(event, then: next)
    }
    return followUp
  }

  /// ``withLock(_:)`` for an input that comes at most once per subscription (a terminal event): the same, but never
  /// inlined, so that the delivery path it carries does not enlarge the frame of the handler that also runs the
  /// operator's per-element transitions.
  @inlinable @inline(never)
  final func withLockOnce<Action: OperatorAction>(_ transition: (inout Machine) -> Action) -> Action?
  where Action.Output == Machine.Output {
    withLock(transition)
  }

  /// Runs `transition`, an input that delivers nothing, on the state machine under the lock. Returns its action for
  /// the caller to act on after the lock, or `nil` once the subscription was disposed (the transition did not run).
  @inlinable @inline(__always)
  final func withLockDeliveringNothing<Action>(_ transition: (inout Machine) -> Action) -> Action? {
    PlatformLock.lock(lock)
    guard !closed else {
      PlatformLock.unlock(lock)
      return nil
    }
    let action = transition(&machine)
    PlatformLock.unlock(lock)
    // A use after the lock, as in ``withLock(_:)``: a discarded action is released after the unlock.
    withExtendedLifetime(action) {}
    return action
  }

  /// Disposal: closes the machine and the delivery queue, then — after the lock — disposes the resources and
  /// releases what the machine held.
  @usableFromInline
  func close() {
    PlatformLock.lock(lock)
    guard !closed else {
      PlatformLock.unlock(lock)
      return
    }
    closed = true
    let leftovers = machine.close()
    PlatformLock.unlock(lock)
    resources?.dispose()
    Machine.finish(leftovers)
  }
}

extension OperatorStorage where Machine.DeliveryContext == Void {
  /// A storage whose machine needs nothing to deliver (the common case).
  @inlinable
  convenience init(
    _ machine: Machine, downstream: any CoreDownstream<Machine.Result>, resources: (any Disposable)? = nil
  ) {
    self.init(machine, context: (), downstream: downstream, resources: resources)
  }
}

/// What a source's observer asks of the subscription it feeds: whether it, or any Ferry observer below it, was
/// disposed or has stopped (see ``SynchronousLoopStop``). Not generic, so that an observer holds it as a plain
/// class existential.
@usableFromInline
protocol DownstreamDisposalQuery: AnyObject, Sendable {
  /// Whether the subscription, or any Ferry observer below it, was disposed or has stopped.
  var isDownstreamDisposed: Bool { get }
}

/// The downstream side of an ``OperatorStorage``: the observer-generic sink, which forwards a ready event by address
/// (so that generic code needs no metadata of `Event<Result>`).
@usableFromInline
protocol CoreDownstream<Result>: DownstreamDisposalQuery {
  associatedtype Result

  /// Forwards `event`, a `.next`, unless disposed.
  func deliverNext(_ event: Event<Result>)
  /// Forwards an error (once) and ends the subscription.
  func deliverError(_ error: any Swift.Error)
  /// Forwards completion (once) and ends the subscription.
  func deliverCompleted()
}
