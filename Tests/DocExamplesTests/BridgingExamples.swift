import Ferry
import FerryTesting
import Foundation
import Testing

// The three steps of Docs/BridgingToSwiftConcurrency.md, compiled in Swift 6 language mode and run.
// scripts/snippets-check.py checks that each block equals its region here.

struct Credentials: Sendable {
  let token: String
}

// snippet: auth-client
protocol AuthClient: Sendable {
  func authenticate(user: String, secret: String) async throws -> Credentials
  func accountID(using credentials: Credentials) async throws -> String
}
// end snippet: auth-client

/// Answers at once: the examples are about the shape of the code, the tests about what it emits.
struct FakeAuthClient: AuthClient {
  let accepts: Bool

  func authenticate(user: String, secret: String) async throws -> Credentials {
    guard accepts else { throw URLError(.userAuthenticationRequired) }
    return Credentials(token: "\(user):\(secret)")
  }

  func accountID(using credentials: Credentials) async throws -> String { "id-\(credentials.token)" }
}

// snippet: store
final class SignInStore: Sendable {  // relays and bags are thread-safe: a legacy store can be Sendable
  enum State: Sendable { case idle, signedIn(String) }
  enum Effect: Sendable { case progress(Bool), signedIn(String), failed(any Error) }

  let state = BehaviorRelay<State>(value: .idle)
  let effects = PublishRelay<Effect>()
  private let client: any AuthClient
  private let disposeBag = DisposeBag()

  init(client: any AuthClient) { self.client = client }
}
// end snippet: store

extension SignInStore {
  // snippet: step-2
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
    } catch {
      if !Task.isCancelled { effects.accept(.failed(error)) }  // leaving the screen is not a failure
    }
  }
  // end snippet: step-2
}

/// The store at step 1: the same members as `SignInStore`, the chain of `Single`s turned into async links.
final class StepOneSignInStore: Sendable {
  let effects = PublishRelay<SignInStore.Effect>()
  private let client: any AuthClient
  private let disposeBag = DisposeBag()

  init(client: any AuthClient) { self.client = client }

  // snippet: step-1
  func signIn(user: String, secret: String) {
    Observable.just((user, secret))
      .flatMapLatest { [client] user, secret in
        try await client.authenticate(user: user, secret: secret)
      }
      .flatMapLatest { [client] credentials in try await client.accountID(using: credentials) }
      .do(
        with: self,
        onSubscribe: { store in store.effects.accept(.progress(true)) },
        onDispose: { store in store.effects.accept(.progress(false)) }
      )
      .subscribe(
        with: self,
        onNext: { store, id in store.effects.accept(.signedIn(id)) },
        onError: { store, error in store.effects.accept(.failed(error)) }
      )
      .disposed(by: disposeBag)
  }
  // end snippet: step-1
}

// snippet: step-3
extension SignInView {  // the view is @MainActor; render(_:) and handle(_:) update it
  func observe(_ store: SignInStore) async {
    await withDiscardingTaskGroup { group in
      group.addTask { await self.renderStates(of: store) }
      group.addTask { await self.handleEffects(of: store) }
    }
  }

  private func renderStates(of store: SignInStore) async {
    for await state in store.state.values(bufferingPolicy: .bufferingNewest(1)) { render(state) }
  }

  private func handleEffects(of store: SignInStore) async {
    for await effect in store.effects.values { handle(effect) }
  }
}
// end snippet: step-3

/// A view of the new kind: main-actor isolated, it renders states and handles effects.
@MainActor
final class SignInView {
  private(set) var handled: [String] = []
  /// Called with each state the view renders.
  var onRender: (String) -> Void = { _ in }

  func render(_ state: SignInStore.State) { onRender("\(state)") }

  func handle(_ effect: SignInStore.Effect) {
    switch effect {
    case .progress(let active): handled.append("progress(\(active))")
    case .signedIn(let id): handled.append("signedIn(\(id))")
    case .failed: handled.append("failed")
    }
  }
}

@Suite("Docs/BridgingToSwiftConcurrency.md")
struct BridgingExamples {
  /// Records `effects` from now on, then waits for `count` of them.
  static func effects(
    _ effects: PublishRelay<SignInStore.Effect>, count: Int, during action: () -> Void
  ) async -> [String] {
    let recorded = ReplaySubject<String>.createUnbounded()
    let subscription = effects.map { effect -> String in
      switch effect {
      case .progress(let active): "progress(\(active))"
      case .signedIn(let id): "signedIn(\(id))"
      case .failed: "failed"
      }
    }
    .bind(to: recorded)
    defer { subscription.dispose() }
    action()
    var result: [String] = []
    for await effect in recorded.asInfallible(onErrorJustReturn: "error").values {
      result.append(effect)
      if result.count == count { break }
    }
    return result
  }

  @Test func stepOneChainsAsyncLinks() async {
    let store = StepOneSignInStore(client: FakeAuthClient(accepts: true))
    let effects = await Self.effects(store.effects, count: 3) { store.signIn(user: "u", secret: "s") }
    #expect(effects == ["progress(true)", "signedIn(id-u:s)", "progress(false)"])
  }

  @Test func stepTwoIsOneAsyncFunction() async {
    let store = SignInStore(client: FakeAuthClient(accepts: true))
    let effects = await Self.effects(store.effects, count: 3) { store.signIn(user: "u", secret: "s") }
    #expect(effects == ["progress(true)", "signedIn(id-u:s)", "progress(false)"])
  }

  @Test func stepTwoReportsAFailure() async {
    let store = SignInStore(client: FakeAuthClient(accepts: false))
    let effects = await Self.effects(store.effects, count: 3) { store.signIn(user: "u", secret: "s") }
    #expect(effects == ["progress(true)", "failed", "progress(false)"])
  }

  @MainActor @Test func stepThreeRendersEveryStateOnTheMainActor() async {
    let store = SignInStore(client: FakeAuthClient(accepts: true))
    let view = SignInView()
    let (renders, rendered) = AsyncStream.makeStream(of: String.self)
    view.onRender = { rendered.yield($0) }
    let observing = Task { await view.observe(store) }
    var iterator = renders.makeAsyncIterator()
    #expect(await iterator.next() == "idle")  // the relay's current value: the loop is subscribed
    store.state.accept(.signedIn("id"))
    #expect(await iterator.next() == "signedIn(\"id\")")
    observing.cancel()  // as SwiftUI's `.task` does: both loops end and `observe` returns
    await observing.value
  }
}
