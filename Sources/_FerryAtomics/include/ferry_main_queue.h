// A cheap "is the current queue the main queue?" check for Ferry's main-queue fast paths.
#ifndef FERRY_MAIN_QUEUE_H
#define FERRY_MAIN_QUEUE_H

#include <stdbool.h>

#if defined(__linux__)
// Whether the calling thread runs the main dispatch queue itself: its current queue is the main queue (inside a
// main-queue block, a main-actor job, or on the main thread outside any block). A queue that merely *targets* the
// main queue answers false, so callers must treat false as "maybe not": they hop to the main queue, which is always
// correct. About 40 instructions, against about 200 for `DispatchQueue.getSpecific` (which walks the target
// hierarchy under a lock). Defined in ferry_main_queue.c.
bool ferry_is_current_queue_main(void);
#endif

#endif
