import ExamplesLegacy
import Ferry
import FerryStore

// Step 2: the view store becomes a FerryStore `Store`. Its state, commands, actions and effects are still the
// legacy types, so the view controller keeps its bindings: the store is presented through `LegacyStoreFacade`,
// which the app's unchanged `LoginViewStore` protocol is conformed to with an empty extension.

/// The login screen's logic on FerryStore, with the legacy types (migration step 2).
public struct LegacyLoginFeature: StoreFeature {
  /// The legacy state.
  public typealias State = LoginViewState
  /// The legacy commands.
  public typealias Command = LoginViewCommand
  /// The legacy actions.
  public typealias Action = LoginViewAction
  /// The legacy effects.
  public typealias Effect = LoginViewEffect

  private let requestService: AsyncRequestService

  /// The feature, logging in through `requestService`.
  public init(requestService: AsyncRequestService) {
    self.requestService = requestService
  }

  /// The legacy reducer.
  public static func transform(_ state: State, action: Action) -> State {
    LoginViewAction.transform(state, action: action)
  }

  /// Handles `command`: field changes at once, the login as async work.
  public func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .inputLoginId(let loginId):
      context.dispatchAction(.loginIdInput(loginId))
    case .inputPassword(let password):
      context.dispatchAction(.passwordInput(password))
    // snippet: step2-login
    case .logIn:
      guard let loginId = context.state.loginId, let password = context.state.password else { return }
      context.run { [requestService] send in
        send.dispatchEffect(.showProgress)
        defer { send.dispatchEffect(.dismissProgress) }
        do {
          let userId = try await requestService.logIn(loginId: loginId, password: password)
          send.dispatchEffect(.complete(userId: userId))
        } catch {
          // Inside the work, not in `handleError`: the Rx chain presented the error before its `onDispose`
          // dismissed the progress, and the view must see the same order.
          send.dispatchEffect(.presentError(error))
        }
      }
    // end snippet: step2-login
    }
  }

  /// An unexpected error of the work (there is none: the login catches its own).
  public func handleError(_ error: any Error, in context: StoreContext<Self>) {
    context.dispatchEffect(.presentError(error))
  }
}

// snippet: step2-facade
extension LegacyStoreFacade: LoginViewStore where Feature == LegacyLoginFeature {}
// end snippet: step2-facade
