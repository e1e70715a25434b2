import ExamplesLegacy
import Ferry
import FerryStore

// Step 3, the end of the migration: the state is a `ViewState` with non-optional fields, the commands carry
// `String`s, and the view is written against `ViewStore` (`LoginView`). The effects are unchanged.

/// What the login screen shows once migrated.
public struct LoginContent: Equatable, Sendable {
  /// The login id.
  public var loginId: String
  /// The password.
  public var password: String

  /// Content with both fields as given (empty by default).
  public init(loginId: String = "", password: String = "") {
    self.loginId = loginId
    self.password = password
  }
}

/// The migrated login screen's state.
public typealias LoginState = ViewState<LoginContent, Never>

/// What the user did on the migrated login screen.
public enum LoginCommand: Equatable, Sendable {
  /// The login id field changed.
  case inputLoginId(String)
  /// The password field changed.
  case inputPassword(String)
  /// The log-in button was tapped.
  case logIn
}

/// State transitions of the migrated login screen.
public enum LoginAction: Equatable, Sendable {
  /// The login id changed.
  case loginIdInput(String)
  /// The password changed.
  case passwordInput(String)
}

/// The login screen's logic, fully migrated.
public struct LoginFeature: StoreFeature {
  /// The screen's state.
  public typealias State = LoginState
  /// The user's commands.
  public typealias Command = LoginCommand
  /// The state transitions.
  public typealias Action = LoginAction
  /// The effects, unchanged since the legacy store.
  public typealias Effect = LoginViewEffect

  private let requestService: AsyncRequestService

  /// The feature, logging in through `requestService`.
  public init(requestService: AsyncRequestService) {
    self.requestService = requestService
  }

  /// The pure reducer.
  public static func transform(_ state: State, action: Action) -> State {
    switch action {
    case .loginIdInput(let loginId): return state.mutate(keyPath: \.loginId, value: loginId)
    case .passwordInput(let password): return state.mutate(keyPath: \.password, value: password)
    }
  }

  /// Handles `command`: field changes at once (before `send` returns), the login as async work.
  public func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .inputLoginId(let loginId):
      context.dispatchAction(.loginIdInput(loginId))
    case .inputPassword(let password):
      context.dispatchAction(.passwordInput(password))
    case .logIn:
      guard let content = context.state.content, !content.loginId.isEmpty, !content.password.isEmpty else { return }
      context.run { [requestService] send in
        send.dispatchEffect(.showProgress)
        defer { send.dispatchEffect(.dismissProgress) }
        do {
          let userId = try await requestService.logIn(loginId: content.loginId, password: content.password)
          send.dispatchEffect(.complete(userId: userId))
        } catch {
          // The error dialog before the progress goes away, as the legacy Rx chain did.
          send.dispatchEffect(.presentError(error))
        }
      }
    }
  }

  /// An unexpected error of the work (there is none: the login catches its own).
  public func handleError(_ error: any Error, in context: StoreContext<Self>) {
    context.dispatchEffect(.presentError(error))
  }
}

extension LoginCommand {
  /// The legacy command with the same meaning (for a new view on the old store, and for parity tests).
  public var legacy: LoginViewCommand {
    switch self {
    case .inputLoginId(let loginId): return .inputLoginId(loginId)
    case .inputPassword(let password): return .inputPassword(password)
    case .logIn: return .logIn
    }
  }
}

extension LoginViewState {
  /// The migrated state with the same content (a missing field is an empty one).
  public var migrated: LoginState {
    .completed(LoginContent(loginId: loginId ?? "", password: password ?? ""))
  }
}
