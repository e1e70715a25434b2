import ExamplesLegacy
import Ferry

// Step 1: the network is `async throws`, the view store is still relay-based and its `Single` chain is kept —
// each call is bridged with `Single { try await … }`. The view controller does not change.

/// The relay-based login view store on the `async throws` network (migration step 1).
public final class AsyncNetworkLoginViewStore: LoginViewStore, Sendable {
  private let _effect = PublishRelay<LoginViewEffect>()
  private let _state: BehaviorRelay<LoginViewState>
  private let disposeBag = DisposeBag()
  private let requestService: AsyncRequestService

  /// A store showing `initialState` that logs in through `requestService`.
  public init(requestService: AsyncRequestService, initialState: LoginViewState = LoginViewState()) {
    self.requestService = requestService
    self._state = BehaviorRelay(value: initialState)
  }

  /// The state as a `Driver`.
  public var state: Driver<LoginViewState> { _state.asDriver() }
  /// The effects as a `Signal`.
  public var effect: Signal<LoginViewEffect> { _effect.asSignal() }
  /// The current state.
  public var currentState: LoginViewState { _state.value }

  /// Handles `command`.
  public func dispatchCommand(_ command: LoginViewCommand) {
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

  private func dispatchAction(_ action: LoginViewAction) {
    _state.accept(LoginViewAction.transform(currentState, action: action))
  }

  private func dispatchEffect(_ effect: LoginViewEffect) {
    _effect.accept(effect)
  }

  // snippet: step1-login
  private func logIn(loginId: String, password: String) {
    let requestService = self.requestService
    Single { try await requestService.response(request: LoginRequest(loginId: loginId, password: password)) }
      .map { ($0.accessToken, $0.refreshToken) }
      .flatMap { accessToken, _ in
        Single { try await requestService.response(request: UserRequest(accessToken: accessToken)) }
      }
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
  // end snippet: step1-login
}
