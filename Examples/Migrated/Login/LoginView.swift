import ExamplesLegacy
import Ferry
import FerryStore
import Observation

// Step 3's view, written against `ViewStore` (as a SwiftUI view would be; there is no SwiftUI here, so the view is
// a plain class with the same parts: a body read under Observation, bindings that send commands, and the effect
// loop of its `.task`). It runs on the migrated `Store` and, through `StreamViewStore`, on the legacy store.

/// What the migrated login view depends on: a `ViewStore` of the login screen that also takes commands
/// synchronously (text bindings need the new state before the setter returns).
@MainActor
public protocol LoginStore: ViewStore<LoginState, LoginCommand, LoginViewEffect> {
  /// Handles `command` now (a button, a text binding).
  func send(_ command: LoginCommand)
}

extension Store: LoginStore where Feature == LoginFeature {}
extension StreamViewStore: LoginStore where State == LoginState, Command == LoginCommand, Effect == LoginViewEffect {}

/// The migrated login view.
@MainActor
public final class LoginView<Store: LoginStore> {
  /// The store the view shows.
  public let viewStore: Store
  private let coordinator: any LoginCoordinator
  private var needsRender = true
  private var rendered: LoginContent?

  /// A view of `viewStore`; effects go to `coordinator`.
  public init(viewStore: Store, coordinator: any LoginCoordinator) {
    self.viewStore = viewStore
    self.coordinator = coordinator
  }

  /// The body: the fields' contents, or `nil` while there is nothing to show. Reading it tracks the state.
  public var body: LoginContent? { viewStore.state.content }

  /// Renders the body if the state it read changed since (Observation), as SwiftUI does at the end of a run-loop
  /// turn; returns what the screen shows.
  @discardableResult
  public func render() -> LoginContent? {
    guard needsRender else { return rendered }
    needsRender = false
    rendered = withObservationTracking {
      body
    } onChange: { [weak self] in
      MainActor.assumeIsolated { self?.needsRender = true }
    }
    return rendered
  }

  // snippet: step3-bindings
  /// The login id field's binding setter.
  public func loginIdChanged(_ text: String) { viewStore.send(.inputLoginId(text)) }

  /// The password field's binding setter.
  public func passwordChanged(_ text: String) { viewStore.send(.inputPassword(text)) }

  /// The log-in button's action.
  public func logInTapped() { viewStore.send(.logIn) }
  // end snippet: step3-bindings

  /// Reacts to one effect.
  public func handle(_ effect: LoginViewEffect) {
    switch effect {
    case .showProgress: coordinator.showProgress()
    case .dismissProgress: coordinator.dismissProgress()
    case .presentError(let error): coordinator.presentAlert(message: "\(error)")
    case .complete(let userId): coordinator.showHome(userId: userId)
    }
  }

  /// The view's `.task`: handles the effects until the task is cancelled or the store ends.
  public func task() async {
    for await effect in viewStore.effect { handle(effect) }
  }
}

/// The legacy store as the new view sees it.
public typealias LoginStreamViewStore = StreamViewStore<LoginState, LoginCommand, LoginViewEffect>

/// The legacy relay-based store presented to the new view (the view migrated first).
@MainActor
public func makeStreamViewStore(wrapping legacy: any LoginViewStore) -> LoginStreamViewStore {
  // snippet: stream-view-store
  StreamViewStore(
    state: legacy.state.map(\.migrated), currentState: legacy.currentState.migrated, effect: legacy.effect,
    dispatch: { legacy.dispatchCommand($0.legacy) })
  // end snippet: stream-view-store
}

/// A new store bound to the legacy view controller through the Rx adapters — `stateDriver`, `effectSignal` and
/// `commandObserver` — instead of the façade.
public struct LoginStoreRxBindings: LoginViewStore {
  /// The store's state, from each commit.
  public let state: Driver<LoginViewState>
  /// The store's effects.
  public let effect: Signal<LoginViewEffect>
  private let commands: AnyObserver<LoginViewCommand>
  private let store: FerryStore.Store<LegacyLoginFeature>

  /// The adapters of `store`.
  @MainActor
  public init(store: FerryStore.Store<LegacyLoginFeature>) {
    self.store = store
    self.state = store.stateDriver
    self.effect = store.effectSignal
    self.commands = store.commandObserver
  }

  /// The store's state (a view controller reads it on the main thread).
  public var currentState: LoginViewState {
    let store = self.store
    return MainActor.assumeIsolated { store.currentState }
  }

  /// Sends `command` to the store through its command observer.
  public func dispatchCommand(_ command: LoginViewCommand) {
    commands.onNext(command)
  }
}
