import ExamplesLegacy

/// The login screen in `ferry-demo`: a failed attempt (wrong password), then a successful one, in every form.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public enum LoginDemo: DemoScreen {
  /// `login`.
  public static let name = "login"

  /// One line about the session.
  public static let summary = "seed 000, the login screen: a wrong password, then the right one"

  /// The user's steps.
  public static let steps: [Timed<LoginUserStep>] = [
    Timed(10, .typeLoginId("taro")), Timed(20, .typePassword("secret")), Timed(30, .tapLogIn),
    Timed(80, .typePassword("pass1234")), Timed(90, .tapLogIn),
  ]

  /// The steps, for a person.
  public static var script: [String] {
    steps.map { step in
      let what: String
      switch step.value {
      case .typeLoginId(let text): what = "types the login id \"\(text)\""
      case .typePassword(let text): what = "types the password \"\(text)\""
      case .tapLogIn: what = "taps Log in"
      case .leave: what = "leaves the screen"
      }
      return "t=\(step.time): the user \(what)"
    }
  }

  /// Runs the steps in every `LoginForm`, each on its own virtual timeline.
  public static func run() -> [DemoTimeline] {
    LoginForm.allCases.map { form in
      let session = LoginSession(form: form, backend: FakeBackend(), time: DemoSessionTime())
      session.schedule(steps)
      let timeline = session.run(until: 1000)
      return DemoTimeline(
        form: form.rawValue, summary: form.description,
        rows: [
          DemoRow(label: "shows", values: timeline.shown.map { Timed($0.time, $0.value.description) }),
          DemoRow(label: "does", values: timeline.events.map { Timed($0.time, $0.value.description) }),
        ])
    }
  }
}
