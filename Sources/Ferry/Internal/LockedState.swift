import _FerryAtomics

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif canImport(WinSDK)
import WinSDK
#endif

/// The platform's cheapest non-recursive mutex.
///
/// `os_unfair_lock` on Darwin, `SRWLOCK` on Windows, a futex word (`ferry_lock`, in `_FerryAtomics`) on Linux and
/// Android, `pthread_mutex_t` elsewhere. On Linux the futex lock's uncontended round trip is one inlined
/// compare-and-swap and one exchange, where `pthread_mutex_lock`/`unlock` cost two calls and about 55 instructions
/// (callgrind); a `BehaviorRelay.accept` takes a lock once per element. Ferry never takes a lock recursively and
/// never calls out (to an observer, a user closure or a continuation) while holding one: decide under the lock, act
/// after it.
@usableFromInline
enum PlatformLock {
  #if canImport(Darwin)
  @usableFromInline typealias Primitive = os_unfair_lock
  #elseif os(Windows)
  @usableFromInline typealias Primitive = SRWLOCK
  #elseif os(Linux) || os(Android)
  @usableFromInline typealias Primitive = ferry_lock
  #else
  @usableFromInline typealias Primitive = pthread_mutex_t
  #endif

  @inlinable
  static func initialize(_ lock: UnsafeMutablePointer<Primitive>) {
    #if canImport(Darwin)
    lock.initialize(to: os_unfair_lock())
    #elseif os(Windows)
    InitializeSRWLock(lock)
    #elseif os(Linux) || os(Android)
    ferry_lock_init(lock)
    #else
    let result = pthread_mutex_init(lock, nil)
    precondition(result == 0, "Internal inconsistency: pthread_mutex_init failed (\(result))")
    #endif
  }

  @inlinable
  static func deinitialize(_ lock: UnsafeMutablePointer<Primitive>) {
    #if canImport(Darwin) || os(Windows) || os(Linux) || os(Android)
    lock.deinitialize(count: 1)
    #else
    pthread_mutex_destroy(lock)
    lock.deinitialize(count: 1)
    #endif
  }

  @inlinable
  static func lock(_ lock: UnsafeMutablePointer<Primitive>) {
    #if canImport(Darwin)
    os_unfair_lock_lock(lock)
    #elseif os(Windows)
    AcquireSRWLockExclusive(lock)
    #elseif os(Linux) || os(Android)
    ferry_lock_lock(lock)
    #else
    pthread_mutex_lock(lock)
    #endif
  }

  @inlinable
  static func unlock(_ lock: UnsafeMutablePointer<Primitive>) {
    #if canImport(Darwin)
    os_unfair_lock_unlock(lock)
    #elseif os(Windows)
    ReleaseSRWLockExclusive(lock)
    #elseif os(Linux) || os(Android)
    ferry_lock_unlock(lock)
    #else
    pthread_mutex_unlock(lock)
    #endif
  }
}

/// One heap object holding a value and the lock that guards it (tail-allocated, a single allocation).
@usableFromInline
final class LockedBuffer<State>: ManagedBuffer<State, PlatformLock.Primitive> {
  deinit {
    withUnsafeMutablePointers { _, lock in PlatformLock.deinitialize(lock) }
  }
}

/// A value guarded by a lock: the only way to reach the value is `withLock`.
///
/// `package`: FerryStore keeps its cross-thread state behind the same lock.
@usableFromInline
package struct LockedState<State>: @unchecked Sendable {
  // @unchecked Sendable: every access to `State` goes through `withLock`, which holds the platform lock stored in the
  // same buffer.
  @usableFromInline let buffer: ManagedBuffer<State, PlatformLock.Primitive>

  @inlinable
  package init(_ initial: State) {
    buffer = LockedBuffer.create(minimumCapacity: 1) { buffer in
      buffer.withUnsafeMutablePointerToElements { PlatformLock.initialize($0) }
      return initial
    }
  }

  /// Runs `body` with exclusive access to the state. `body` must not call out to user code.
  @inlinable
  package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    try buffer.withUnsafeMutablePointers { state, lock in
      PlatformLock.lock(lock)
      defer { PlatformLock.unlock(lock) }
      return try body(&state.pointee)
    }
  }
}
