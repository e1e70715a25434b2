import Examples
import ExamplesLegacy
import Ferry
import FerryStore
import FerryTesting
import Testing

// The login screen's behaviour, stated once as marble diagrams on virtual time and checked against every form the
// screen ships in during its migration (LoginForm.allCases: legacy, each step, each mix). One frame is 10 ticks;
// `POST /session` takes 30 ticks and `GET /me` 20, so a login tapped at 30 answers at 80 (or fails at 60).

/// The fields of the login screen as the marbles name them.
private let shownValues: [String: LoginContent] = [
  "a": LoginContent(),
  "b": LoginContent(loginId: "taro"),
  "c": LoginContent(loginId: "taro", password: "pass1234"),
  "w": LoginContent(loginId: "taro", password: "wrong"),
]

/// What the screen does, as the marbles name it.
private let eventValues: [String: LoginScreenEvent] = [
  "p": .progressShown,
  "d": .progressDismissed,
  "h": .home(userId: "u-42"),
  "x": .alert(LoginAPIError.invalidCredentials.description),
  "o": .alert(LoginAPIError.offline.description),
]

/// The user types the login id at 10 and `password` at 20, and taps the button at 30.
private func typeAndTap(password: String = "pass1234") -> [Timed<LoginUserStep>] {
  [Timed(10, .typeLoginId("taro")), Timed(20, .typePassword(password)), Timed(30, .tapLogIn)]
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@MainActor
private func session(
  _ form: LoginForm, backend: FakeBackend = FakeBackend(), _ steps: [Timed<LoginUserStep>]
) -> LoginSession {
  let session = LoginSession(form: form, backend: backend, time: TestSessionTime())
  session.schedule(steps)
  return session
}

extension LoginTimeline {
  /// The fields' changes as recorded events.
  var shownEvents: [Recorded<Event<LoginContent>>] { shown.map { .next($0.time, $0.value) } }
  /// What the screen did, as recorded events.
  var screenEvents: [Recorded<Event<LoginScreenEvent>>] { events.map { .next($0.time, $0.value) } }
}

@MainActor
@Suite("Login screen (seed 000): one behaviour, every form")
struct LoginBehaviourTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test("logging in shows progress, then the home screen", arguments: LoginForm.allCases)
  func logsIn(form: LoginForm) {
    let timeline = session(form, typeAndTap()).run(until: 1000)
    expectMarbles(timeline.shownEvents, "abc", values: shownValues)
    expectMarbles(timeline.screenEvents, "---p----(hd)", values: eventValues)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test("a wrong password presents the error, then dismisses the progress", arguments: LoginForm.allCases)
  func wrongPassword(form: LoginForm) {
    let timeline = session(form, typeAndTap(password: "wrong")).run(until: 1000)
    expectMarbles(timeline.shownEvents, "abw", values: shownValues)
    expectMarbles(timeline.screenEvents, "---p--(xd)", values: eventValues)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test("a network error becomes .presentError", arguments: LoginForm.allCases)
  func networkError(form: LoginForm) {
    let offline = FakeBackend(isReachable: false)
    let timeline = session(form, backend: offline, typeAndTap()).run(until: 1000)
    expectMarbles(timeline.shownEvents, "abc", values: shownValues)
    expectMarbles(timeline.screenEvents, "---p--(od)", values: eventValues)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test(
    "leaving the screen during the login cancels it: nothing more happens, the store is released",
    arguments: LoginForm.allCases)
  func leavingCancelsTheLogin(form: LoginForm) {
    let login = session(form, typeAndTap() + [Timed(50, .leave)])
    let timeline = login.run(until: 1000)
    expectMarbles(timeline.shownEvents, "abc", values: shownValues)
    expectMarbles(timeline.screenEvents, "---p", values: eventValues)
    #expect(login.isStoreReleased)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test("tapping before both fields are filled does nothing", arguments: LoginForm.allCases)
  func tapWithoutCredentials(form: LoginForm) {
    let timeline = session(form, [Timed(10, .typeLoginId("taro")), Timed(20, .tapLogIn)]).run(until: 1000)
    expectMarbles(timeline.shownEvents, "ab", values: shownValues)
    expectMarbles(timeline.screenEvents, "", values: eventValues)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test("every form records the same timelines as the legacy one", arguments: LoginForm.allCases)
  func sameAsLegacy(form: LoginForm) {
    let script = typeAndTap(password: "wrong") + [Timed(90, .typePassword("pass1234")), Timed(100, .tapLogIn)]
    var legacy = session(.legacy, script).run(until: 1000)
    let other = session(form, script).run(until: 1000)
    legacy.form = form
    #expect(other == legacy)
  }

  /// The test a team runs before deleting the old store: the legacy relay-based store and the fully migrated
  /// store, driven by the same commands on one timeline, produce the same states and effects at the same times.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func parityOfTheLegacyAndTheMigratedStore() {
    let commands: [Recorded<Event<LoginCommand>>] = [
      .next(10, .inputLoginId("taro")), .next(20, .inputPassword("wrong")), .next(30, .logIn),
      .next(90, .inputPassword("pass1234")), .next(100, .logIn),
    ]
    let backend = FakeBackend()
    let mismatch = expectStoreParity(
      commands: commands,
      legacy: { scheduler in
        let store = LoginViewStoreImpl(requestService: RequestService(backend: backend, scheduler: scheduler))
        return ParitySide(
          state: store.state.map(\.migrated), effect: store.effect, dispatch: { store.dispatchCommand($0.legacy) })
      },
      migrated: { scheduler in
        let network = AsyncRequestService(backend: backend, clock: TestClock(scheduler: scheduler))
        return .store(
          initialState: .completed(LoginContent()), feature: LoginFeature(requestService: network),
          scheduler: scheduler)
      })
    #expect(mismatch == nil)
  }

  /// SwiftUI's `.task { await store.dispatchCommand(.logIn) }` is cancelled when the view goes away: the login
  /// stops, and its result never reaches the screen.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func cancellingTheAwaitingTaskCancelsTheLogin() async {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let clock = TestClock(scheduler: scheduler)
    let store = Store(
      initialState: .completed(LoginContent(loginId: "taro", password: "pass1234")),
      feature: LoginFeature(requestService: AsyncRequestService(backend: FakeBackend(), clock: clock)), clock: clock)
    let effects = EffectLog()
    let bag = DisposeBag()
    store.effectSignal.emit(onNext: { effects.all.append($0) }).disposed(by: bag)
    let login = Task { await store.dispatchCommand(.logIn) }
    login.cancel()
    await login.value
    #expect(store.runtime.liveWorkCount == 0)
    scheduler.start()  // past the time the server would have answered
    #expect(!effects.all.contains(.complete(userId: "u-42")))
    #expect(!effects.all.contains { if case .presentError = $0 { return true } else { return false } })
  }
}

/// The effects a test saw, on the main actor.
@MainActor
private final class EffectLog {
  var all: [LoginViewEffect] = []
}
