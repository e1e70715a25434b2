/// Whether `take(while:)` / `take(until:)` also emits the element that ends the sequence.
public enum TakeBehavior: Sendable {
  /// Also emit the element that fails (`take(while:)`) or satisfies (`take(until:)`) the predicate.
  case inclusive
  /// Complete without emitting that element.
  case exclusive
}

extension ObservableType {
  /// Emits elements while `predicate` returns `true`, then completes.
  ///
  /// With `.inclusive`, the first element for which `predicate` returns `false` is emitted before completing.
  /// An error thrown by `predicate` terminates the sequence with it.
  @preconcurrency
  public func take(
    while predicate: @escaping @Sendable (Element) throws -> Bool,
    behavior: TakeBehavior = .exclusive
  ) -> Observable<Element> {
    TakeWhileObservable(source: asObservable(), behavior: behavior, predicate: predicate)
  }

  /// Emits elements until `predicate` returns `true`, then completes.
  ///
  /// With `.inclusive`, the element for which `predicate` returns `true` is emitted before completing.
  /// An error thrown by `predicate` terminates the sequence with it.
  @preconcurrency
  public func take(
    until predicate: @escaping @Sendable (Element) throws -> Bool,
    behavior: TakeBehavior = .exclusive
  ) -> Observable<Element> {
    TakeWhileObservable(source: asObservable(), behavior: behavior) { try !predicate($0) }
  }
}

final class TakeWhileObservable<Element>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let behavior: TakeBehavior
  let predicate: @Sendable (Element) throws -> Bool

  init(source: Observable<Element>, behavior: TakeBehavior, predicate: @escaping @Sendable (Element) throws -> Bool) {
    self.source = source
    self.behavior = behavior
    self.predicate = predicate
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = TakeWhileSink(observer: observer, behavior: behavior, predicate: predicate)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class TakeWhileSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: only immutable state; the predicate runs from `on(_:)` (serialised by the grammar).
  #if DEBUG
  let synchronization = SynchronizationChecker("take(while:) / take(until:)")
  #endif
  let behavior: TakeBehavior
  let predicate: @Sendable (Observer.Element) throws -> Bool

  init(observer: Observer, behavior: TakeBehavior, predicate: @escaping @Sendable (Observer.Element) throws -> Bool) {
    self.behavior = behavior
    self.predicate = predicate
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
    switch event {
    case .next(let element):
      guard !isDisposed else { return }
      let keep: Bool
      do {
        keep = try predicate(element)
      } catch {
        forwardError(error)
        return
      }
      if keep {
        forwardNext(element)
      } else {
        if case .inclusive = behavior { forwardNext(element) }
        forwardCompleted()
      }
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
