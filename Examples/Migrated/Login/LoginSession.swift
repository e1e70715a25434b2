import ExamplesLegacy
import Ferry
import FerryStore

// One scripted session of the login screen, run the same way against every form the screen ships in during its
// migration: the user's steps go through the form's view (text fields and button of the legacy view controller,
// bindings of the new view), and what the screen shows and does is recorded with its virtual time. The behavioural
// suite (Tests/ExamplesTests/Login) asserts these timelines as marble diagrams; `ferry-demo` prints them.

/// The forms of the login screen, in the order a team ships them.
public enum LoginForm: String, CaseIterable, Sendable, CustomStringConvertible {
  /// The relay-based view store on the Rx network, the legacy view controller.
  case legacy
  /// Step 1: the network `async throws`, bridged into the kept `Single` chain.
  case asyncNetwork = "async-network"
  /// Step 2: a FerryStore `Store` behind the unchanged `LoginViewStore` protocol (`LegacyStoreFacade`).
  case facade
  /// Mix: the legacy view controller bound to a new store through `stateDriver` / `effectSignal` /
  /// `commandObserver`.
  case rxAdapters = "rx-adapters"
  /// Mix: the new view on the legacy relay-based store (`StreamViewStore`).
  case newViewOldStore = "new-view-old-store"
  /// Step 3: the new view on the migrated store.
  case migrated

  /// What the form is.
  public var description: String {
    switch self {
    case .legacy: return "legacy: relay view store, Rx network, legacy view controller"
    case .asyncNetwork: return "step 1: async network bridged into the Single chain"
    case .facade: return "step 2: Store behind the legacy protocol (LegacyStoreFacade)"
    case .rxAdapters: return "mix: legacy view controller on a Store via Driver/Signal adapters"
    case .newViewOldStore: return "mix: new view on the legacy store (StreamViewStore)"
    case .migrated: return "step 3: new view on the migrated Store"
    }
  }
}

/// What the user does on the login screen.
public enum LoginUserStep: Equatable, Sendable {
  /// Types a login id (the field ends editing).
  case typeLoginId(String)
  /// Types a password (the field ends editing).
  case typePassword(String)
  /// Taps the log-in button.
  case tapLogIn
  /// Leaves the screen: the view and its store are released.
  case leave
}

/// What the login screen did with an effect, seen from outside the screen (the coordinator's calls).
public enum LoginScreenEvent: Equatable, Sendable, CustomStringConvertible {
  /// The progress HUD appeared.
  case progressShown
  /// The progress HUD went away.
  case progressDismissed
  /// An error dialog with this message appeared.
  case alert(String)
  /// The home screen of this user was shown.
  case home(userId: String)

  /// A short description.
  public var description: String {
    switch self {
    case .progressShown: return "progress shown"
    case .progressDismissed: return "progress dismissed"
    case .alert(let message): return "alert \"\(message)\""
    case .home(let userId): return "home of \(userId)"
    }
  }
}

extension LoginContent: CustomStringConvertible {
  /// The fields as the screen shows them (the password masked).
  public var description: String {
    let id = loginId.isEmpty ? "empty" : "\"\(loginId)\""
    let password = password.isEmpty ? "empty" : String(repeating: "•", count: password.count)
    return "login id \(id), password \(password)"
  }
}

/// What one form of the login screen showed and did during a session.
public struct LoginTimeline: Sendable, Equatable {
  /// The form.
  public var form: LoginForm
  /// What the fields showed, each time it changed (the first at the session's start).
  public var shown: [Timed<LoginContent>] = []
  /// What the screen did with the effects.
  public var events: [Timed<LoginScreenEvent>] = []
}

/// The coordinator of every form: records what the screen does, with the virtual time.
final class LoginEventRecorder: LoginCoordinator {
  private(set) var events: [Timed<LoginScreenEvent>] = []
  private let now: @Sendable () -> Int

  init(now: @escaping @Sendable () -> Int) { self.now = now }

  func showProgress() { events.append(Timed(now(), .progressShown)) }
  func dismissProgress() { events.append(Timed(now(), .progressDismissed)) }
  func presentAlert(message: String) { events.append(Timed(now(), .alert(message))) }
  func showHome(userId: String) { events.append(Timed(now(), .home(userId: userId))) }
}

