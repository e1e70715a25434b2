/// How a store's async work talks back to the store: the seeds' verbs, callable from any thread without `await`.
///
/// What the work sends reaches the store on the main actor in the order it was sent: each action is applied
/// through `transform` to the state current at that moment (never to a state the work read earlier, so two works
/// finishing in either order both keep their change), effects are emitted, commands handled.
///
/// Once the work is cancelled — superseded under ``WorkPolicy/flatMapLatest``, debounced away, cancelled with
/// ``StoreContext/cancel(id:)`` or ``Store/cancel()``, or its store released — everything it sends is dropped: a
/// superseded login cannot present the result of a stale request.
public struct StoreSend<Feature: StoreFeature>: Sendable {
  let output: @Sendable (StoreOutput<Feature>) -> Void
  let isLive: @Sendable () -> Bool

  /// Applies `action` on the main actor, after everything this work sent before it.
  public func dispatchAction(_ action: Feature.Action) { output(.action(action)) }

  /// Emits `effect` on the main actor, after everything this work sent before it.
  public func dispatchEffect(_ effect: Feature.Effect) { output(.effect(effect)) }

  /// Handles `command` on the main actor, after everything this work sent before it.
  public func dispatchCommand(_ command: Feature.Command) { output(.command(command)) }

  /// Whether this work is still live: `false` once it was cancelled (its sends are then dropped).
  public var isActive: Bool { isLive() }
}
