/// What a feature's synchronous handler works with: the current state, the seeds' verbs, and async work.
///
/// Everything here runs on the main actor and takes effect at once: `dispatchAction` applies the action before it
/// returns (so `state` reads the new state on the next line), `dispatchEffect` emits before it returns.
/// `dispatchCommand` queues the command behind the one being handled (commands never nest).
@MainActor
public struct StoreContext<Feature: StoreFeature> {
  let store: Store<Feature>

  /// The current state.
  public var state: Feature.State { store.currentState }

  /// Applies `action` through `Feature.transform` and commits the new state (nothing when it is unchanged).
  public func dispatchAction(_ action: Feature.Action) { store.apply(action) }

  /// Emits `effect` to every consumer subscribed now.
  public func dispatchEffect(_ effect: Feature.Effect) { store.emit(effect) }

  /// Handles `command` once the current command (and anything queued before it) is done.
  public func dispatchCommand(_ command: Feature.Command) { store.send(command) }

  /// Runs `operation` concurrently with the store's other work (Rx `flatMap`), off the main actor.
  ///
  /// A thrown error (not a cancellation) goes to ``StoreFeature/handleError(_:in:)``. The work is cancelled when
  /// the store is released or cancelled, and when the task awaiting ``Store/dispatchCommand(_:)`` is cancelled.
  public func run(
    priority: TaskPriority? = nil, _ operation: @escaping @Sendable (StoreSend<Feature>) async throws -> Void
  ) {
    store.startWork(id: nil, policy: .flatMap, priority: priority, operation: operation)
  }

  /// Runs `operation` off the main actor under `policy` with respect to other work with the same `id`.
  ///
  /// ```swift
  /// context.run(id: "search", .debounce(.milliseconds(300))) { send in … }
  /// ```
  public func run(
    id: some Hashable & Sendable, _ policy: WorkPolicy = .flatMap, priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable (StoreSend<Feature>) async throws -> Void
  ) {
    store.startWork(id: AnyHashable(id), policy: policy, priority: priority, operation: operation)
  }

  /// Cancels the work started with `id` (running, waiting or queued); what it sends afterwards is dropped.
  public func cancel(id: some Hashable & Sendable) { store.cancel(id: id) }
}
