import Ferry

/// A stand-in for the network: answers after a delay on the given scheduler (virtual time in the demo).
struct FakeAuthService: Sendable {
  struct Tokens: Sendable {
    var access: String
  }

  struct Rejected: Error, CustomStringConvertible {
    var description: String { "wrong secret" }
  }

  let scheduler: any SchedulerType

  /// Exchanges credentials for tokens; answers (success or failure) after 30 ticks.
  func signIn(user: String, secret: String) -> Single<Tokens> {
    Single.just(()).delay(.seconds(30), scheduler: scheduler).flatMap { _ in
      Single<Tokens>.create { observer in
        if secret == "open-sesame" {
          observer(.success(Tokens(access: "token-\(user)")))
        } else {
          observer(.failure(Rejected()))
        }
        return Disposables.create()
      }
    }
  }

  /// Looks up the account behind a token (20 ticks).
  func accountID(for tokens: Tokens) -> Single<String> {
    Single.just("acct-" + tokens.access.dropFirst("token-".count)).delay(.seconds(20), scheduler: scheduler)
  }
}
