/// The observable behind `Single.create`, `Maybe.create` and `Completable.create`: runs the subscribe function with
/// a callback that accepts one outcome (`SingleEvent`, `MaybeEvent` or `CompletableEvent`).
@usableFromInline
final class TraitCreateObservable<Outcome, Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  @usableFromInline
  typealias SubscribeHandler = @Sendable (@escaping @Sendable (Outcome) -> Void) -> any Disposable
  /// Turns the outcome into events, built in the trait's inlinable `create` so that the client specialises it (see
  /// `EventStep`): delivers `.next` through its second argument, returns the stop event.
  @usableFromInline
  typealias Step = @Sendable (Outcome, (Event<Element>) -> Void) -> EventStep

  let subscribeHandler: SubscribeHandler
  let step: Step

  @usableFromInline
  init(_ subscribeHandler: @escaping SubscribeHandler, step: @escaping Step) {
    self.subscribeHandler = subscribeHandler
    self.step = step
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = TraitCreateSink(observer: observer, step: step)
    sink.setUpstream(subscribeHandler { sink.receive($0) })
    return sink
  }
}

final class TraitCreateSink<Outcome, Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
  // @unchecked Sendable: `delivered` is an atomic flag: only the caller that sets it delivers, so two concurrent
  // outcomes never overlap; `step` is immutable.
  let delivered = AtomicWord.make()
  let step: TraitCreateObservable<Outcome, Observer.Element>.Step

  init(observer: Observer, step: @escaping TraitCreateObservable<Outcome, Observer.Element>.Step) {
    self.step = step
    super.init(observer: observer)
  }

  func receive(_ outcome: Outcome) {
    guard !isDisposed, delivered.setOnce() else { return }
    apply(step(outcome) { forwardNextEvent($0) })
  }
}
