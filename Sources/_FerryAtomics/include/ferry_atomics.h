// Portable C11 atomics for Ferry's internals (sink "disposed" flags, subject state words) and, on Linux, its lock.
// Swift's `Synchronization.Atomic` needs iOS 18 / macOS 15; Ferry supports iOS 17 / macOS 14.
#ifndef FERRY_ATOMICS_H
#define FERRY_ATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

// Included from here (not only found in the umbrella directory) so that a build with a module cache from before
// the header existed rebuilds the module and sees it.
#include "ferry_main_queue.h"

typedef struct {
  _Atomic(intptr_t) value;
} ferry_atomic_word;

static inline void ferry_atomic_word_init(ferry_atomic_word *_Nonnull word, intptr_t value) {
  atomic_init(&word->value, value);
}

static inline intptr_t ferry_atomic_word_load(ferry_atomic_word *_Nonnull word) {
  return atomic_load_explicit(&word->value, memory_order_acquire);
}

static inline void ferry_atomic_word_store(ferry_atomic_word *_Nonnull word, intptr_t value) {
  atomic_store_explicit(&word->value, value, memory_order_release);
}

static inline intptr_t ferry_atomic_word_exchange(ferry_atomic_word *_Nonnull word, intptr_t value) {
  return atomic_exchange_explicit(&word->value, value, memory_order_acq_rel);
}

static inline bool ferry_atomic_word_compare_exchange(ferry_atomic_word *_Nonnull word, intptr_t expected,
                                                      intptr_t desired) {
  return atomic_compare_exchange_strong_explicit(&word->value, &expected, desired, memory_order_acq_rel,
                                                 memory_order_acquire);
}

static inline intptr_t ferry_atomic_word_fetch_or(ferry_atomic_word *_Nonnull word, intptr_t bits) {
  return atomic_fetch_or_explicit(&word->value, bits, memory_order_acq_rel);
}

static inline intptr_t ferry_atomic_word_fetch_add(ferry_atomic_word *_Nonnull word, intptr_t delta) {
  return atomic_fetch_add_explicit(&word->value, delta, memory_order_acq_rel);
}

// How many serial deliveries (subject, serialising operator, observe(on:)) the current thread is inside.
// A thread that is delivering never waits for another stream's emitter role (it queues instead), so two
// streams feeding each other from two threads cannot deadlock. Defined in ferry_atomics.c.
extern _Thread_local intptr_t ferry_delivery_depth;

static inline intptr_t ferry_delivery_depth_get(void) { return ferry_delivery_depth; }
static inline void ferry_delivery_depth_enter(void) { ferry_delivery_depth += 1; }
static inline void ferry_delivery_depth_exit(void) { ferry_delivery_depth -= 1; }

// How many subscriptions stopped on the current thread before their upstream was attached (a `take` that finished
// while its source was still inside `subscribe`). A source that loops inside `subscribe` compares it before each
// element with the value it last saw, and asks the chain below it whether it still listens only when it moved: one
// thread-local read per element instead of a walk down the chain. Defined in ferry_atomics.c.
extern _Thread_local uintptr_t ferry_early_stops;

static inline uintptr_t ferry_early_stops_get(void) { return ferry_early_stops; }
static inline void ferry_early_stops_count(void) { ferry_early_stops += 1; }  // unsigned: wraps, never overflows

// A number that identifies the calling thread while it runs (the address of its delivery depth): which producer
// queued a send, so that an emitter tells its own re-entrant sends from other threads'.
static inline uintptr_t ferry_thread_token(void) { return (uintptr_t)&ferry_delivery_depth; }

#if defined(__linux__)
// Ferry's lock on Linux (`PlatformLock`): a futex word, cheaper than `pthread_mutex_t` when uncontended (one
// compare-and-swap to lock, one exchange to unlock, inlined into the caller; glibc's mutex costs two calls and
// about 55 instructions per round trip). The kernel is entered only under contention. Non-recursive. As fair as
// glibc's default mutex, which is the same algorithm (U. Drepper, "Futexes Are Tricky", mutex 3): a woken waiter
// competes with newcomers (no hand-off), and the kernel wakes sleepers of equal priority in arrival order.
//
// The word is 0 (free), 1 (held) or 2 (held, and a thread may sleep on it: the unlock wakes one). The acquire
// compare-and-swap or exchange and the release exchange are C11 atomics, so the thread sanitizer sees the
// happens-before edges of every lock round trip.
typedef struct {
  _Atomic(uint32_t) state;
} ferry_lock;

static inline void ferry_lock_init(ferry_lock *_Nonnull lock) { atomic_init(&lock->state, 0); }

// The contended paths, out of line (ferry_atomics.c): they spin briefly, then sleep in or wake through the kernel.
void ferry_lock_lock_contended(ferry_lock *_Nonnull lock);
void ferry_lock_wake_one(ferry_lock *_Nonnull lock);

static inline void ferry_lock_lock(ferry_lock *_Nonnull lock) {
  uint32_t expected = 0;
  if (__builtin_expect(atomic_compare_exchange_strong_explicit(&lock->state, &expected, 1, memory_order_acquire,
                                                               memory_order_relaxed),
                       1)) {
    return;
  }
  ferry_lock_lock_contended(lock);
}

// The word (relaxed): for tests and assertions only, never to decide anything.
static inline uint32_t ferry_lock_state(ferry_lock *_Nonnull lock) {
  return atomic_load_explicit(&lock->state, memory_order_relaxed);
}

static inline void ferry_lock_unlock(ferry_lock *_Nonnull lock) {
  if (__builtin_expect(atomic_exchange_explicit(&lock->state, 0, memory_order_release) == 2, 0)) {
    ferry_lock_wake_one(lock);
  }
}
#endif

#endif
