import Ferry

// The login screen's view store as the team wrote it before the migration: state in a `BehaviorRelay`, one-shot
// effects through a `PublishRelay`, `Driver` / `Signal` for the view controller, `Single` to the network.

// MARK: - State

/// What the login screen shows. Optional because `UILabel.text` and `UITextField.text` are.
public struct LoginViewState: Equatable, Sendable {
  /// The login id in its text field.
  public var loginId: String?
  /// The password in its text field.
  public var password: String?

  /// A state with both fields as given (empty by default).
  public init(loginId: String? = nil, password: String? = nil) {
    self.loginId = loginId
    self.password = password
  }

  /// A copy with `value` at `keyPath`.
  public func mutate<Value>(keyPath: WritableKeyPath<LoginViewState, Value>, value: Value) -> LoginViewState {
    var copy = self
    copy[keyPath: keyPath] = value
    return copy
  }
}

// MARK: - Command

/// What the user did on the login screen.
public enum LoginViewCommand: Equatable, Sendable {
  /// The login id field finished editing with this text.
  case inputLoginId(String?)
  /// The password field finished editing with this text.
  case inputPassword(String?)
  /// The log-in button was tapped.
  case logIn
}

// MARK: - Effect

/// One-shot reactions of the screen that change no state.
public enum LoginViewEffect: Sendable {
  /// Show the progress HUD.
  case showProgress
  /// Hide the progress HUD.
  case dismissProgress
  /// Show an error dialog.
  case presentError(Error)
  /// Logged in: go to the next screen.
  case complete(userId: String)
}

extension LoginViewEffect: Equatable {
  /// Effects are equal when they are the same case with equal values; errors compare by their description (an
  /// `Error` is not `Equatable`, and tests compare effects).
  public static func == (lhs: LoginViewEffect, rhs: LoginViewEffect) -> Bool {
    switch (lhs, rhs) {
    case (.showProgress, .showProgress), (.dismissProgress, .dismissProgress): return true
    case let (.presentError(left), .presentError(right)): return "\(left)" == "\(right)"
    case let (.complete(left), .complete(right)): return left == right
    default: return false
    }
  }
}

// MARK: - Action

/// State transitions of the login screen.
public enum LoginViewAction: Sendable {
  /// The login id changed.
  case loginIdInput(String?)
  /// The password changed.
  case passwordInput(String?)
}

extension LoginViewAction {
  /// The pure reducer: the state after `action`.
  public static func transform(_ state: LoginViewState, action: LoginViewAction) -> LoginViewState {
    switch action {
    case .loginIdInput(let loginId):
      return state.mutate(keyPath: \.loginId, value: loginId)
    case .passwordInput(let password):
      return state.mutate(keyPath: \.password, value: password)
    }
  }
}

// MARK: - ViewStore

/// What the login view controller depends on (a mock conforms in snapshot tests).
public protocol LoginViewStore {
  /// The state, replayed to each new binding.
  var state: Driver<LoginViewState> { get }
  /// The effects, from the moment of subscription.
  var effect: Signal<LoginViewEffect> { get }
  /// The current state.
  var currentState: LoginViewState { get }
  /// Handles what the user did.
  func dispatchCommand(_ command: LoginViewCommand)
}

/// The relay-based login view store.
public final class LoginViewStoreImpl {
  private let _effect = PublishRelay<LoginViewEffect>()
  private let _state: BehaviorRelay<LoginViewState>
  private let disposeBag = DisposeBag()

  // Middlewares
  private let requestService: RequestService

  /// A store showing `initialState` that logs in through `requestService`.
  public init(requestService: RequestService, initialState: LoginViewState = LoginViewState()) {
    self.requestService = requestService
    self._state = BehaviorRelay(value: initialState)
  }
}

extension LoginViewStoreImpl: LoginViewStore {
  /// The state as a `Driver`.
  public var state: Driver<LoginViewState> { _state.asDriver() }
  /// The effects as a `Signal`.
  public var effect: Signal<LoginViewEffect> { _effect.asSignal() }
  /// The current state.
  public var currentState: LoginViewState { _state.value }

  /// Handles `command`.
  public func dispatchCommand(_ command: LoginViewCommand) {
    handleCommand(command)
  }
}

extension LoginViewStoreImpl {
  private func dispatchAction(_ action: LoginViewAction) {
    _state.accept(LoginViewAction.transform(currentState, action: action))
  }

  private func dispatchEffect(_ effect: LoginViewEffect) {
    _effect.accept(effect)
  }

  private func handleCommand(_ command: LoginViewCommand) {
    switch command {
    case .inputLoginId(let loginId):
      dispatchAction(.loginIdInput(loginId))
    case .inputPassword(let password):
      dispatchAction(.passwordInput(password))
    case .logIn:
      guard let loginId = currentState.loginId, let password = currentState.password else { return }
      logIn(loginId: loginId, password: password)
    }
  }

  // snippet: legacy-login
  private func logIn(loginId: String, password: String) {
    let requestService = self.requestService
    requestService.rx.response(request: LoginRequest(loginId: loginId, password: password))
      .map { ($0.accessToken, $0.refreshToken) }
      .flatMap { accessToken, _ in requestService.rx.response(request: UserRequest(accessToken: accessToken)) }
      .do(
        with: self,
        onSubscribe: { $0.dispatchEffect(.showProgress) },
        onDispose: { $0.dispatchEffect(.dismissProgress) }
      )
      .map(\.userId)
      .subscribe(
        with: self,
        onSuccess: { $0.dispatchEffect(.complete(userId: $1)) },
        onFailure: { $0.dispatchEffect(.presentError($1)) }
      )
      .disposed(by: disposeBag)
  }
  // end snippet: legacy-login
}
