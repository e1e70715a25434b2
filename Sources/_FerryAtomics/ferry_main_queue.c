// See ferry_main_queue.h. libdispatch's own header is not on this C target's include path, so the two symbols are
// declared here (both exported by libdispatch on Linux). `dispatch_get_current_queue` is deprecated as a way to
// reason about queues in general; here it only answers whether the current queue is the main queue, which is
// exactly what it reports reliably (with `dispatchMain()` the main queue is drained by worker threads, so the
// main *thread* is not the right test).
#include "ferry_main_queue.h"

#if defined(__linux__)
struct dispatch_queue_s;
extern struct dispatch_queue_s _dispatch_main_q;
extern struct dispatch_queue_s *dispatch_get_current_queue(void);

bool ferry_is_current_queue_main(void) { return dispatch_get_current_queue() == &_dispatch_main_q; }
#endif
