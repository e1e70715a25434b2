import Dispatch

/// A producer waiting for its queued item to be delivered (fair back-pressure; see ``SerialDelivery``).
///
/// Created under the delivery's lock with its item's place in the queue (`ticket`), waited on outside it. The party
/// that hands the item out either delivers it and then ``release()``s the producer, or, when its own bounded turn
/// ends with this item first in the queue, hands the emitter role to the producer with ``grant()``: the producer
/// then delivers the queue, starting with its own item.
///
/// `Sendable`: a semaphore, an atomic word (the outcome, stored with release before the signal and loaded with
/// acquire after the wait, so that the order does not rest on the semaphore alone) and a constant.
@usableFromInline
final class SerialDeliveryWaiter: Sendable {
  /// How a wait ended.
  @usableFromInline
  enum Outcome: Int {
    /// The item was delivered by another party: the send is done.
    case delivered
    /// The emitter role was handed over: deliver the queue (the item is first in it).
    case handedRole
  }

  @usableFromInline let semaphore = DispatchSemaphore(value: 0)
  /// The ``Outcome``'s raw value.
  @usableFromInline let outcome = AtomicWord.make(Outcome.delivered.rawValue)
  /// The item's position in the queue's sequence of items (``SerialDeliveryStateMachine``).
  @usableFromInline let ticket: Int

  @inlinable init(ticket: Int) { self.ticket = ticket }

  /// Blocks until ``release()`` or ``grant()``; returns which.
  @inlinable func wait() -> Outcome {
    semaphore.wait()
    return received
  }

  /// Blocks until ``release()`` or ``grant()`` (returns which), or until `deadline` (returns `nil`: the producer
  /// then asks the state machine to forget it, ``SerialDeliveryStateMachine/abandon(_:)``, and waits with
  /// ``wait()`` if the emitter took it meanwhile, whose signal is then on its way).
  @inlinable func wait(until deadline: DispatchTime) -> Outcome? {
    guard semaphore.wait(timeout: deadline) == .success else { return nil }
    return received
  }

  /// The outcome stored before the semaphore's signal that the caller has consumed.
  @inlinable var received: Outcome {
    outcome.load() == Outcome.handedRole.rawValue ? .handedRole : .delivered
  }

  /// The item was delivered: the producer's send returns.
  @inlinable func release() {
    outcome.store(Outcome.delivered.rawValue)
    semaphore.signal()
  }

  /// Hands the emitter role to the waiting producer.
  @inlinable func grant() {
    outcome.store(Outcome.handedRole.rawValue)
    semaphore.signal()
  }
}