/// One login screen, in one form, driven through a script on virtual time.
///
/// ```swift
/// let session = LoginSession(form: .migrated, backend: FakeBackend(), time: DemoSessionTime())
/// session.schedule([Timed(10, .typeLoginId("taro")), Timed(20, .typePassword("pass1234")), Timed(30, .tapLogIn)])
/// let timeline = session.run(until: 1000)
/// ```
///
/// The stores run as in an app, except that what a FerryStore `Store`'s async work sends is applied when the
/// session settles each virtual time (as `TestStore` does) rather than by a main-actor task, so that every form
/// records the same virtual times.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@MainActor
public final class LoginSession {
  /// The form running.
  public let form: LoginForm
  private let time: any SessionTime
  private let recorder: LoginEventRecorder
  private var screen: LoginScreenParts?
  private var shown: [Timed<LoginContent>] = []
  private weak var store: AnyObject?

  /// The screen in `form` on `backend`, created now on `time` (FerryTesting's scheduler in the suite, a
  /// ``DemoSessionTime`` in the demo); nothing runs until ``run(until:)``.
  public init(form: LoginForm, backend: FakeBackend, time: any SessionTime) {
    self.form = form
    self.time = time
    self.recorder = LoginEventRecorder(now: time.readNow)
    var parts: LoginScreenParts?
    time.perform {
      parts = LoginScreenParts.make(form, backend: backend, time: time, coordinator: recorder)
    }
    screen = parts
    store = parts?.store
    settle()
  }

  /// Schedules the user's `steps` at their virtual times.
  public func schedule(_ steps: [Timed<LoginUserStep>]) {
    for step in steps {
      time.schedule(at: step.time) { [weak self] in
        guard let self else { return }
        self.time.perform { self.perform(step.value) }
      }
    }
  }

  /// Runs the session until nothing is left to run or virtual time `end`; returns what the screen did.
  public func run(until end: Int) -> LoginTimeline {
    while let next = time.nextDueTime, next <= end {
      time.advance(to: max(next, time.now))
      settle()
    }
    return timeline
  }

  /// What the screen showed and did so far.
  public var timeline: LoginTimeline {
    LoginTimeline(form: form, shown: shown, events: recorder.events)
  }

  /// Whether the screen's store was released (after ``LoginUserStep/leave``: it must not leak).
  public var isStoreReleased: Bool { store == nil }

  private func perform(_ step: LoginUserStep) {
    switch step {
    case .typeLoginId(let text): screen?.typeLoginId(text)
    case .typePassword(let text): screen?.typePassword(text)
    case .tapLogIn: screen?.tapLogIn()
    case .leave:
      screen?.effectLoop?.cancel()
      screen = nil
    }
  }

  /// Applies what the stores' async work sent (and what that makes due now), then records what the screen shows if
  /// it changed: once per virtual instant.
  private func settle() {
    while true {
      screen?.applyWork(time)
      guard let next = time.nextDueTime, next <= time.now else { break }
      time.advance(to: time.now)
    }
    guard let content = screen?.shown() else { return }
    if shown.last?.value != content { shown.append(Timed(time.now, content)) }
  }
}

/// The objects of one screen and how the session drives them.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@MainActor
private struct LoginScreenParts {
  var typeLoginId: (String) -> Void
  var typePassword: (String) -> Void
  var tapLogIn: () -> Void
  var shown: () -> LoginContent?
  var applyWork: (any SessionTime) -> Void = { _ in }
  var effectLoop: Task<Void, Never>?
  /// The store (held by the view).
  var store: AnyObject

