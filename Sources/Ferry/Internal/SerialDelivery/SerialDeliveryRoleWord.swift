import _FerryAtomics

/// The atomic word holding a ``SerialDeliveryRole``, in its own allocation (freed by the owner's `deinit`); its
/// operations are ``AtomicWordAccess``'s, on a raw allocation rather than ``AtomicWord``'s shared one so that the
/// uncontended send reaches it without retaining anything.
///
/// Memory ordering: a successful compare-and-swap is acquire-release and every store is a release, so each party
/// that takes the role (compare-and-swap from idle, or under the lock) sees every write the previous holder made to
/// the role-owned state before giving the role back (compare-and-swap to idle, or a store under the lock). A role
/// handed to a waiting producer is ordered by the waiter's semaphore and the lock instead.
@usableFromInline
struct SerialDeliveryRoleWord: AtomicWordAccess, @unchecked Sendable {
  // @unchecked Sendable: every access is a C11 atomic operation on the word.
  @usableFromInline let word: UnsafeMutablePointer<ferry_atomic_word>

  /// Allocates an idle word; the owner calls ``deallocate()`` once.
  @inlinable init() {
    word = .allocate(capacity: 1)
    ferry_atomic_word_init(word, SerialDeliveryRole.idle.bits)
  }

  /// Frees the word (from the owner's `deinit`).
  @inlinable func deallocate() { word.deallocate() }

  @inlinable @inline(__always)
  func withWord<R>(_ body: (UnsafeMutablePointer<ferry_atomic_word>) -> R) -> R { body(word) }

  /// The current role (acquire).
  @inlinable @inline(__always) var role: SerialDeliveryRole {
    SerialDeliveryRole(bits: load())
  }

  /// Takes the role if idle, without the lock, for the thread whose token is `token` (the caller's); returns
  /// whether it did.
  @inlinable @inline(__always) func takeFast(by token: UInt) -> Bool {
    compareExchange(expected: SerialDeliveryRole.idle.bits, desired: SerialDeliveryRole.heldFast(by: token).bits)
  }

  /// Gives back the role ``takeFast(by:)`` took with the same `token` if nothing is pending, without the lock;
  /// returns `false` when the holder must give it back under the lock (``SerialDeliveryRole/releasedUnderLock``).
  @inlinable @inline(__always) func releaseFast(by token: UInt) -> Bool {
    compareExchange(expected: SerialDeliveryRole.heldFast(by: token).bits, desired: SerialDeliveryRole.idle.bits)
  }

  /// Under the lock, when the state machine is idle: ``SerialDeliveryRole/claimed``. Retries while an uncontended
  /// holder takes or gives back the role concurrently; returns whether the caller took the role.
  @inlinable func claim() -> Bool {
    while true {
      let current = role
      let (claimed, took) = current.claimed
      if compareExchange(expected: current.bits, desired: claimed.bits) { return took }
    }
  }

  /// Under the lock, with the role pending: ``SerialDeliveryRole/markedStopped``. A plain store: while pending, only
  /// lock holders change the word.
  @inlinable func markStopped() {
    store(role.markedStopped.bits)
  }

  /// Under the lock, when the state machine went idle: ``SerialDeliveryRole/releasedUnderLock``.
  @inlinable func releaseUnderLock() {
    store(role.releasedUnderLock.bits)
  }
}
