import Dispatch

/// A producer waiting for a serial delivery's emitter role (fair back-pressure; see ``SerialDelivery``).
///
/// Created under the delivery's lock, waited on and granted outside it. `Sendable`: its only state is a semaphore.
@usableFromInline
final class SerialDeliveryWaiter: Sendable {
  @usableFromInline let semaphore = DispatchSemaphore(value: 0)

  @inlinable init() {}

  /// Blocks until ``grant()``; the caller then holds the emitter role.
  @inlinable func wait() { semaphore.wait() }

  /// Hands the emitter role to the waiting producer.
  @inlinable func grant() { semaphore.signal() }
}
