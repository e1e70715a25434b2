import Ferry

/// What the login screen shows.
struct LoginState: Equatable, Sendable, CustomStringConvertible {
  var userName: String?
  var secret: String?

  var description: String { "{user: \(userName ?? "nil"), secret: \(secret.map { _ in "***" } ?? "nil")}" }
}

/// What the user did.
enum LoginCommand: Sendable {
  case typeUserName(String?)
  case typeSecret(String?)
  case submit
}

/// One-shot effects the view handles without changing state.
enum LoginEffect: Equatable, Sendable, CustomStringConvertible {
  case progressShown
  case progressHidden
  case failed(String)
  case signedIn(accountID: String)

  var description: String {
    switch self {
    case .progressShown: return "progress+"
    case .progressHidden: return "progress-"
    case .failed(let reason): return "failed(\(reason))"
    case .signedIn(let accountID): return "signedIn(\(accountID))"
    }
  }
}

/// State transitions, a pure function as in the seeds' architecture.
enum LoginAction: Sendable {
  case userNameChanged(String?)
  case secretChanged(String?)

  static func reduce(_ state: LoginState, _ action: LoginAction) -> LoginState {
    var next = state
    switch action {
    case .userNameChanged(let name): next.userName = name
    case .secretChanged(let secret): next.secret = secret
    }
    return next
  }
}
