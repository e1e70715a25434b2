/// The serial-delivery engine: one thread delivers at a time, others queue, re-entrant sends are queued.
///
/// Every subject, relay and serialising operator delivers through a ``SerialDeliveryStateMachine``: the subjects
/// (`SubjectCore`) and the multi-source sinks (`SerializingSink`, `TimedSink`) keep it under the lock that guards
/// their own state, `observe(on:)` keeps it alone in a ``SerialDeliveryStorage``. The guarantees are the same
/// everywhere:
/// - serialised: the party that takes the emitter role delivers; a send that finds the role taken (from another
///   thread, or re-entrantly from inside the observer) is queued and delivered by the emitter, in order;
/// - `dispose()` on the delivering thread stops delivery before it returns (the emitter checks before each item);
/// - nothing is called under a lock, and every item the queue hands back or drops is released after unlocking.
///
/// The rule for subscribers: an observer must not *wait* (block its thread) for another send to the same stream
/// to be delivered — a send from inside delivery is queued behind the current one, so blocking on it deadlocks.
///
/// Main-queue delivery (`observe(on: MainScheduler.instance)`, `Driver`, `Signal`) hands the main queue back after
/// at most ``mainQueueBatch`` elements and continues in a new main-queue block, so other main-queue work runs in
/// between whatever the producers do.
enum SerialDelivery {
  /// How many queued items a scheduled delivery handles before it yields its scheduler.
  static let mainQueueBatch = 64
}
