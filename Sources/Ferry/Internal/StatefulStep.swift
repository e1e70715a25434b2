/// The engine of single-source operators that keep state per subscription (`scan`, `skip(_:)`): an event step built
/// in the operator's inlinable entry point — so specialised in the client, see ``EventStep`` — applied by a sink that
/// owns the subscription's state.
///
/// The step receives each upstream event and the state (`inout`), delivers what it emits through its third
/// argument, and returns what is left to do (`.consumed`, or a stop event). It never returns `.forwardNext`: the
/// sink does not know that the upstream and downstream element types agree; a step that passes an element on
/// delivers the upstream event itself.
@usableFromInline
final class StatefulStepObservable<Source, Result, State>: Observable<Result>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only; `initial` is copied into each subscription (value semantics
  // assumed, as in RxSwift, where a `scan` seed is shared the same way).
  @usableFromInline
  typealias Step = @Sendable (Event<Source>, inout State, (Event<Result>) -> Void) -> EventStep

  let source: Observable<Source>
  let initial: State
  let step: Step
  /// The operator's public name, for the debug-build synchronisation checker.
  let operatorName: StaticString

  @usableFromInline
  init(source: Observable<Source>, initial: State, operatorName: StaticString, step: @escaping Step) {
    self.source = source
    self.initial = initial
    self.operatorName = operatorName
    self.step = step
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Result {
    let sink = StatefulStepSink(observer: observer, initial: initial, operatorName: operatorName, step: step)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class StatefulStepSink<Source, State, Observer: ObserverType>: Sink<Observer>, ObserverType,
  @unchecked Sendable
{
  // @unchecked Sendable: `state` is touched only from `on(_:)`, which the Rx grammar serialises (the debug checker
  // verifies it); `step` is immutable.
  #if DEBUG
  let synchronization: SynchronizationChecker
  #endif
  let step: StatefulStepObservable<Source, Observer.Element, State>.Step
  // `@exclusivity(unchecked)`: only `on(_:)` touches it, and the grammar serialises `on(_:)`; a run-time access
  // check would cost about 60 instructions per element.
  @exclusivity(unchecked) private var state: State

  init(
    observer: Observer, initial: State, operatorName: StaticString,
    step: @escaping StatefulStepObservable<Source, Observer.Element, State>.Step
  ) {
    #if DEBUG
    synchronization = SynchronizationChecker(operatorName)
    #endif
    state = initial
    self.step = step
    super.init(observer: observer)
  }

  func on(_ event: Event<Source>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
    apply(step(event, &state) { forwardNextEvent($0) })
  }
}
