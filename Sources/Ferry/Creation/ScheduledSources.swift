extension Observable where Element: FixedWidthInteger {
  /// Emits `count` consecutive integers from `start` on `scheduler`, one scheduled action per element, then
  /// completes in one more (on a `TestScheduler`, one tick apart, as RxSwift's `range(start:count:scheduler:)`).
  ///
  /// - Precondition: `count >= 0`, and `start + count - 1` is representable in `Element`.
  public static func range(
    start: Element, count: Element, scheduler: any ImmediateSchedulerType
  ) -> Observable<Element> {
    requireArgument(count >= 0, "Observable.range(start:count:scheduler:): count must be >= 0, got \(count)")
    requireArgument(
      count == 0 || !start.addingReportingOverflow(count - 1).overflow,
      "Observable.range(start:count:scheduler:): start + count - 1 overflows \(Element.self), got start \(start), "
        + "count \(count)"
    )
    // The element at an index, or nil past the end: the integer arithmetic stays out of the `@Sendable` action (the
    // element type is not required to be `Sendable`; the closure is only called, never mutated).
    let element = UncheckedBox { (index: Int) -> Element? in
      guard let offset = Element(exactly: index), offset < count else { return nil }
      return start + offset
    }
    return scheduledElements(scheduler: scheduler, element)
  }
}

/// Emits `element(0)`, `element(1)`, … on `scheduler`, one scheduled action each, until it returns `nil`; then
/// completes in that action. Unconstrained in `Element`, so that its `@Sendable` action captures no conformance.
private func scheduledElements<Element>(
  scheduler: any ImmediateSchedulerType, _ element: UncheckedBox<(Int) -> Element?>
) -> Observable<Element> {
  ScheduledLoopObservable(scheduler: scheduler, initial: 0) { index in
    guard let next = element.value(index) else { return .completed }
    return .next(next, index + 1)
  }
}

/// What one scheduled step of a ``ScheduledLoopObservable`` produced.
enum ScheduledLoopStep<Element, State> {
  /// Emit the element, then schedule the next step with the state.
  case next(Element, State)
  case completed
  case error(any Swift.Error)
}

/// The observable behind `range`, `repeatElement` and `generate` on a scheduler: one scheduled action per step,
/// each running `step` on the previous step's state, until a step ends the sequence or nothing below listens.
final class ScheduledLoopObservable<Element, State>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only; the state is only handed from one step to the next.
  let scheduler: any ImmediateSchedulerType
  let initial: UncheckedBox<State>
  let step: @Sendable (State) -> ScheduledLoopStep<Element, State>

  init(
    scheduler: any ImmediateSchedulerType,
    initial: State,
    step: @escaping @Sendable (State) -> ScheduledLoopStep<Element, State>
  ) {
    self.scheduler = scheduler
    self.initial = UncheckedBox(initial)
    self.step = step
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = SourceSink(observer: observer)
    let step = self.step
    sink.setUpstream(
      scheduler.scheduleRecursive(initial) { state, recurse in
        // On the current thread's trampoline the steps run inside `subscribe`, so a downstream that finished
        // (`take`) cannot reach this sink through the upstream chain yet: ask the chain before each step, so that no
        // step (and no user closure) runs once nothing listens.
        guard !sink.isDownstreamDisposed else { return }
        switch step(state.value) {
        case .next(let element, let next):
          sink.forwardNext(element)
          recurse(UncheckedBox(next))
        case .completed: sink.forwardCompleted()
        case .error(let error): sink.forwardError(error)
        }
      })
    return sink
  }
}

extension Observable {
  /// Emits `element` on `scheduler`, one scheduled action per element, until disposed (on a `TestScheduler`, one
  /// tick apart, as RxSwift's `repeatElement(_:scheduler:)`).
  public static func repeatElement(_ element: Element, scheduler: any ImmediateSchedulerType) -> Observable<Element> {
    scheduledElements(scheduler: scheduler, UncheckedBox { _ in element })
  }

  /// Emits `initialState`, then each state `iterate` derives from the previous one, while `condition` holds; then
  /// completes. One scheduled action per element on `scheduler` (on a `TestScheduler`, one tick apart, as RxSwift's
  /// `generate`); the current thread's trampoline by default. An error thrown by `condition` or `iterate` ends the
  /// sequence with that error. Every subscription starts again from `initialState`.
  @preconcurrency
  public static func generate(
    initialState: Element,
    condition: @escaping @Sendable (Element) throws -> Bool,
    scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance,
    iterate: @escaping @Sendable (Element) throws -> Element
  ) -> Observable<Element> {
    // The state is the generator's and whether it is the initial one (not yet iterated).
    ScheduledLoopObservable(scheduler: scheduler, initial: (state: initialState, isInitial: true)) { current in
      do {
        let state = current.isInitial ? current.state : try iterate(current.state)
        guard try condition(state) else { return .completed }
        return .next(state, (state: state, isInitial: false))
      } catch {
        return .error(error)
      }
    }
  }
}
