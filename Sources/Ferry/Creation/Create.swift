extension Observable {
  /// Creates an observable from a subscribe function.
  ///
  /// The function runs once per subscription with an observer for that subscription and returns the disposable
  /// that tears it down. Ferry enforces the grammar on its behalf: events after a stop event or after disposal
  /// are dropped, and the returned disposable is disposed after a stop event.
  @preconcurrency
  public static func create(
    _ subscribe: @escaping @Sendable (AnyObserver<Element>) -> any Disposable
  ) -> Observable<Element> {
    AnonymousObservable(subscribe)
  }
}

final class AnonymousObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let subscribeHandler: @Sendable (AnyObserver<Element>) -> any Disposable

  init(_ subscribeHandler: @escaping @Sendable (AnyObserver<Element>) -> any Disposable) {
    self.subscribeHandler = subscribeHandler
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = AnonymousObservableSink(observer: observer)
    sink.setUpstream(subscribeHandler(AnyObserver(sink)))
    return sink
  }
}

/// The sink of `Observable.create`: enforces the grammar on the subscribe function's behalf.
///
/// Its stop event, unlike other sinks', lets a `dispose()` that arrives while it is being forwarded tear the
/// subscription down at once (the subscribe function's disposable is disposed then), as RxSwift does: an operator
/// below that disposes its source once it has handled the stop event (`do` before running `onDispose`) sees the
/// source's disposable disposed first. Otherwise the subscription is torn down after the stop event was forwarded.
final class AnonymousObservableSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: `stopClaim` is written once, before `stoppingBit` is published with an acquire-release
  // fetch-or, and read only after an acquire load has seen that bit; the tear-down runs once, for the caller that sets
  // `finishedBit` (``Sink``'s state is atomic). The subscribe function must call the observer one event at a time
  // (the Rx grammar), which debug builds check.
  #if DEBUG
  let synchronization = SynchronizationChecker("Observable.create")
  #endif

  /// Set once the stop event's claim is recorded in `stopClaim`, before the stop event is forwarded.
  private static var stoppingBit: Int { firstSubclassBit }
  /// Set by whichever of the stop event's forwarder and a `dispose()` during forwarding tears down.
  private static var finishedBit: Int { firstSubclassBit << 1 }
  /// The state word before the stop event claimed the disposal (see `stoppingBit`).
  @exclusivity(unchecked) private var stopClaim = 0

  func on(_ event: Event<Observer.Element>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
    switch event {
    case .next: forwardNextEvent(event)
    case .error, .completed: forwardStop(event)
    }
  }

  /// Forwards the stop event once, then tears down unless a `dispose()` during forwarding already did.
  private func forwardStop(_ event: Event<Observer.Element>) {
    guard let previous = claimDisposal() else { return }
    stopClaim = previous
    _ = fetchOrState(Self.stoppingBit)
    observer.on(event)
    if fetchOrState(Self.finishedBit) & Self.finishedBit == 0 {
      finishDisposal(previous: previous)
    }
  }

  override func dispose() {
    if let previous = claimDisposal() {
      finishDisposal(previous: previous)
      return
    }
    // Already stopped or disposed: tears down now only if the stop event is still being forwarded.
    guard loadState() & Self.stoppingBit != 0,
      fetchOrState(Self.finishedBit) & Self.finishedBit == 0
    else { return }
    finishDisposal(previous: stopClaim)
  }
}

/// The observable behind the traits' `create` (`Single`, `Maybe`, `Completable`): runs the subscribe function with a
/// callback that accepts one outcome, which a step built in the trait's inlinable `create` (so specialised in the
/// client, see ``EventStep``) turns into events.
@usableFromInline
final class OutcomeCreateObservable<Outcome, Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  @usableFromInline
  typealias SubscribeHandler = @Sendable (@escaping @Sendable (Outcome) -> Void) -> any Disposable
  /// Turns the outcome into events: delivers a `.next` through its second argument, returns the stop event.
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
    let sink = OutcomeCreateSink<Outcome, Observer>(observer: observer, step: step)
    sink.setUpstream(subscribeHandler { sink.receive($0) })
    return sink
  }
}

final class OutcomeCreateSink<Outcome, Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
  // @unchecked Sendable: only the caller that sets `deliveredBit` in the state word (an atomic fetch-or) delivers, so
  // two concurrent outcomes never overlap; `step` is immutable.
  let step: OutcomeCreateObservable<Outcome, Observer.Element>.Step

  private static var deliveredBit: Int { firstSubclassBit }

  init(observer: Observer, step: @escaping OutcomeCreateObservable<Outcome, Observer.Element>.Step) {
    self.step = step
    super.init(observer: observer)
  }

  /// The subscribe function's outcome: only the first counts, and none after disposal.
  func receive(_ outcome: Outcome) {
    guard !isDisposed, fetchOrState(Self.deliveredBit) & Self.deliveredBit == 0 else { return }
    apply(step(outcome) { forwardNextEvent($0) })
  }
}
