import Ferry
import Observation

/// A legacy stream-based view store — `Driver<State>`, `Signal<Effect>` and a dispatch function — presented as a
/// ``ViewStore``, so that a new SwiftUI view runs on the old store while the store itself is migrated later.
///
/// ```swift
/// let legacy = LoginViewStoreImpl()  // BehaviorRelay state, PublishRelay effects
/// let store = StreamViewStore(
///   state: legacy.state, currentState: legacy.currentState, effect: legacy.effect,
///   dispatch: { legacy.dispatchCommand($0) }
/// )
/// LoginView(store: store)  // any view written against `some ViewStore<LoginViewState, …>`
/// ```
///
/// **State.** ``state`` is tracked by Observation (a SwiftUI body or `withObservationTracking` that reads it is
/// notified once per change) and is updated from a subscription to the `Driver`, made in `init`. It starts at
/// `currentState` — the Driver's replay may arrive later, when the adapter is created from inside another
/// Driver or Signal delivery. When `State` is `Equatable`, an element equal to the current state changes nothing
/// and notifies no one (as ``Store`` does); otherwise every element is a change. A Driver delivers synchronously an
/// element sent on the main actor, so a state change the legacy store makes while handling a command is visible in
/// ``state`` when ``send(_:)`` returns — unless the command is sent from inside a `drive` / `emit` handler, where
/// `MainScheduler` queues nested deliveries until the current one returns.
///
/// **Effects.** ``effect`` is the legacy `Signal`'s elements as an async sequence: each `for await` loop subscribes
/// to the (shared) signal when its iteration starts and buffers without bound, so a slow consumer loses nothing
/// and gets every effect in order; effects emitted while no loop is iterating reach nobody, as with the
/// `PublishRelay` behind the signal. A loop holds the signal, not the adapter: end it by leaving it or cancelling
/// its task (SwiftUI's `.task` does).
///
/// **Commands** go to `dispatch` synchronously, on the main actor. Re-entrant commands (sent from an effect loop or
/// a state observer) are dispatched at once, like the legacy store's own `dispatchCommand`: ordering is the legacy
/// store's.
///
/// **Lifetime.** The adapter keeps `dispatch` (and whatever it captures, usually the legacy store) alive; releasing
/// the adapter disposes its state subscription and releases them. Nothing in the legacy store's streams keeps the
/// adapter alive.
@MainActor
@Observable
public final class StreamViewStore<State, Command, Effect: Sendable>: ViewStore {
  /// The latest state the legacy store's `Driver` delivered (or `currentState`, before its first element).
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
  /// `\.state` anew (and allocate) on every read and change; see `Store.state`.
  @ObservationIgnored private var storedState: State
  @ObservationIgnored private let stateKeyPath: KeyPath<StreamViewStore, State> = \StreamViewStore.state

  @ObservationIgnored private let effectSignal: Signal<Effect>
  @ObservationIgnored private let dispatch: @MainActor (Command) -> Void
  /// Whether an element is the same as the current state (and so not a change); `nil`: every element is a change.
  @ObservationIgnored private let isDuplicate: ((State, State) -> Bool)?
  @ObservationIgnored private let disposeBag = DisposeBag()

  /// Wraps a legacy store whose `State` is not `Equatable`: every element of `state` is a change.
  ///
  /// - Parameters:
  ///   - state: the legacy store's state, as a `Driver` (subscribed to now, until the adapter is released).
  ///   - currentState: the legacy store's current state, the adapter's state until `state` delivers.
  ///   - effect: the legacy store's effects, subscribed to by each `for await` loop over ``effect``.
  ///   - dispatch: the legacy store's `dispatchCommand`, called on the main actor for each command.
  public convenience init(
    state: Driver<State>, currentState: State, effect: Signal<Effect>,
    dispatch: @escaping @MainActor (Command) -> Void
  ) {
    self.init(state: state, currentState: currentState, effect: effect, dispatch: dispatch, isDuplicate: nil)
  }

  /// Wraps a legacy store whose `State` is `Equatable`: an element of `state` equal to the current state is not a
  /// change (no Observation notification).
  ///
  /// - Parameters:
  ///   - state: the legacy store's state, as a `Driver` (subscribed to now, until the adapter is released).
  ///   - currentState: the legacy store's current state, the adapter's state until `state` delivers.
  ///   - effect: the legacy store's effects, subscribed to by each `for await` loop over ``effect``.
  ///   - dispatch: the legacy store's `dispatchCommand`, called on the main actor for each command.
  public convenience init(
    state: Driver<State>, currentState: State, effect: Signal<Effect>,
    dispatch: @escaping @MainActor (Command) -> Void
  ) where State: Equatable {
    self.init(state: state, currentState: currentState, effect: effect, dispatch: dispatch, isDuplicate: { $0 == $1 })
  }

  private init(
    state: Driver<State>, currentState: State, effect: Signal<Effect>,
    dispatch: @escaping @MainActor (Command) -> Void, isDuplicate: ((State, State) -> Bool)?
  ) {
    self.storedState = currentState
    self.effectSignal = effect
    self.dispatch = dispatch
    self.isDuplicate = isDuplicate
    state.drive(with: self, onNext: { store, state in store.receive(state) }).disposed(by: disposeBag)
  }

  /// The current state, read without registering an Observation dependency.
  public var currentState: State { storedState }

  /// The legacy store's effects, from the moment iteration starts; each loop buffers without bound.
  public var effect: InfallibleValues<Effect> { effectSignal.values }

  /// Dispatches `command` to the legacy store now; its synchronous state changes are applied when this returns
  /// (see the type's discussion for the exception inside `drive` / `emit` handlers). For buttons and bindings.
  public func send(_ command: Command) {
    dispatch(command)
  }

  /// Dispatches `command` to the legacy store and returns.
  ///
  /// A legacy store has no notion of its work finishing: this returns as soon as `dispatch` returns, without
  /// waiting for the work the command started (a `Single` subscription, say); cancelling the awaiting task cancels
  /// nothing. Await the outcome through ``state`` or ``effect`` instead.
  public func dispatchCommand(_ command: Command) async {
    dispatch(command)
  }

  private func receive(_ newState: State) {
    if let isDuplicate, isDuplicate(storedState, newState) { return }
    state = newState
  }
}
