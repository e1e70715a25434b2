extension ObservableType {
  /// Emits only the elements for which `predicate` returns `true`; an error thrown by `predicate` terminates
  /// the sequence with it.
  @_disfavoredOverload
  @preconcurrency
  @inlinable
  public func filter(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
    // The event step is built here so that the client specialises it (see `EventStep`).
    FilterObservable(source: asObservable()) { event in
      switch event {
      case .next(let element):
        do {
          return try predicate(element) ? .forwardNext : .consumed
        } catch {
          return .error(error)
        }
      case .error(let error): return .error(error)
      case .completed: return .completed
      }
    }
  }
}

@usableFromInline
final class FilterObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>
  let step: @Sendable (Event<Element>) -> EventStep

  @usableFromInline
  init(source: Observable<Element>, step: @escaping @Sendable (Event<Element>) -> EventStep) {
    self.source = source
    self.step = step
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = FilterSink(observer: observer, step: step)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

/// The sink of operators whose step passes the source's elements on unchanged or drops them (`filter`, `startWith`
/// after its prefix, and `delaySubscription` and `subscribe(on:)`, which pass everything): a forwarded `.next` goes on
/// by address.
final class FilterSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: only immutable state (`step`); `Sink`'s own state is atomic.
  let step: @Sendable (Event<Observer.Element>) -> EventStep

  init(observer: Observer, step: @escaping @Sendable (Event<Observer.Element>) -> EventStep) {
    self.step = step
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    apply(step(event), to: event)
  }
}
