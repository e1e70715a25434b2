#if FERRY_OPENCOMBINE
import OpenCombine
#elseif canImport(Combine)
import Combine
#endif

#if FERRY_OPENCOMBINE || canImport(Combine)
@_spi(FerryBridges) import Ferry

/// One subscription to an ``ObservablePublisher``: the lock around an ``ObservablePublisherStateMachine``, the
/// Rx source's observer, and the Combine `Subscription` handed to the subscriber.
///
/// Every input takes the lock once, asks the state machine, and acts after unlocking: the subscriber is never
/// called under the lock, and only from the thread that holds the state machine's delivering role, so its calls
/// never overlap (Combine's rule) even when the Rx source and `request(_:)` run on different threads.
final class ObservablePublisherSubscription<Downstream: Subscriber>: Subscription, ObserverType, @unchecked Sendable
where Downstream.Failure: Error {
  // @unchecked Sendable: the mutable state is the state machine, only touched under `state`'s lock; `subscriber` is
  // called only by the delivering thread (one at a time, by the state machine's invariant) and released under the
  // lock's decision in ``cancel()`` / on the terminal event.
  typealias Element = Downstream.Input

  private let state: BridgeLockedState<ObservablePublisherStateMachine<Element>>
  private let failure: @Sendable (any Error) -> Downstream.Failure
  /// Set to `nil` once the subscriber must not be called again (cancelled, or the terminal event delivered), so
  /// that it is released with the subscription's last reference rather than kept by the Rx source.
  private var subscriber: Downstream?

  init(
    subscriber: Downstream, limit: ValuesBufferingPolicy,
    failure: @escaping @Sendable (any Error) -> Downstream.Failure
  ) {
    self.subscriber = subscriber
    self.failure = failure
    self.state = BridgeLockedState(ObservablePublisherStateMachine(limit: limit))
  }

  /// Subscribes to the Rx source; called after the subscriber received this subscription, so that everything the
  /// source sends from now on is kept (buffered until demanded).
  func start(_ source: Observable<Element>) {
    let disposable = source.subscribe(self)
    let late = state.withLock { $0.subscribed(disposable) }
    late?.dispose()
  }

  func request(_ demand: Subscribers.Demand) {
    perform(state.withLock { $0.requested(demand) })
  }

  func cancel() {
    let action = state.withLock { $0.cancelled() }
    action.subscription?.dispose()
    // `action.buffer` (elements never delivered) is released here, outside the lock.
  }

  /// Receives the Rx source's events (this subscription is the source's observer).
  func on(_ event: Event<Element>) {
    switch event {
    case .next(let element): perform(state.withLock { $0.received(element) })
    case .error(let error): perform(state.withLock { $0.terminated(error) })
    case .completed: perform(state.withLock { $0.terminated(nil) })
    }
  }

  /// Carries out an action; while it says `deliver`, this thread holds the delivering role and loops.
  private func perform(_ first: ObservablePublisherStateMachine<Element>.Action) {
    var action = first
    while true {
      switch action {
      case .none, .discard, .release:
        return
      case .deliver(let element):
        let additional = subscriber?.receive(element) ?? .none
        action = state.withLock { $0.delivered(adding: additional) }
      case .complete(let completion, _):
        let subscriber = self.subscriber
        self.subscriber = nil
        switch completion {
        case .finished: subscriber?.receive(completion: .finished)
        case .failure(let error): subscriber?.receive(completion: .failure(failure(error)))
        }
        return
      }
    }
  }
}
#endif
