/// What a sequential-sources machine decided at the start or on the current source's stop event: the source to
/// subscribe (in place of the one that stopped), or the stop event to forward.
@usableFromInline
enum SequentialSourcesAction<Element> {
  case subscribe(Observable<Element>)
  case fail(any Swift.Error)
  case complete
}

/// The decisions of an operator that subscribes one source at a time and, when one stops, moves on to another or
/// stops (`catch`, `retry`, `concat` and `catch(sequence:)` of a sequence): one mutating method per input, returning
/// what to do. Elements pass the sink without reaching it.
///
/// Unlike an ``OperatorStateMachine`` it is not behind a lock, so it may call the operator's own closure (a `catch`
/// handler, the sequence's iterator) to decide: the sink consults it only at the start and on the current source's
/// stop event, one at a time.
@usableFromInline
protocol SequentialSourcesStateMachine {
  /// The element type of the sources and of the result.
  associatedtype Element

  /// The first source, or the stop event when there is none.
  mutating func start() -> SequentialSourcesAction<Element>
  /// The current source failed.
  mutating func failed(_ error: any Swift.Error) -> SequentialSourcesAction<Element>
  /// The current source completed.
  mutating func completed() -> SequentialSourcesAction<Element>
}

/// The observable of every sequential-sources operator: the machine (copied into each subscription) decides which
/// source comes next, and the event step, built in the operator's inlinable entry point (see ``EventStep``),
/// classifies each event so that elements are forwarded by address.
@usableFromInline
final class SequentialSourcesObservable<Machine: SequentialSourcesStateMachine>: Observable<Machine.Element>,
  @unchecked Sendable
{
  // @unchecked Sendable: immutable configuration only; `machine` is copied into each subscription, which alone
  // mutates its copy (a sequence of sources is only iterated, each subscription through its own iterator).
  @usableFromInline
  typealias Step = @Sendable (Event<Machine.Element>) -> EventStep

  let machine: Machine
  let step: Step
  let operatorName: StaticString

  @usableFromInline
  init(_ machine: Machine, operatorName: StaticString, step: @escaping Step) {
    self.machine = machine
    self.operatorName = operatorName
    self.step = step
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Machine.Element {
    let sink = SequentialSourcesSink(observer: observer, machine: machine, operatorName: operatorName, step: step)
    sink.start()
    return sink
  }
}

/// One subscription of a sequential-sources operator: the observer of whichever source is current.
///
/// A source that stops synchronously inside `subscribe` does not subscribe the next one from inside that call (the
/// stack would grow with every source): its stop event records the decided source and counts a request, and the
/// loop that is subscribing serves it when `subscribe` returns. The count lives in the sink's state word (above
/// ``UpstreamDisposer``'s bits): whoever raises it from zero runs the loop, so a source that stops later, on another
/// thread, runs the loop there.
final class SequentialSourcesSink<Observer: ObserverType, Machine: SequentialSourcesStateMachine>: Sink<Observer>,
  ObserverType, @unchecked Sendable
where Machine.Element == Observer.Element {
  // @unchecked Sendable: `machine` is touched at the start and on the current source's stop event, each after the
  // previous decision (that source was subscribed after it) and the grammar gives a source one stop event; `decided`
  // is written before its request is counted and taken by the loop only after an acquire-release update of the count
  // has seen it; `current` is a thread-safe `SerialDisposable`; `step` is immutable.
  #if DEBUG
  let synchronization: SynchronizationChecker
  #endif
  let step: SequentialSourcesObservable<Machine>.Step
  // `@exclusivity(unchecked)`: ordered by the grammar and the request count (see the type's comment).
  @exclusivity(unchecked) private var machine: Machine
  /// The source decided and not yet subscribed.
  @exclusivity(unchecked) private var decided: Observable<Observer.Element>?
  let current = SerialDisposable()
  /// One request in the state word's count.
  private static var request: Int { firstSubclassBit }

  init(
    observer: Observer, machine: Machine, operatorName: StaticString,
    step: @escaping SequentialSourcesObservable<Machine>.Step
  ) {
    #if DEBUG
    synchronization = SynchronizationChecker(operatorName)
    #endif
    self.machine = machine
    self.step = step
    super.init(observer: observer)
  }

  func start() { act(machine.start()) }

  func on(_ event: Event<Observer.Element>) {
    #if DEBUG
    let outermost = synchronization.enter()
    #endif
    let decision = step(event)
    if case .forwardNext = decision { forwardNextEvent(event) }
    #if DEBUG
    // Left before a stop event is acted on: the events of a source subscribed from here are not re-entrant calls.
    synchronization.leave(outermost)
    #endif
    switch decision {
    case .forwardNext, .consumed: break
    case .error(let error): stopped { $0.failed(error) }
    case .completed: stopped { $0.completed() }
    }
  }

  /// The current source stopped: asks the machine what follows, unless the subscription has ended. Out of line: it
  /// handles values of generic types, whose metadata is looked up on entry to the function that does so.
  @inline(never)
  private func stopped(_ transition: (inout Machine) -> SequentialSourcesAction<Observer.Element>) {
    if !isDisposed { act(transition(&machine)) }
  }

  private func act(_ action: SequentialSourcesAction<Observer.Element>) {
    switch action {
    case .subscribe(let source):
      decided = source
      subscribeDecided()
    case .fail(let error): forwardError(error)
    case .complete: forwardCompleted()
    }
  }

  /// Subscribes the decided source, and the ones decided while it was being subscribed, in a loop.
  private func subscribeDecided() {
    guard fetchAddState(Self.request) < Self.request else { return }
    while !isDisposed {
      guard let source = decided.take() else { preconditionFailure("Internal inconsistency: no source decided") }
      // The stopped source's subscription is released before the next is made, as RxSwift's concat does.
      current.disposable = Disposables.create()
      current.disposable = source.subscribe(self)
      guard fetchAddState(-Self.request) >= 2 * Self.request else { return }
      // A source stopped inside `subscribe`. An operator below may have stopped inside it too (`take(1)` of a
      // source that emits and then fails); its disposal cannot reach this sink before `subscribe` returns, so the
      // loop asks, or a source that always stops synchronously would be resubscribed forever.
      if isDownstreamDisposed { return }
    }
  }

  override func disposeResources() { current.dispose() }
}
