extension Observable where Element: FixedWidthInteger {
  /// Emits `count` consecutive integers from `start` on `scheduler`, one scheduled action per element, then
  /// completes in one more (on a `TestScheduler`, one tick apart, as RxSwift's `range(start:count:scheduler:)`).
  ///
  /// - Precondition: `count >= 0`, and `start + count - 1` is representable in `Element`.
  public static func range(
    start: Element, count: Element, scheduler: any ImmediateSchedulerType
  ) -> Observable<Element> {
    precondition(count >= 0, "Observable.range(start:count:scheduler:): count must be >= 0, got \(count)")
    precondition(
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
  Observable.create { observer in
    scheduler.scheduleRecursive(0) { index, recurse in
      if let next = element.value(index) {
        observer.onNext(next)
        recurse(index + 1)
      } else {
        observer.onCompleted()
      }
    }
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
    let initial = UncheckedBox(initialState)
    return Observable.create { observer in
      // The recursion's state is the generator's: (state, whether it is the initial one, not yet iterated).
      scheduler.scheduleRecursive((state: initial.value, isInitial: true)) { current, recurse in
        do {
          let state = current.isInitial ? current.state : try iterate(current.state)
          guard try condition(state) else {
            observer.onCompleted()
            return
          }
          observer.onNext(state)
          recurse((state: state, isInitial: false))
        } catch {
          observer.onError(error)
        }
      }
    }
  }
}
