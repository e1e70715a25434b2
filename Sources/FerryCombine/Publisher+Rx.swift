#if FERRY_OPENCOMBINE
import OpenCombine
#elseif canImport(Combine)
import Combine
#endif

#if FERRY_OPENCOMBINE || canImport(Combine)
@_spi(FerryBridges) import Ferry

extension Publisher {
  /// The publisher as an `Observable`: each subscription subscribes to the publisher with unlimited demand.
  ///
  /// - `finished` becomes `completed`, a failure becomes `error`; order is kept.
  /// - Disposing the subscription cancels the Combine subscription before `dispose()` returns; nothing is delivered
  ///   after that (an element a publisher sends while being cancelled is dropped).
  /// - Nothing happens until the observable is subscribed: `publisher.asObservable()` on its own subscribes to
  ///   nothing.
  ///
  /// ```swift
  /// repository.fetch()            // AnyPublisher<[Task], RepositoryError>
  ///   .asObservable()
  ///   .asDriver(onErrorJustReturn: [])
  ///   .drive(onNext: { [weak self] in self?.show($0) })
  ///   .disposed(by: disposeBag)
  /// ```
  public func asObservable() -> Observable<Output> {
    let publisher = PublisherBox(self)
    return Observable.create(publisher.subscribe)
  }

  /// The elements as an `AsyncSequence`, buffered with `bufferingPolicy` (lossless by default).
  ///
  /// Unlike Combine's own `values` (which asks for one element at a time, so a subject that sends while the loop
  /// body runs loses those elements), this subscribes with unlimited demand and buffers in between:
  ///
  /// - `.unbounded` (the default) keeps every element; `.bufferingNewest(n)` / `.bufferingOldest(n)` keep `n`.
  /// - The publisher is subscribed when iteration starts, once per iterator.
  /// - Leaving the loop or cancelling its task cancels the Combine subscription at once. A cancellation before the
  ///   publisher finished throws `CancellationError`, as `observable.values` does (Combine's own `values` ends the
  ///   loop with `nil`), so a cancelled loop is never mistaken for a finished publisher.
  /// - A failure is thrown after the elements buffered before it; buffered elements are handed out without
  ///   suspending.
  ///
  /// ```swift
  /// for try await tasks in repository.fetch().values() { show(tasks) }
  /// ```
  ///
  /// - Precondition: a bounded policy's count is at least 1.
  public func values(bufferingPolicy: ValuesBufferingPolicy = .unbounded) -> ObservableValues<Output>
  where Output: Sendable {
    asObservable().values(bufferingPolicy: bufferingPolicy)
  }
}

extension Publisher where Failure == Never {
  /// The publisher as an `Infallible`: as `asObservable()`, for a publisher that cannot fail.
  ///
  /// The way to main-actor code: `publisher.asInfallible().asDriver()` delivers on the main actor, where `drive`'s
  /// closure is `@MainActor` — no `receive(on: DispatchQueue.main)` the compiler cannot see.
  public func asInfallible() -> Infallible<Output> {
    Infallible.bridging(asObservable())
  }

  /// The elements as a non-throwing `AsyncSequence`, buffered with `bufferingPolicy` (lossless by default): as
  /// `values(bufferingPolicy:)`, for a publisher that cannot fail.
  ///
  /// ```swift
  /// for await event in subject.values() { handle(event) }  // a burst sent while `handle` runs is not lost
  /// ```
  ///
  /// - Precondition: a bounded policy's count is at least 1.
  public func values(bufferingPolicy: ValuesBufferingPolicy = .unbounded) -> InfallibleValues<Output>
  where Output: Sendable {
    asInfallible().values(bufferingPolicy: bufferingPolicy)
  }
}

/// A publisher carried into `Observable.create`'s `@Sendable` subscribe function.
struct PublisherBox<Base: Publisher>: @unchecked Sendable {
  // @unchecked Sendable: the box only ever calls `subscribe(_:)`, and Combine's contract lets any thread subscribe to a
  // publisher (publishers are values or thread-safe subjects); the publisher is never mutated.
  let base: Base
  init(_ base: Base) { self.base = base }

  /// Subscribes `observer` to the publisher; the returned disposable cancels the Combine subscription.
  func subscribe(_ observer: AnyObserver<Base.Output>) -> any Disposable {
    let subscriber = CombineToRxSubscriber<Base.Output, Base.Failure>(observer: observer)
    base.subscribe(subscriber)
    return subscriber
  }
}

/// The Combine subscriber behind `asObservable()`: one per Rx subscription, with unlimited
/// demand; it is also the subscription's disposable.
///
/// `Observable.create` drops events after a terminal event or after disposal and disposes this subscriber after a
/// terminal event, so this class only has to hold on to the Combine subscription until it is cancelled.
final class CombineToRxSubscriber<Input, Failure: Error>: Subscriber, Disposable, @unchecked Sendable {
  // @unchecked Sendable: `subscription` is only touched under its `BridgeLockedState`'s lock; `observer` is immutable
  // and called one event at a time, because Combine serialises the calls into one subscriber.
  private enum SubscriptionState {
    /// `receive(subscription:)` has not run yet.
    case waiting
    /// Subscribed; cancelled on disposal.
    case subscribed(any Subscription)
    /// Disposed (or the subscription was handed back): a subscription that arrives now is cancelled at once.
    case disposed
  }

  let combineIdentifier = CombineIdentifier()
  private let observer: AnyObserver<Input>
  private let subscription = BridgeLockedState(SubscriptionState.waiting)

  init(observer: AnyObserver<Input>) {
    self.observer = observer
  }

  func receive(subscription newSubscription: any Subscription) {
    let accepted = subscription.withLock { state -> Bool in
      guard case .waiting = state else { return false }
      state = .subscribed(newSubscription)
      return true
    }
    // Outside the lock: both calls can run the publisher's code (a `Just` sends from inside `request`).
    if accepted {
      newSubscription.request(.unlimited)
    } else {
      newSubscription.cancel()
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    observer.on(.next(input))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: observer.on(.completed)
    case .failure(let error): observer.on(.error(error))
    }
  }

  /// Cancels the Combine subscription (or the one still to arrive) before returning.
  func dispose() {
    let taken = subscription.withLock { state -> (any Subscription)? in
      defer { state = .disposed }
      if case .subscribed(let subscription) = state { return subscription }
      return nil
    }
    taken?.cancel()
  }
}
#endif
