// Portable C11 atomics for Ferry's internals (sink "disposed" flags, subject state words).
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

#endif
