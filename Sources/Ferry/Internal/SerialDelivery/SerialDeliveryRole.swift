/// The emitter role of a serial delivery as one machine word: the uncontended path takes it and gives it back with a
/// compare-and-swap each, no lock; contention, re-entrancy and stop events go through the lock and the queue of a
/// ``SerialDeliveryStateMachine``.
///
/// A value type with one transition per input (unit-tested directly); ``SerialDeliveryRoleWord`` applies them to
/// the atomic word. The bits:
/// - `held`: one party holds the emitter role and may touch the role-owned state (a subject's observer list and
///   replay buffer);
/// - `pending`: the lock side tracks this delivery (its state machine is `delivering`): items may be queued or
///   producers waiting, so the holder gives the role back under the lock, never by compare-and-swap;
/// - `stopped`: a stop event was accepted; the uncontended path is closed for good;
/// - the bits above these three: the thread that took the role uncontended (its ``SerialDelivery/threadToken()``,
///   an 8-byte-aligned address, so its low three bits are free), which the lock side reads when it claims the
///   delivery (it then knows who delivers, see `SubjectCore`); 0 when the role was taken under the lock.
///
/// Invariants:
/// - `pending` implies `held`, and `pending` is set exactly while the lock-side state machine is `delivering`;
/// - while `pending` is set the word changes only under the lock (the compare-and-swap transitions all fail);
/// - `stopped` is only set under the lock, together with `pending`.
@usableFromInline
struct SerialDeliveryRole: Equatable, Sendable {
  @usableFromInline static let held = 1
  @usableFromInline static let pending = 2
  @usableFromInline static let stopped = 4
  /// The three flags; the other bits are the uncontended holder's thread token.
  @usableFromInline static let flags = 7

  @usableFromInline let bits: Int

  @inlinable init(bits: Int) { self.bits = bits }

  /// Nobody holds the role and nothing was stopped.
  @inlinable static var idle: SerialDeliveryRole { SerialDeliveryRole(bits: 0) }

  /// Whether a party holds the emitter role.
  @inlinable var isHeld: Bool { bits & Self.held != 0 }

  /// Whether the lock side tracks the delivery (the holder must give the role back under the lock).
  @inlinable var isPending: Bool { bits & Self.pending != 0 }

  /// Whether a stop event was accepted.
  @inlinable var isStopped: Bool { bits & Self.stopped != 0 }

  /// Held, taken uncontended by the thread whose token is `token`.
  @inlinable @inline(__always)
  static func heldFast(by token: UInt) -> SerialDeliveryRole {
    SerialDeliveryRole(bits: Int(bitPattern: token) | Self.held)
  }

  /// The thread that took the role uncontended, or 0 (nobody holds it, or it was taken under the lock).
  @inlinable var holder: UInt { UInt(bitPattern: bits & ~Self.flags) }

  /// The uncontended take by the thread whose token is `token`: only from idle (not held, not stopped). `nil`
  /// means "use the lock".
  @inlinable func takenFast(by token: UInt) -> SerialDeliveryRole? {
    bits == 0 ? .heldFast(by: token) : nil
  }

  /// The uncontended give-back: only when nothing is pending. `nil` means "give it back under the lock".
  @inlinable var releasedFast: SerialDeliveryRole? {
    bits & Self.flags == Self.held ? .idle : nil
  }

  /// Under the lock, when the state machine is idle: the lock side starts tracking the delivery. Takes the role if
  /// nobody holds it (`took`), otherwise marks the uncontended holder's delivery `pending` so that it gives the role
  /// back under the lock and finds what is queued.
  @inlinable var claimed: (role: SerialDeliveryRole, took: Bool) {
    (SerialDeliveryRole(bits: bits | Self.held | Self.pending), !isHeld)
  }

  /// Under the lock, with the role pending: a stop event was accepted.
  @inlinable var markedStopped: SerialDeliveryRole {
    precondition(isPending, "Internal inconsistency: SerialDeliveryRole stopped outside a tracked delivery")
    return SerialDeliveryRole(bits: bits | Self.stopped)
  }

  /// Under the lock, when the state machine went idle: the role is given up (`stopped` stays).
  @inlinable var releasedUnderLock: SerialDeliveryRole {
    precondition(isPending, "Internal inconsistency: SerialDeliveryRole released under the lock while not pending")
    return SerialDeliveryRole(bits: bits & Self.stopped)
  }
}
