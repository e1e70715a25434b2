// Imported publicly so that `@inlinable` hot paths (relays, subjects) can use the atomics in client code.
import _FerryAtomics

/// A word-sized C11 atomic in its own single, reference-counted allocation: a flag or counter shared by the objects
/// that hold it (a subscription and a subject's entry). Its operations are ``AtomicWordAccess``'s.
///
/// Beside the atomic word, the allocation has room for one plain `Int`, ``slot``, that its owner guards by other
/// means (``SubjectCore`` keeps there, under its lock and role, where the subscription's entry sits in its list).
@usableFromInline
struct AtomicWord: AtomicWordAccess, @unchecked Sendable {
  // @unchecked Sendable: every access to the word is a C11 atomic operation on the tail-allocated word; `slot` is only
  // touched under its owner's lock.
  @usableFromInline let buffer: ManagedBuffer<Int, ferry_atomic_word>

  @inlinable init(buffer: ManagedBuffer<Int, ferry_atomic_word>) { self.buffer = buffer }

  /// Creates an atomic word holding `value`, with `slot` -1.
  @inlinable static func make(_ value: Int = 0) -> AtomicWord {
    let buffer = ManagedBuffer<Int, ferry_atomic_word>.create(minimumCapacity: 1) { _ in -1 }
    buffer.withUnsafeMutablePointerToElements { ferry_atomic_word_init($0, value) }
    return AtomicWord(buffer: buffer)
  }

  /// The owner's plain `Int` (not atomic: guarded by the owner's lock).
  /// Through the header's pointer: `ManagedBuffer.header` is a class property, so reading or writing it directly
  /// costs a run-time exclusivity check (`swift_beginAccess`).
  @inlinable var slot: Int {
    get { buffer.withUnsafeMutablePointerToHeader { $0.pointee } }
    nonmutating set { buffer.withUnsafeMutablePointerToHeader { $0.pointee = newValue } }
  }

  /// Whether `self` and `other` are the same word.
  @inlinable func isSame(as other: AtomicWord) -> Bool { buffer === other.buffer }

  @inlinable @inline(__always)
  func withWord<R>(_ body: (UnsafeMutablePointer<ferry_atomic_word>) -> R) -> R {
    buffer.withUnsafeMutablePointerToElements(body)
  }
}

/// The operations on a word-sized C11 atomic, written once for the two forms of atomic word: ``AtomicWord`` (its own
/// reference-counted allocation, shared by its holders, with a ``AtomicWord/slot`` beside it) and
/// ``SerialDeliveryRoleWord`` (an allocation its one owner frees, so that a subject's uncontended send retains
/// nothing to reach it). Each form only says where its word is; every call is specialised for the form and inlined.
///
/// Ordering: loads acquire, stores release, read-modify-write operations are acquire-release (see ferry_atomics.h).
@usableFromInline
protocol AtomicWordAccess {
  /// Calls `body` with the word's address, valid for the duration of the call.
  func withWord<R>(_ body: (UnsafeMutablePointer<ferry_atomic_word>) -> R) -> R
}

extension AtomicWordAccess {
  /// Acquire load.
  @inlinable @inline(__always) func load() -> Int {
    withWord { ferry_atomic_word_load($0) }
  }

  /// Release store.
  @inlinable @inline(__always) func store(_ value: Int) {
    withWord { ferry_atomic_word_store($0, value) }
  }

  /// Exchanges and returns the previous value.
  @inlinable @inline(__always) func exchange(_ value: Int) -> Int {
    withWord { ferry_atomic_word_exchange($0, value) }
  }

  /// Stores `desired` if the current value is `expected`; returns whether it did.
  @inlinable @inline(__always) func compareExchange(expected: Int, desired: Int) -> Bool {
    withWord { ferry_atomic_word_compare_exchange($0, expected, desired) }
  }

  /// Sets `bits` and returns the previous value.
  @inlinable @inline(__always) func fetchOr(_ bits: Int) -> Int {
    withWord { ferry_atomic_word_fetch_or($0, bits) }
  }

  /// Adds `delta` and returns the previous value.
  @inlinable @inline(__always) func fetchAdd(_ delta: Int) -> Int {
    withWord { ferry_atomic_word_fetch_add($0, delta) }
  }

  /// Sets the flag to 1; returns `true` only for the caller that changed it from 0.
  @inlinable @inline(__always) func setOnce() -> Bool {
    exchange(1) == 0
  }
}
