// The screens `ferry-demo` can run. Each seed screen registers one `DemoScreen`: it runs one scripted session of
// the screen in each of its forms, on virtual time, and returns what each form did as timelines; the demo prints
// them side by side as marble rows and checks that every form agrees with the first.

/// One row of a form's timeline: a label (`states`, `effects`) and the values at their virtual times, described
/// for a person (no `Optional(…)`).
public struct DemoRow: Sendable, Equatable {
  /// What the row shows.
  public var label: String
  /// The values' descriptions at their virtual times.
  public var values: [Timed<String>]

  /// A row labelled `label`.
  public init(label: String, values: [Timed<String>]) {
    self.label = label
    self.values = values
  }
}

/// What one form of a screen did during the scripted session.
public struct DemoTimeline: Sendable, Equatable {
  /// The form's short name (a column of the printed table).
  public var form: String
  /// What the form is.
  public var summary: String
  /// Its rows, in the same order for every form of the screen.
  public var rows: [DemoRow]

  /// A timeline of `form`.
  public init(form: String, summary: String, rows: [DemoRow]) {
    self.form = form
    self.summary = summary
    self.rows = rows
  }
}

/// A screen `ferry-demo --screen <name>` can run.
@MainActor
public protocol DemoScreen {
  /// The name on the command line (`login`, `todo`, …).
  static var name: String { get }
  /// One line about the screen and its script.
  static var summary: String { get }
  /// The script, described for a person: one line per step, with its virtual time.
  static var script: [String] { get }
  /// Runs the script once in each form, in migration order (the legacy form first); one timeline per form.
  static func run() -> [DemoTimeline]
}

/// The registry of the demo's screens.
@MainActor
public enum DemoScreens {
  /// The seed screens, in seed order: a screen whose forms are not built yet has no entry in ``available``.
  public static let names = ["login", "large-screen", "todo", "settings", "repository"]

  /// The screens that can run, by name. Register a screen by adding its type here.
  public static var available: [String: any DemoScreen.Type] {
    var screens: [String: any DemoScreen.Type] = [:]
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      for screen: any DemoScreen.Type in [
        LoginDemo.self, LargeScreenDemo.self, TodoDemo.self, SettingsDemo.self, RepositoryDemo.self,
      ] {
        screens[screen.name] = screen
      }
    }
    return screens
  }
}
