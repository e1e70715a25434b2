import Ferry

/// The legacy, relay-based view store: state in a `BehaviorRelay`, effects through a `PublishRelay`, the view
/// bound with `Driver` / `Signal`, the network through `Single`. Written exactly as an RxSwift codebase would.
final class RelayLoginViewStore {
  private let stateRelay = BehaviorRelay(value: LoginState())
  private let effectRelay = PublishRelay<LoginEffect>()
  private let disposeBag = DisposeBag()
  private let service: FakeAuthService

  init(service: FakeAuthService) {
    self.service = service
  }

  var state: Driver<LoginState> { stateRelay.asDriver() }
  var effect: Signal<LoginEffect> { effectRelay.asSignal() }
  var currentState: LoginState { stateRelay.value }

  func dispatch(_ command: LoginCommand) {
    switch command {
    case .typeUserName(let name): apply(.userNameChanged(name))
    case .typeSecret(let secret): apply(.secretChanged(secret))
    case .submit:
      guard let user = currentState.userName, let secret = currentState.secret else { return }
      submit(user: user, secret: secret)
    }
  }

  private func apply(_ action: LoginAction) {
    stateRelay.accept(LoginAction.reduce(currentState, action))
  }

  private func emit(_ effect: LoginEffect) {
    effectRelay.accept(effect)
  }

  private func submit(user: String, secret: String) {
    service.signIn(user: user, secret: secret)
      .flatMap { [service] tokens in service.accountID(for: tokens) }
      .do(
        with: self,
        onSubscribe: { $0.emit(.progressShown) },
        onDispose: { $0.emit(.progressHidden) }
      )
      .subscribe(
        with: self,
        onSuccess: { $0.emit(.signedIn(accountID: $1)) },
        onFailure: { $0.emit(.failed("\($1)")) }
      )
      .disposed(by: disposeBag)
  }
}
