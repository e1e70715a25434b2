import Dispatch
import _FerryAtomics

/// The serial-delivery engine: one thread delivers at a time, others queue, re-entrant sends are queued.
///
/// Every subject, relay and serialising operator delivers through a ``SerialDeliveryStateMachine``: the subjects
/// (`SubjectCore`) and the multi-source and timed operators (`OperatorStorage`) keep it under the lock that guards
/// their own state, `observe(on:)` keeps it alone in a ``SerialDeliveryStorage``. The guarantees are the same
/// everywhere:
/// - serialised: the party that takes the emitter role delivers; a send that finds the role taken (from another
///   thread, or re-entrantly from inside the observer) is queued and delivered by the emitter, in order;
/// - `dispose()` on the delivering thread stops delivery before it returns (the emitter checks before each item);
/// - nothing is called under a lock, and every item the queue hands back or drops is released after unlocking.
///
/// The uncontended path (subjects and relays) costs atomics, not a mutex: the emitter role lives in a
/// ``SerialDeliveryRoleWord`` (see ``SerialDeliveryRole``); an uncontended send takes it and gives it back with one
/// compare-and-swap each. Anything that finds the role taken — a re-entrant send, another thread, a subscription, a
/// removal — or that stops the stream goes through the lock and the state machine, which marks the holder's
/// delivery *pending*, so that the holder gives the role back under the lock and delivers (or hands over) what was
/// queued meanwhile. The state the role owns, and why the acquire/release pairs make it safe, is documented on
/// `SubjectCore`.
///
/// Bounded latency and memory (subjects and relays): a producer on another thread that finds delivery busy queues
/// its send and *waits until it is delivered* (fair back-pressure, first come first served): the emitter delivers
/// it, in queue order, and then releases the producer. So a waiting producer has at most one send queued, and a
/// stream of producers costs the emitter one release (a semaphore signal) per element instead of a hand-over of the
/// role, with a thread switch, per element. A thread that is itself delivering (inside any Ferry delivery) or the
/// main thread does not wait while the queue is short: their sends are queued and the call returns, so streams
/// feeding each other from two threads do not deadlock and the main thread is not held by a background emitter.
///
/// One turn of an emitter delivers its own send, the sends its own thread queued meanwhile (re-entrant sends, and
/// anything queued before them, to keep the order) and at most ``foreignBatch`` (64) sends queued by other threads.
/// If more remain, the turn ends: when the first queued send is a waiting producer's, the role passes to that
/// producer, which delivers the queue from its own send on (one turn of its own); otherwise the emitter *parks* the
/// delivery: the role stays taken (nothing overtakes the queue, so `BehaviorRelay.value` still follows the
/// delivery order) and the emitter returns. The next send that may not wait *adopts* the parked delivery and
/// delivers the backlog before its own send (so the producers that queue are the ones that pay for their backlog,
/// on their own thread), and a drain on a dispatch queue resumes it if nobody sends again. The figures (release
/// build, 2 cores, 20,000 sends per producer, `ForeignBacklogStressTests`, `SerialDeliveryStressTests`): one
/// `accept()` delivers at most 64 sends of other producers, whoever they are (before the bound, one `accept()`
/// beside a flooding main thread took 5.85 s); the queue holds at most one send per waiting producer, plus what
/// producers that may not wait queue, which ``backlogLimit`` bounds. Two producers that may not wait, both sending
/// faster than the observers consume, would grow the queue in turns without bound (each delivers the other's
/// backlog while the other sends): so once ``backlogLimit`` (1,024) sends are queued and another thread is
/// delivering them, a producer that may not wait waits too (unless its send is re-entrant, or the delivery is
/// parked and it adopts it). The queue then holds at most ``backlogLimit`` plus one send per producer; the main
/// thread waits only while it floods a stream faster than another thread can deliver it.
///
/// Every wait is bounded by ``waitLimit`` (1 s): a producer still waiting then stops waiting, its send stays queued
/// in its place, and the call returns. So a wait that could never end — an observer on the emitting thread that
/// waits for a lock the waiting producer holds, two streams flooding each other from two threads — costs a
/// stall, not a deadlock, and order is kept either way. While the emitter cannot make progress a producer adds at
/// most one send per `waitLimit` to the queue.
///
/// Releasing while holding the role: whatever a holder releases (a replaced latest value, an evicted replay slot,
/// a queued item) may have a `deinit` that sends to the same stream. The holder's thread is marked as delivering
/// (``enter()``) *before* the step that hands it such a value, so the nested send is queued, never made to wait for
/// the role its own thread holds; and it releases the value *before* it gives the role back, so that the nested
/// send is delivered by the same drain loop, iteratively. (Released after the role is given back, each such send
/// starts a delivery of its own, nested on the stack, whose replaced value's deinit sends again: unbounded
/// recursion under contention.) The order must follow from the code's data flow (the mark precedes the lock or
/// the swap that produces the value, or `withExtendedLifetime` keeps the value past the mark): optimised builds end
/// a value's lifetime at its last use, so a discarded binding (`_ = value`) placed after the mark does not keep it.
///
/// The rule for subscribers: an observer must not block its thread waiting for *another thread* that sends to the
/// same stream (for example `DispatchQueue.global().sync { relay.accept(x) }` from inside an observer of
/// `relay`): that thread waits for the observer's delivery to end, so the two stall for ``waitLimit`` per send.
/// Sending from the observer itself is fine (it is queued), and so is any non-blocking hop (`async`,
/// `observe(on:)`).
///
/// Main-queue delivery (`observe(on: MainScheduler.instance)`, `Driver`, `Signal`) hands the main queue back after
/// at most ``mainQueueBatch`` elements and continues in a new main-queue block, so other main-queue work runs in
/// between whatever the producers do.
@usableFromInline
enum SerialDelivery {
  /// How many queued items a scheduled delivery handles before it yields its scheduler.
  static let mainQueueBatch = 64

  /// How many sends queued by *other* threads a subject's emitter delivers in one turn, after its own send and the
  /// sends its own delivery caused; the rest it leaves queued, in order, for their producers (see the type's
  /// documentation).
  @usableFromInline
  static let foreignBatch = 64

  /// How many queued sends make a producer that may not wait (the main thread, a thread inside another delivery)
  /// wait for its turn like any other, while another thread delivers them (see the type's documentation).
  @usableFromInline
  static let backlogLimit = 1_024

  /// The longest a producer waits for its turn; then its send stays queued and the call returns.
  @usableFromInline
  static let waitLimit = DispatchTimeInterval.seconds(1)

  /// Identifies the calling thread while it runs (which thread queued a send).
  @inlinable @inline(__always)
  static func threadToken() -> UInt { UInt(ferry_thread_token()) }

  /// Whether the calling thread may block waiting for an emitter role: not while it is inside a delivery itself,
  /// and never on the main thread.
  @usableFromInline
  static func callerMayWait() -> Bool {
    ferry_delivery_depth_get() == 0 && !MainScheduler.isOnMainQueue
  }

  /// Marks the calling thread as delivering (it holds an emitter role) until ``exit()``.
  @inlinable @inline(__always)
  static func enter() { ferry_delivery_depth_enter() }

  /// Ends ``enter()``.
  @inlinable @inline(__always)
  static func exit() { ferry_delivery_depth_exit() }
}
