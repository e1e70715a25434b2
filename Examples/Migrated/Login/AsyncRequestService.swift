import ExamplesLegacy

// Step 1 of the migration: the network becomes `async throws`. The request types and the fake backend are the
// legacy ones; the latency is slept on an injected `Clock` (a `TestClock` in tests, virtual time in the demo).

/// The app's HTTP client with `async throws` calls.
public struct AsyncRequestService: Sendable {
  private let backend: FakeBackend
  private let clock: any Clock<Duration>

  /// A client of `backend` whose answers take each request's latency, in seconds of `clock`.
  public init(backend: FakeBackend, clock: any Clock<Duration>) {
    self.backend = backend
    self.clock = clock
  }

  /// The response to `request`; throws its `LoginAPIError`, or `CancellationError` when the task is cancelled.
  public func response<R: Request & Sendable>(request: R) async throws -> R.Response {
    try await clock.sleep(for: .seconds(backend.latency(of: request)))
    return try request.response(from: backend).get()
  }

  /// Logs in and fetches the user id: the two calls the login screen makes.
  public func logIn(loginId: String, password: String) async throws -> String {
    let session = try await response(request: LoginRequest(loginId: loginId, password: password))
    let user = try await response(request: UserRequest(accessToken: session.accessToken))
    return user.userId
  }
}
