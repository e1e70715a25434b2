// The atomics are `static inline` in the header; the thread-local delivery depth and the contended paths of the
// Linux lock are defined here.
#include "ferry_atomics.h"

_Thread_local intptr_t ferry_delivery_depth = 0;
_Thread_local uintptr_t ferry_early_stops = 0;

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#if __has_include(<linux/futex.h>)
#include <linux/futex.h>
#else
// Some C libraries' SDKs (musl) ship without the kernel headers; the values are the kernel's ABI.
#define FUTEX_WAIT_PRIVATE 128
#define FUTEX_WAKE_PRIVATE 129
#endif

#if defined(__x86_64__) || defined(__i386__)
#define FERRY_CPU_RELAX() __builtin_ia32_pause()
#elif defined(__aarch64__) || defined(__arm__)
#define FERRY_CPU_RELAX() __asm__ __volatile__("yield")
#else
#define FERRY_CPU_RELAX() ((void)0)
#endif

// Ferry's critical sections are a few dozen instructions: a short spin usually outlasts them and saves two system
// calls. Bounded, because the holder may have been preempted (on few cores, spinning then only burns a time slice).
enum { ferry_lock_spins = 100 };

void ferry_lock_lock_contended(ferry_lock *_Nonnull lock) {
  for (int spin = 0; spin < ferry_lock_spins; spin++) {
    uint32_t state = atomic_load_explicit(&lock->state, memory_order_relaxed);
    if (state == 0) {
      uint32_t expected = 0;
      if (atomic_compare_exchange_weak_explicit(&lock->state, &expected, 1, memory_order_acquire,
                                                memory_order_relaxed)) {
        return;
      }
    } else if (state == 2) {
      break;  // Others already sleep: the holder is slow, spinning longer would not pay.
    }
    FERRY_CPU_RELAX();
  }
  // Marking the word 2 before sleeping makes the holder's unlock wake a sleeper. A thread that gets the lock here
  // leaves it at 2 (others may still sleep), so its unlock wakes one: at worst a spurious wake-up.
  while (atomic_exchange_explicit(&lock->state, 2, memory_order_acquire) != 0) {
    // Returns at once if the word is no longer 2 (EAGAIN), or when woken; either way, try again.
    syscall(SYS_futex, &lock->state, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
  }
}

void ferry_lock_wake_one(ferry_lock *_Nonnull lock) {
  syscall(SYS_futex, &lock->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#endif
