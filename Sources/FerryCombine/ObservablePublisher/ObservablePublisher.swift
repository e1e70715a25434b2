#if FERRY_OPENCOMBINE
import OpenCombine
#elseif canImport(Combine)
import Combine
#endif

#if FERRY_OPENCOMBINE || canImport(Combine)
@_spi(FerryBridges) import Ferry

/// An Rx sequence as a Combine `Publisher` that honours demand.
///
/// Obtained with `publisher` / `asPublisher()` / `publisher(bufferingPolicy:)` on an observable, a trait, a relay,
/// a `Driver` or a `Signal` (usually type-erased to `AnyPublisher`).
///
/// - **Lazy, one Rx subscription per Combine subscription**, made right after the subscriber received its
///   `Subscription`: nothing the source sends after that is lost, and nothing runs before it (a `Single`'s work
///   starts only when subscribed — unlike a `Future`, which runs when created).
/// - **Demand is honoured**: the subscriber never receives more elements than it requested. Elements the source
///   sends beyond the demand are buffered per the policy — `.unbounded` (the default: lossless),
///   `.bufferingNewest(n)`, `.bufferingOldest(n)` — and delivered as demand arrives, in order.
/// - The source's completion or error is delivered after the buffered elements, without waiting for demand.
/// - `cancel()` disposes the Rx subscription before it returns and drops the buffer.
/// - Calls into the subscriber never overlap, even when the source and `request(_:)` run on different threads; a
///   request made from inside `receive(_:)` is honoured by the delivering thread after `receive(_:)` returns.
public struct ObservablePublisher<Output, Failure: Error>: Publisher, Sendable {
  let source: Observable<Output>
  let policy: ValuesBufferingPolicy
  let failure: @Sendable (any Error) -> Failure

  /// Subscribes `subscriber`: hands it its subscription, then subscribes to the Rx source.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let subscription = ObservablePublisherSubscription(subscriber: subscriber, limit: policy, failure: failure)
    subscriber.receive(subscription: subscription)
    subscription.start(source)
  }
}

extension ObservablePublisher where Failure == any Error {
  init(source: Observable<Output>, policy: ValuesBufferingPolicy) {
    self.init(source: source, policy: policy.bridgeChecked(for: "publisher(bufferingPolicy:)"), failure: { $0 })
  }
}

extension ObservablePublisher where Failure == Never {
  /// For sources that cannot fail (by their type: infallible, relays, Driver, Signal).
  init(infallible source: Observable<Output>, policy: ValuesBufferingPolicy) {
    self.init(
      source: source, policy: policy.bridgeChecked(for: "publisher(bufferingPolicy:)"),
      failure: { error in
        preconditionFailure("Internal inconsistency: a sequence that cannot fail sent an error: \(error)")
      }
    )
  }
}
#endif
