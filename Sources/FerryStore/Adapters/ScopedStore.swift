import Ferry
import Observation

/// A child store: a view's store for one slice of its screen's store, observable on its own.
///
/// Its `state` is the parent's slice, updated synchronously in each parent commit — it never drifts from the
/// parent — and only when the slice changed, so a child view does not re-render when an unrelated part of the
/// screen's state changes. Its commands go to the parent, wrapped; its effects are the parent's effects that
/// `effect` maps to it. Obtained with ``Store/scope(state:command:effect:)``.
@MainActor
@Observable
public final class ScopedStore<State: Equatable, Command, Effect: Sendable>: ViewStore {
  /// The slice of the parent's state.
  public private(set) var state: State {
    get {
      access(keyPath: stateKeyPath)
      return storedState
    }
    set {
      withMutation(keyPath: stateKeyPath) { storedState = newValue }
    }
  }

  /// The storage of ``state``, observed by hand: in a generic class the macro's accessors would build the key path
  /// `\.state` anew (and allocate) on every read and commit; see `Store.state`.
  @ObservationIgnored private var storedState: State
  @ObservationIgnored private let stateKeyPath: KeyPath<ScopedStore, State> = \ScopedStore.state

  @ObservationIgnored private let sendToParent: @MainActor (Command) -> Void
  @ObservationIgnored private let dispatchToParent: @MainActor (Command) async -> Void
  @ObservationIgnored private let effects: Infallible<Effect>

  init(
    state: State, send: @escaping @MainActor (Command) -> Void, dispatch: @escaping @MainActor (Command) async -> Void,
    effects: Infallible<Effect>
  ) {
    self.storedState = state
    self.sendToParent = send
    self.dispatchToParent = dispatch
    self.effects = effects
  }

  /// The parent's effects that map to this child, from the moment iteration starts.
  public var effect: InfallibleValues<Effect> { effects.values }

  /// Sends `command` to the parent store (see ``Store/send(_:)``).
  public func send(_ command: Command) { sendToParent(command) }

  /// Sends `command` to the parent store and returns when its work has finished.
  public func dispatchCommand(_ command: Command) async { await dispatchToParent(command) }

  func update(_ slice: State) {
    if slice != storedState { state = slice }
  }
}

extension Store {
  /// A child store for the slice at `state`: commands wrapped by `command` go to this store; effects that
  /// `effect` maps (non-`nil`) reach the child's consumers.
  ///
  /// ```swift
  /// let cartStore = screenStore.scope(state: \.cart, command: Command.cart, effect: { $0.cartEffect })
  /// CartView(store: cartStore)
  /// ```
  ///
  /// The parent keeps the child updated while the child is alive (it holds it weakly); the child keeps the parent
  /// alive.
  public func scope<ChildState: Equatable & Sendable, ChildCommand, ChildEffect: Sendable>(
    state: KeyPath<Feature.State, ChildState>,
    command: @escaping (ChildCommand) -> Feature.Command,
    effect: @escaping @Sendable (Feature.Effect) -> ChildEffect?
  ) -> ScopedStore<ChildState, ChildCommand, ChildEffect> {
    nonisolated(unsafe) let keyPath = state  // immutable; read on the main actor only
    let child = ScopedStore<ChildState, ChildCommand, ChildEffect>(
      state: currentState[keyPath: keyPath],
      send: { [self] in self.send(command($0)) },
      dispatch: { [self] in await self.dispatchCommand(command($0)) },
      effects: effects.compactMap(effect))
    commitObservers.append { [weak child] newState in
      guard let child else { return false }
      child.update(newState[keyPath: keyPath])
      return true
    }
    return child
  }
}
