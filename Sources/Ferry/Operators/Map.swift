extension ObservableType {
  /// Transforms each element with `transform`; an error thrown by `transform` terminates the sequence with it.
  @_disfavoredOverload
  @preconcurrency
  @inlinable
  public func map<Result>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Observable<Result> {
    // The event step is built here so that the client specialises it (see `EventStep`); it delivers the
    // transformed `.next` through `deliver`.
    MapObservable(source: asObservable()) { event, deliver in
      switch event {
      case .next(let element):
        do {
          deliver(.next(try transform(element)))
          return .consumed
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
final class MapObservable<Source, Result>: Observable<Result>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  /// Handles one upstream event; delivers a `.next` through its second argument.
  @usableFromInline
  typealias Step = @Sendable (Event<Source>, (Event<Result>) -> Void) -> EventStep

  let source: Observable<Source>
  let step: Step

  @usableFromInline
  init(source: Observable<Source>, step: @escaping Step) {
    self.source = source
    self.step = step
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Result {
    let sink = MapSink(observer: observer, step: step)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class MapSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: only immutable state (`step`); `Sink`'s own state is atomic.
  let step: @Sendable (Event<Source>, (Event<Observer.Element>) -> Void) -> EventStep

  init(observer: Observer, step: @escaping @Sendable (Event<Source>, (Event<Observer.Element>) -> Void) -> EventStep) {
    self.step = step
    super.init(observer: observer)
  }

  func on(_ event: Event<Source>) {
    apply(step(event) { forwardNextEvent($0) })
  }
}
