import Ferry

// The login view controller's binding layer as the team wrote it against `LoginViewStore`. There is no UIKit
// here, so the outlets are small stand-ins with the same surface (`text`, an editing callback, `rx.tap`) and the
// HUD, alerts and navigation go to a `LoginCoordinator`; the bindings are the app's.

/// A text field: its text, and a callback when editing begins (`true`) or ends (`false`).
public final class TextField: ReactiveCompatible {
  /// The text shown.
  public var text: String?
  /// Called with `true` when editing begins and `false` when it ends.
  public var onEditing: ((Bool) -> Void)?

  /// An empty text field.
  public init() {}

  /// The user edits the field: focus, type `text`, leave.
  public func type(_ text: String) {
    onEditing?(true)
    self.text = text
    onEditing?(false)
  }
}

/// A button whose taps are a stream.
public final class Button: ReactiveCompatible {
  fileprivate let taps = PublishRelay<Void>()

  /// A button.
  public init() {}

  /// The user taps the button.
  public func sendTap() {
    taps.accept(())
  }
}

extension Reactive where Base: Button {
  /// The taps.
  public var tap: Observable<Void> { base.taps.asObservable() }
}

/// What the login screen asks of the app around it: the progress HUD, alerts, and the transition to the next
/// screen.
public protocol LoginCoordinator: AnyObject {
  /// Shows the progress HUD.
  func showProgress()
  /// Hides the progress HUD.
  func dismissProgress()
  /// Shows an error dialog with `message`.
  func presentAlert(message: String)
  /// Goes to the home screen of `userId`.
  func showHome(userId: String)
}

/// The legacy login screen: outlets bound to a `LoginViewStore`.
public final class LoginViewController {
  /// What the screen is given.
  public struct Dependency {
    /// The view store.
    public var viewStore: LoginViewStore
    /// The app around the screen.
    public var coordinator: LoginCoordinator

    /// A dependency of `viewStore` and `coordinator`.
    public init(viewStore: LoginViewStore, coordinator: LoginCoordinator) {
      self.viewStore = viewStore
      self.coordinator = coordinator
    }
  }

  private let dependency: Dependency
  private let disposeBag = DisposeBag()
  private var viewStore: LoginViewStore { dependency.viewStore }

  // MARK: Outlets

  /// The login id field.
  public let loginIdTextField = TextField()
  /// The password field.
  public let passwordTextField = TextField()
  /// The log-in button.
  public let loginButton = Button()

  // MARK: Initializers

  /// A screen for `dependency`; call `viewDidLoad()` to bind it.
  public init(dependency: Dependency) {
    self.dependency = dependency
  }

  // MARK: Life cycle

  /// Binds the outlets to the view store.
  public func viewDidLoad() {
    bind()
  }
}

extension LoginViewController {
  private func bind() {
    let state = viewStore.state.asObservable()
    disposeBag.insert {
      state.map(\.loginId)
        .distinctUntilChanged()
        .bind(to: loginIdTextField.rx.text)
      state.map(\.password)
        .distinctUntilChanged()
        .bind(to: passwordTextField.rx.text)
      viewStore.effect
        .emit(with: self, onNext: { $0.handleEffect($1) })
      loginButton.rx.tap
        .bind(with: self, onNext: { owner, _ in owner.viewStore.dispatchCommand(.logIn) })
    }
    loginIdTextField.onEditing = { [weak self] isEditing in
      guard let self = self, !isEditing else { return }
      self.viewStore.dispatchCommand(.inputLoginId(self.loginIdTextField.text))
    }
    passwordTextField.onEditing = { [weak self] isEditing in
      guard let self = self, !isEditing else { return }
      self.viewStore.dispatchCommand(.inputPassword(self.passwordTextField.text))
    }
  }

  // MARK: Handling

  private func handleEffect(_ effect: LoginViewEffect) {
    switch effect {
    case .showProgress:
      dependency.coordinator.showProgress()
    case .dismissProgress:
      dependency.coordinator.dismissProgress()
    case .presentError(let error):
      dependency.coordinator.presentAlert(message: "\(error)")
    case .complete(let userId):
      dependency.coordinator.showHome(userId: userId)
    }
  }
}
