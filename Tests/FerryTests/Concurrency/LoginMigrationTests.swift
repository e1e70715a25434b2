import Ferry
import FerryTesting
import Foundation
import Testing

/// The three steps of Docs/BridgingToSwiftConcurrency.md, on a fake client.
@Suite("Login migration to async/await")
struct LoginMigrationTests {
  struct Credentials: Sendable { let token: String }

  enum Effect: Equatable, Sendable {
    case progress(Bool)
    case signedIn(String)
    case failed(String)
  }

  struct AuthClient: Sendable {
    let reject: Bool
    func authenticate(user: String, secret: String) async throws -> Credentials {
      if reject { throw TestError(id: 401) }
      return Credentials(token: "\(user):\(secret)")
    }
    func accountID(using credentials: Credentials) async throws -> String { "id-\(credentials.token)" }
  }

  /// Step 1: the chain stays, its links call async functions.
  final class ChainStore: Sendable {
    let effects = PublishRelay<Effect>()
    let client: AuthClient
    let disposeBag = DisposeBag()

    init(client: AuthClient) { self.client = client }

    func signIn(user: String, secret: String) {
      let client = self.client
      effects.accept(.progress(true))
      Observable.just((user, secret))
        .flatMapLatest { user, secret in try await client.authenticate(user: user, secret: secret) }
        .flatMapLatest { credentials in try await client.accountID(using: credentials) }
        .subscribe(
          with: self,
          onNext: { store, id in store.effects.accept(.signedIn(id)) },
          onError: { store, error in store.effects.accept(.failed("\(error)")) },
          onDisposed: { store in store.effects.accept(.progress(false)) }
        )
        .disposed(by: disposeBag)
    }
  }

  /// Step 2: one async function in a task owned by the bag.
  final class AsyncStore: Sendable {
    let effects = PublishRelay<Effect>()
    let client: AuthClient
    let disposeBag = DisposeBag()

    init(client: AuthClient) { self.client = client }

    func signIn(user: String, secret: String) {
      Task { [weak self] in await self?.performSignIn(user: user, secret: secret) }
        .disposed(by: disposeBag)
    }

    private func performSignIn(user: String, secret: String) async {
      effects.accept(.progress(true))
      defer { effects.accept(.progress(false)) }
      do {
        let credentials = try await client.authenticate(user: user, secret: secret)
        let id = try await client.accountID(using: credentials)
        effects.accept(.signedIn(id))
      } catch  where !Task.isCancelled {
        effects.accept(.failed("\(error)"))
      } catch {}
    }
  }

  /// Collects effects from `relay` until `.progress(false)`, consuming it on the main actor with
  /// `next(isolation:)`, what `for await` calls there (step 3's view side).
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @MainActor
  private func effects(of relay: PublishRelay<Effect>, after start: @escaping @Sendable () -> Void) async -> [Effect] {
    var iterator = relay.values.makeAsyncIterator()
    var received: [Effect] = []
    // The work starts in a main-actor task, which runs only once this function suspends; the iterator subscribes
    // in its first `next(isolation:)`, on the main actor, before it suspends. So the work starts once it listens.
    Task { @MainActor in
      #expect((relay.asObservable() as? PublishSubject<Effect>)?.hasObservers == true)
      start()
    }
    while received.last != .progress(false), let effect = await iterator.next(isolation: MainActor.shared) {
      MainActor.assertIsolated()
      received.append(effect)
    }
    return received
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @MainActor
  @Test func stepOneChainWithAsyncLinks() async {
    let store = ChainStore(client: AuthClient(reject: false))
    let received = await effects(of: store.effects) { store.signIn(user: "u", secret: "p") }
    #expect(received == [.progress(true), .signedIn("id-u:p"), .progress(false)])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @MainActor
  @Test func stepTwoAsyncFunctionInTheBag() async {
    let store = AsyncStore(client: AuthClient(reject: false))
    let received = await effects(of: store.effects) { store.signIn(user: "u", secret: "p") }
    #expect(received == [.progress(true), .signedIn("id-u:p"), .progress(false)])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @MainActor
  @Test func stepTwoReportsFailures() async {
    let store = AsyncStore(client: AuthClient(reject: true))
    let received = await effects(of: store.effects) { store.signIn(user: "u", secret: "p") }
    #expect(received == [.progress(true), .failed("TestError(401)"), .progress(false)])
  }
}