  static func make(
    _ form: LoginForm, backend: FakeBackend, time: any SessionTime, coordinator: any LoginCoordinator
  ) -> LoginScreenParts {
    let rxNetwork = RequestService(backend: backend, scheduler: time.scheduler)
    let asyncNetwork = AsyncRequestService(backend: backend, clock: time.clock)
    switch form {
    case .legacy:
      let store = LoginViewStoreImpl(requestService: rxNetwork)
      return legacyView(on: store, store: store, coordinator: coordinator)
    case .asyncNetwork:
      let store = AsyncNetworkLoginViewStore(requestService: asyncNetwork)
      return legacyView(on: store, store: store, coordinator: coordinator)
    case .facade:
      let store = testModeStore(LoginViewState(), LegacyLoginFeature(requestService: asyncNetwork), time)
      var parts = legacyView(on: store.legacyFacade, store: store, coordinator: coordinator)
      parts.applyWork = applyingWork(of: store)
      return parts
    case .rxAdapters:
      let store = testModeStore(LoginViewState(), LegacyLoginFeature(requestService: asyncNetwork), time)
      var parts = legacyView(on: LoginStoreRxBindings(store: store), store: store, coordinator: coordinator)
      parts.applyWork = applyingWork(of: store)
      return parts
    case .newViewOldStore:
      let legacy = LoginViewStoreImpl(requestService: rxNetwork)
      return newView(on: makeStreamViewStore(wrapping: legacy), store: legacy, time: time, coordinator: coordinator)
    case .migrated:
      let store = testModeStore(LoginState.completed(LoginContent()), LoginFeature(requestService: asyncNetwork), time)
      var parts = newView(on: store, store: store, time: time, coordinator: coordinator)
      parts.applyWork = applyingWork(of: store)
      return parts
    }
  }

  /// A store whose work's outputs wait for ``applyingWork(of:)`` (FerryStore's test mode, as `TestStore` uses).
  private static func testModeStore<Feature: StoreFeature>(
    _ state: Feature.State, _ feature: Feature, _ time: any SessionTime
  ) -> Store<Feature> {
    Store(initialState: state, feature: feature, clock: StoreClock(time.clock), drainsAutomatically: false)
  }

  private static func applyingWork<Feature>(of store: Store<Feature>) -> (any SessionTime) -> Void {
    { [weak store] time in
      while let store, let output = store.runtime.takeNextOutput() {
        time.perform { store.process(output) }
      }
    }
  }

  private static func legacyView(
    on viewStore: any LoginViewStore, store: AnyObject, coordinator: any LoginCoordinator
  ) -> LoginScreenParts {
    let controller = LoginViewController(dependency: .init(viewStore: viewStore, coordinator: coordinator))
    controller.viewDidLoad()
    return LoginScreenParts(
      typeLoginId: { controller.loginIdTextField.type($0) },
      typePassword: { controller.passwordTextField.type($0) },
      tapLogIn: { controller.loginButton.sendTap() },
      shown: {
        LoginContent(
          loginId: controller.loginIdTextField.text ?? "", password: controller.passwordTextField.text ?? "")
      },
      store: store)
  }

  private static func newView<ViewStore: LoginStore>(
    on viewStore: ViewStore, store: AnyObject, time: any SessionTime, coordinator: any LoginCoordinator
  ) -> LoginScreenParts {
    let view = LoginView(viewStore: viewStore, coordinator: coordinator)
    return LoginScreenParts(
      typeLoginId: { view.loginIdChanged($0) },
      typePassword: { view.passwordChanged($0) },
      tapLogIn: { view.logInTapped() },
      shown: { view.render() },
      effectLoop: effectLoop(effects: viewStore.effect, time: time, handle: { [weak view] in view?.handle($0) }),
      store: store)
  }

  /// The view's `.task`, on virtual time (a `@MainActor` task would run whenever the main actor is free, not at a
  /// virtual time). Its jobs run on the thread that advances the scheduler, the main thread here.
  private static func effectLoop(
    effects: InfallibleValues<LoginViewEffect>, time: any SessionTime,
    handle: @escaping @MainActor @Sendable (LoginViewEffect) -> Void
  ) -> Task<Void, Never> {
    time.startTask { for await effect in effects { deliver(effect, to: handle) } }
  }

  /// Hands `effect` to `handle` from a job of the effect loop, which runs on the main thread.
  private nonisolated static func deliver(
    _ effect: LoginViewEffect, to handle: @MainActor (LoginViewEffect) -> Void
  ) {
    MainActor.assumeIsolated { handle(effect) }
  }
}
