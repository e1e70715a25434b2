import Ferry

// The network layer of the login screen, as an RxSwift-era app has it: a callback-based request service (think
// Alamofire) and an `.rx` extension that wraps each call in a `Single`. Here the service is a fake: it answers
// from `FakeBackend` after the request's latency on a scheduler (a `TestScheduler` in tests, virtual time in the
// demo), so every timeline is deterministic.

/// An API request and the response it decodes to.
public protocol Request {
  /// What the server answers.
  associatedtype Response: Codable
  /// The endpoint.
  var path: String { get }
  /// How the fake backend answers this request.
  func response(from backend: FakeBackend) -> Result<Response, LoginAPIError>
}

/// `POST /session`: exchanges a login id and password for tokens.
public struct LoginRequest: Request, Sendable {
  /// The login id typed by the user.
  public var loginId: String
  /// The password typed by the user.
  public var password: String

  /// A request for `loginId` and `password`.
  public init(loginId: String, password: String) {
    self.loginId = loginId
    self.password = password
  }

  /// The endpoint.
  public var path: String { "/session" }

  /// The tokens of the account, if the password matches.
  public func response(from backend: FakeBackend) -> Result<LoginResponse, LoginAPIError> {
    guard backend.isReachable else { return .failure(.offline) }
    guard let account = backend.accounts[loginId], account.password == password else {
      return .failure(.invalidCredentials)
    }
    return .success(LoginResponse(accessToken: "access-\(account.userId)", refreshToken: "refresh-\(account.userId)"))
  }
}

/// The tokens of a session.
public struct LoginResponse: Codable, Equatable, Sendable {
  /// The token for API calls.
  public var accessToken: String
  /// The token that renews `accessToken`.
  public var refreshToken: String
}

/// `GET /me`: the user id behind an access token.
public struct UserRequest: Request, Sendable {
  /// The session's access token.
  public var accessToken: String

  /// A request for the user behind `accessToken`.
  public init(accessToken: String) {
    self.accessToken = accessToken
  }

  /// The endpoint.
  public var path: String { "/me" }

  /// The user id the token was issued for.
  public func response(from backend: FakeBackend) -> Result<UserResponse, LoginAPIError> {
    guard backend.isReachable else { return .failure(.offline) }
    let prefix = "access-"
    guard accessToken.hasPrefix(prefix) else { return .failure(.invalidCredentials) }
    return .success(UserResponse(userId: String(accessToken.dropFirst(prefix.count))))
  }
}

/// The signed-in user.
public struct UserResponse: Codable, Equatable, Sendable {
  /// The user's id.
  public var userId: String
}

/// Why a request failed.
public enum LoginAPIError: Error, Equatable, CustomStringConvertible {
  /// The login id and password do not match an account.
  case invalidCredentials
  /// The server could not be reached.
  case offline

  /// A message for an alert.
  public var description: String {
    switch self {
    case .invalidCredentials: return "The login ID or password is incorrect."
    case .offline: return "The server cannot be reached."
    }
  }
}

/// The server behind the fake network: its accounts, whether it is reachable, and how long each endpoint takes
/// (in virtual ticks; a `Duration` of that many seconds on the async side).
public struct FakeBackend: Sendable {
  /// An account's password and user id.
  public struct Account: Sendable {
    /// The password.
    public var password: String
    /// The user id.
    public var userId: String

    /// An account with `password` whose user id is `userId`.
    public init(password: String, userId: String) {
      self.password = password
      self.userId = userId
    }
  }

  /// The accounts, by login id.
  public var accounts: [String: Account]
  /// Whether requests reach the server (`false`: every request fails with `.offline`).
  public var isReachable: Bool
  /// Ticks `POST /session` takes.
  public var loginLatency: Int
  /// Ticks `GET /me` takes.
  public var userLatency: Int

  /// A backend with `accounts`.
  public init(
    accounts: [String: Account] = ["taro": Account(password: "pass1234", userId: "u-42")], isReachable: Bool = true,
    loginLatency: Int = 30, userLatency: Int = 20
  ) {
    self.accounts = accounts
    self.isReachable = isReachable
    self.loginLatency = loginLatency
    self.userLatency = userLatency
  }

  /// The latency of `request`, in ticks.
  public func latency<R: Request>(of request: R) -> Int {
    request is UserRequest ? userLatency : loginLatency
  }
}

/// A request in flight; cancelling it drops its answer.
public final class DataRequest {
  private let disposable: Disposable

  init(disposable: Disposable) {
    self.disposable = disposable
  }

  /// Cancels the request: its completion is not called.
  public func cancel() {
    disposable.dispose()
  }
}

/// The app's HTTP client, callback-based, answering from a `FakeBackend` on `scheduler`.
public final class RequestService: ReactiveCompatible {
  private let backend: FakeBackend
  private let scheduler: SchedulerType

  /// A client of `backend` whose answers arrive on `scheduler` after each request's latency.
  public init(backend: FakeBackend, scheduler: SchedulerType) {
    self.backend = backend
    self.scheduler = scheduler
  }

  /// Sends `request`; `completion` is called with the result after the request's latency, unless cancelled.
  @discardableResult
  public func response<R: Request>(
    request: R, completion: @escaping (Result<R.Response, Error>) -> Void
  ) -> DataRequest? {
    let result = request.response(from: backend).mapError { $0 as Error }
    let disposable = scheduler.scheduleRelative((), dueTime: .seconds(backend.latency(of: request))) { _ in
      completion(result)
      return Disposables.create()
    }
    return DataRequest(disposable: disposable)
  }
}

extension Reactive where Base: RequestService {
  /// The response to `request` as a `Single`; disposing the subscription cancels the request.
  public func response<R: Request>(request: R) -> Single<R.Response> {
    Single.create { [base] observer in
      let task = base.response(request: request) { result in
        switch result {
        case .success(let response): observer(.success(response))
        case .failure(let error): observer(.failure(error))
        }
      }
      return Disposables.create { task?.cancel() }
    }
  }
}
