import Examples
import ExamplesLegacy
import Ferry
import FerryStore
import FerryTesting
import Testing

/// The migrated feature written the way a straight translation of the Rx chain reads: `defer` dismisses the
/// progress and the error goes to `handleError`. The error then arrives *after* the progress is dismissed — the
/// legacy chain presented it first (`onFailure` runs before `onDispose`).
private struct DeferThenHandleErrorLoginFeature: StoreFeature {
  typealias State = LoginState
  typealias Command = LoginCommand
  typealias Action = LoginAction
  typealias Effect = LoginViewEffect

  let requestService: AsyncRequestService

  static func transform(_ state: State, action: Action) -> State { LoginFeature.transform(state, action: action) }

  func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .inputLoginId(let loginId): context.dispatchAction(.loginIdInput(loginId))
    case .inputPassword(let password): context.dispatchAction(.passwordInput(password))
    case .logIn:
      guard let content = context.state.content else { return }
      context.run { [requestService] send in
        send.dispatchEffect(.showProgress)
        defer { send.dispatchEffect(.dismissProgress) }
        let userId = try await requestService.logIn(loginId: content.loginId, password: content.password)
        send.dispatchEffect(.complete(userId: userId))
      }
    }
  }

  func handleError(_ error: any Error, in context: StoreContext<Self>) {
    context.dispatchEffect(.presentError(error))
  }
}

@MainActor
@Suite("Login screen: what the parity assertion and the demo catch")
struct LoginMigrationPitfallTests {
  /// The parity assertion fails for a migration that reorders the effects of a failed login, and says where.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func parityCatchesEffectsReorderedByDefer() {
    let backend = FakeBackend()
    var mismatch: StoreParityMismatch?
    let failures = withCapturedFailures {
      mismatch = expectStoreParity(
        commands: [.next(10, .inputLoginId("taro")), .next(20, .inputPassword("wrong")), .next(30, .logIn)],
        legacy: { scheduler in
          let store = LoginViewStoreImpl(requestService: RequestService(backend: backend, scheduler: scheduler))
          return ParitySide(
            state: store.state.map(\.migrated), effect: store.effect,
            dispatch: { (command: LoginCommand) in store.dispatchCommand(command.legacy) })
        },
        migrated: { scheduler in
          let network = AsyncRequestService(backend: backend, clock: TestClock(scheduler: scheduler))
          return .store(
            initialState: .completed(LoginContent()),
            feature: DeferThenHandleErrorLoginFeature(requestService: network), scheduler: scheduler)
        })
    }
    let report = mismatch?.description ?? ""
    #expect(failures.map(\.message) == [report])  // the reordered effects are reported
    #expect(report.contains("effects differ at #2"))
    #expect(report.contains("legacy presentError(The login ID or password is incorrect.) at 60"))
    #expect(report.contains("migrated dismissProgress at 60"))
  }

  /// The demo's login session: every form agrees with the legacy one, on the demo's own virtual time
  /// (`DemoScheduler`, no FerryTesting).
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theDemoSessionAgreesInEveryForm() throws {
    let timelines = LoginDemo.run()
    #expect(timelines.map(\.form) == LoginForm.allCases.map(\.rawValue))
    let legacy = try #require(timelines.first)
    for timeline in timelines.dropFirst() {
      #expect(timeline.rows == legacy.rows, "\(timeline.form)")
    }
    let does = try #require(legacy.rows.last)
    #expect(does.values.map(\.time) == [30, 60, 60, 90, 140, 140])
    #expect(does.values.last?.value == "progress dismissed")
  }

  /// `ferry-demo --screen <name>` knows the five seed screens, and each one's demo session agrees in every form
  /// on the demo's own virtual time.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test(arguments: ["login", "large-screen", "todo", "settings", "repository"])
  func everyDemoScreenRunsAndAgrees(name: String) throws {
    #expect(DemoScreens.names.contains(name))
    let screen = try #require(DemoScreens.available[name])
    #expect(screen.name == name)
    let timelines = screen.run()
    #expect(timelines.count >= 3)
    for timeline in timelines.dropFirst() {
      #expect(timeline.rows == timelines[0].rows, "\(name): \(timeline.form)")
    }
    #expect(timelines[0].rows.contains { !$0.values.isEmpty })
  }
}
