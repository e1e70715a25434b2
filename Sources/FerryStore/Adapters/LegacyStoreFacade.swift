import Ferry

/// A store presented with the surface of a legacy relay-based view store — `state: Driver<State>`,
/// `effect: Signal<Effect>`, `currentState`, a non-async `dispatchCommand(_:)` — so that an existing view
/// controller, and its existing tests, run unchanged on the new store.
///
/// Conform the app's own legacy protocol with an empty extension:
///
/// ```swift
/// protocol LoginViewStore {                         // the app's, unchanged
///   var state: Driver<LoginViewState> { get }
///   var effect: Signal<LoginViewEffect> { get }
///   var currentState: LoginViewState { get }
///   func dispatchCommand(_ command: LoginViewCommand)
/// }
/// extension LegacyStoreFacade: LoginViewStore where Feature == LoginFeature {}
///
/// let viewController = LoginViewController(viewStore: store.legacyFacade)
/// ```
///
/// The façade is not isolated to the main actor (legacy protocols are not): `state`, `effect` and `currentState`
/// can be read from any thread (`currentState` is the last committed state); `dispatchCommand` handles the command
/// at once on the main thread and hands it to the main actor from any other.
public final class LegacyStoreFacade<Feature: StoreFeature>: Sendable {
  /// The store behind the façade.
  public let store: Store<Feature>
  private let states: BehaviorRelay<Feature.State>
  private let effects: Infallible<Feature.Effect>

  /// Presents `store` with the legacy surface.
  @MainActor
  public init(_ store: Store<Feature>) {
    self.store = store
    self.states = store.committedStates
    self.effects = store.effects
  }

  /// The state as a `Driver` (see ``Store/stateDriver``).
  public var state: Driver<Feature.State> { states.asDriver() }

  /// The effects as a `Signal` (see ``Store/effectSignal``).
  public var effect: Signal<Feature.Effect> { effects.asSignal(onErrorSignalWith: .empty()) }

  /// The last committed state, readable from any thread.
  public var currentState: Feature.State { states.value }

  /// Sends `command` to the store without waiting for its async work (the legacy `dispatchCommand`).
  public func dispatchCommand(_ command: Feature.Command) {
    store.sendFromAnyThread(command)
  }
}

extension Store {
  /// This store with the legacy view store surface (see ``LegacyStoreFacade``).
  ///
  /// One façade per store: every access while a façade is alive returns that one. The store keeps it weakly, so
  /// the façade — and through it the store — lives as long as whoever holds it (the view controller), no longer.
  public var legacyFacade: LegacyStoreFacade<Feature> {
    if let facade = legacyFacadeCache { return facade }
    let facade = LegacyStoreFacade(self)
    legacyFacadeCache = facade
    return facade
  }
}
