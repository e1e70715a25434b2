// The atomics are `static inline` in the header; the thread-local delivery depth is defined here.
#include "ferry_atomics.h"

_Thread_local intptr_t ferry_delivery_depth = 0;
