#if FERRY_OPENCOMBINE
import OpenCombine
#elseif canImport(Combine)
import Combine
#endif

#if FERRY_OPENCOMBINE || canImport(Combine)
@_spi(FerryBridges) import Ferry

/// The state of one subscription to an ``ObservablePublisher``: the subscriber's outstanding demand, the elements
/// that arrived beyond it, the terminal event waiting behind them, and which thread is delivering.
///
/// A value type with one `mutating` method per input; each returns what the caller must do after leaving the lock
/// (deliver to the subscriber, dispose the Rx subscription, release elements). Invariants:
/// - at most one thread delivers at a time (`isDelivering`): the one whose input found the subscriber idle; inputs
///   from other threads, and from inside a delivery, only buffer or add demand, and the delivering thread picks
///   them up in ``delivered(adding:)`` before it gives the role back;
/// - the subscriber never receives more elements than it demanded: an element is handed out only when `demand > 0`,
///   and `demand` is decremented for it (`.unlimited` stays unlimited);
/// - the terminal event goes out after every buffered element, exactly once, whatever the demand; then the state
///   is `done`;
/// - `done` holds no element, no terminal event and no Rx subscription.
struct ObservablePublisherStateMachine<Element> {
  enum Phase {
    /// The Rx source is live (or being subscribed).
    case active
    /// The Rx source terminated; its event waits behind the buffered elements.
    case terminated(Subscribers.Completion<any Error>)
    /// The terminal event was delivered, or the subscriber cancelled.
    case done
  }

  /// What to do after an input.
  enum Action {
    /// Nothing (buffered, demand recorded, or another thread is delivering).
    case none
    /// Deliver `element` to the subscriber, then call ``delivered(adding:)`` with the demand it returns.
    case deliver(Element)
    /// Deliver the terminal event (the delivering role ends with it); release the Rx subscription (outside the
    /// lock).
    case complete(Subscribers.Completion<any Error>, (any Disposable)?)
    /// The policy dropped an element; release it outside the lock.
    case discard(Element)
    /// Release the Rx subscription of a source that terminated (outside the lock).
    case release(any Disposable)
  }

  /// What to do after the subscriber cancelled.
  struct CancelAction {
    /// The Rx subscription to dispose.
    var subscription: (any Disposable)?
    /// The buffered elements, to release outside the lock.
    var buffer: BridgeFIFOBuffer<Element>
  }

  let limit: ValuesBufferingPolicy
  private(set) var phase = Phase.active
  private(set) var demand = Subscribers.Demand.none
  private(set) var buffer = BridgeFIFOBuffer<Element>()
  private(set) var isDelivering = false
  private var subscription: (any Disposable)?

  /// `limit` was checked by `publisher(bufferingPolicy:)`: a bounded policy's count is at least 1.
  init(limit: ValuesBufferingPolicy) {
    self.limit = limit
  }

  /// The Rx subscription's disposable became known (after `subscribe` returned): kept until the subscriber cancels
  /// or the source terminates; returned to be disposed at once if the subscriber already cancelled.
  mutating func subscribed(_ disposable: any Disposable) -> (any Disposable)? {
    guard case .active = phase else { return disposable }
    subscription = disposable
    return nil
  }

  /// The subscriber asked for `additional` more elements.
  mutating func requested(_ additional: Subscribers.Demand) -> Action {
    bridgeRequireArgument(additional > .none, "Subscription.request(_:): demand must be greater than zero, got none")
    guard !isDone else { return .none }
    demand += additional
    return isDelivering ? .none : nextDelivery()
  }

  /// The Rx source sent an element.
  mutating func received(_ element: Element) -> Action {
    guard case .active = phase else { return .discard(element) }
    if !isDelivering, buffer.isEmpty, demand > .none {
      demand -= 1
      isDelivering = true
      return .deliver(element)
    }
    guard let dropped = buffer.append(element, bufferingPolicy: limit) else { return .none }
    return .discard(dropped)
  }

  /// The Rx source terminated (`nil`: completed).
  mutating func terminated(_ error: (any Error)?) -> Action {
    guard case .active = phase else { return .none }
    phase = .terminated(error.map { .failure($0) } ?? .finished)
    if isDelivering || !buffer.isEmpty {
      // The terminal event goes out after the buffer, from the thread that delivers it. The Rx side is over:
      // release its subscription now.
      defer { subscription = nil }
      return subscription.map { .release($0) } ?? .none
    }
    return nextDelivery()
  }

  /// The subscriber returned from `receive(_:)` asking for `additional` more: the delivering thread's next step.
  mutating func delivered(adding additional: Subscribers.Demand) -> Action {
    precondition(isDelivering, "Internal inconsistency: delivered(adding:) without a delivery in progress")
    isDelivering = false
    guard !isDone else { return .none }
    demand += additional
    return nextDelivery()
  }

  /// The subscriber cancelled. Idempotent.
  mutating func cancelled() -> CancelAction {
    var action = CancelAction(subscription: subscription, buffer: BridgeFIFOBuffer())
    subscription = nil
    phase = .done
    swap(&action.buffer, &buffer)
    return action
  }

  var isDone: Bool {
    if case .done = phase { return true }
    return false
  }

  /// Hands the role of delivering thread to the caller if there is something to deliver now.
  private mutating func nextDelivery() -> Action {
    if demand > .none, let element = buffer.popFirst() {
      demand -= 1
      isDelivering = true
      return .deliver(element)
    }
    if buffer.isEmpty, case .terminated(let completion) = phase {
      phase = .done
      let released = subscription
      subscription = nil
      return .complete(completion, released)
    }
    return .none
  }
}
#endif
