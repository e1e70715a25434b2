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

/// The one storage of the stateful operators: one lock, the state machine behind it, the serial-delivery queue
/// (inherited from ``SerializingCore``: one thread delivers at a time, others and re-entrant sends queue), one
/// downstream host, and the resources (timers, other sources' subscriptions) disposed with the subscription.
///
/// Every input goes through ``withLock(_:)`` (or its forms for a terminal event, ``withLockOnce(_:)``, for an input
/// that delivers nothing, ``withLockDeliveringNothing(_:)``, and for one that only delivers, ``deliver(_:)``): the
/// transition runs under the lock, what its action's emission says is delivered after the lock, and its action is
/// returned to the caller, who acts on it (starts a timer, disposes a subscription) and then drops it — so anything
/// the action carries (a replaced element) is released after the lock, when its `deinit` can safely run user code.
///
/// Its methods are `@inlinable` and the handlers that call them are built in the operators' inlinable entry points,
/// so the whole element path is specialised in the client; only the ready `Event` crosses into the observer's
/// generic code, through ``CoreDownstream``.
@usableFromInline
final class OperatorStorage<Machine: OperatorStateMachine>: SerializingCore<Event<Machine.Output>, Machine.Result>,
  ClosableCore, @unchecked Sendable
{
  // @unchecked Sendable: `machine` (like ``SerializingCore``'s state) is guarded by `lock`; `context` and `resources`
  // are immutable, and `resources` is itself thread-safe.
  // `@exclusivity(unchecked)`: guarded by `lock` (see ``SerializingCore``).
  @usableFromInline @exclusivity(unchecked) final var machine: Machine
  /// What ``OperatorStateMachine/deliver(_:context:to:)`` is given with each event.
  @usableFromInline final let context: Machine.DeliveryContext
  /// Disposed, after the lock, when the subscription is: the operator's timer, its other sources' subscriptions.
  @usableFromInline final let resources: (any Disposable)?

  @usableFromInline
  init(
    _ machine: Machine, context: Machine.DeliveryContext, downstream: any CoreDownstream<Machine.Result>,
    resources: (any Disposable)? = nil
  ) {
    self.machine = machine
    self.context = context
    self.resources = resources
    super.init(downstream: downstream)
  }

  /// ``SerializingCore/emit(_:deliver:)`` delivering through the machine's
  /// ``OperatorStateMachine/deliver(_:context:to:)``. (A non-escaping closure rather than a method reference: a
  /// partially applied method retains `self` per element.)
  @inlinable @inline(__always)
  final func emit(_ event: Event<Machine.Output>) {
    emit(event) { Machine.deliver($0, context: context, to: downstream) }
  }

  /// ``SerializingCore/emit(_:then:deliver:)`` delivering through the machine's
  /// ``OperatorStateMachine/deliver(_:context:to:)``.
  @inlinable @inline(__always)
  final func emit(_ event: Event<Machine.Output>, then next: Event<Machine.Output>) {
    emit(event, then: next) { Machine.deliver($0, context: context, to: downstream) }
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
