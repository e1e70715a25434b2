import Ferry
import FerryMarbles

// The demo sessions of seeds 001–004 (each screen's `demoSession(makeTime:)`) registered with `ferry-demo`: their
// virtual time is a `DemoScheduler`, and their timelines become the demo's rows.

/// A session's virtual time outside tests: a ``DemoScheduler``, its executor and its clock.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@MainActor
public final class DemoSessionTime: SessionTime {
  private let demoScheduler = DemoScheduler()

  /// New virtual time, at 0.
  public init() {}

  /// The Rx scheduler.
  public var scheduler: any SchedulerType { demoScheduler }
  /// The clock async code sleeps on.
  public var clock: any Clock<Duration> { demoScheduler.asyncClock }
  /// The current virtual time.
  public var now: Int { demoScheduler.clock }
  /// Reads the current virtual time from any thread.
  public nonisolated var readNow: @Sendable () -> Int { { [demoScheduler] in demoScheduler.clock } }
  /// The time of the next scheduled action.
  public var nextDueTime: Int? { demoScheduler.nextScheduledTime }

  /// Runs what is due up to `time`.
  public func advance(to time: Int) { demoScheduler.advanceTo(max(time, demoScheduler.clock)) }

  /// Runs `action` at `time`, on the main actor (the scheduler runs on the main thread).
  public func schedule(at time: Int, _ action: @escaping @MainActor () -> Void) {
    demoScheduler.scheduleVirtual(at: time) { MainActor.assumeIsolated { action() } }
  }

  /// Runs `body` on the executor.
  public func perform(_ body: () -> Void) { demoScheduler.executor.perform(body) }

  /// Starts `operation` on the executor.
  public func startTask(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    let executor = demoScheduler.executor!
    var task: Task<Void, Never>?
    executor.perform { task = Task(executorPreference: executor, operation: operation) }
    return task!
  }
}

extension DemoTimeline {
  /// A screen session's timeline as the demo prints it: the form by its command-line style name
  /// (`newViewOnLegacyViewModel` → `new-view-on-legacy-view-model`) and `summary`, the rows `shows` (the states)
  /// and `does` (the effects), each value by its description.
  public init<State, Effect>(_ timeline: ScreenTimeline<State, Effect>, summary: String) {
    self.init(
      form: demoFormName(timeline.form), summary: summary,
      rows: [
        DemoRow(label: "shows", values: timeline.states.map { Timed($0.time, demoDescription($0.value)) }),
        DemoRow(label: "does", values: timeline.effects.map { Timed($0.time, demoDescription($0.value)) }),
      ])
  }
}

/// `name` (a form's case name) in the demo's style: lowercase words joined by `-`.
func demoFormName(_ name: String) -> String {
  name.reduce(into: "") { result, character in
    if character.isUppercase, !result.isEmpty { result.append("-") }
    result.append(contentsOf: character.lowercased())
  }
}

/// `value` for a person: its description without the module prefix of the examples' types.
func demoDescription<Value>(_ value: Value) -> String {
  String(describing: value).replacingOccurrences(of: "Examples.", with: "")
    .replacingOccurrences(of: "ExamplesLegacy.", with: "")
}

/// The script of a screen session, one line per command, each step in words.
func demoScript<Command>(_ script: [Timed<Command>], _ describe: (Command) -> String) -> [String] {
  script.map { "t=\($0.time): \(describe($0.value))" }
}

extension DashboardCommand {
  /// The step, for a person.
  var demoStep: String {
    switch self {
    case .appear: return "the dashboard appears"
    case .profile(.load): return "the profile reloads"
    case .catalog(.load): return "the catalog reloads"
    case .catalog(.search(let query)): return "the user searches the catalog for \"\(query)\""
    case .catalog(.toggleFavorite(let id)): return "the user taps the star of catalog item \(id)"
    case .inbox(.notify(let message)): return "a notification arrives: \"\(message)\""
    case .inbox(.markAllRead): return "the user marks the inbox all read"
    }
  }
}

extension TodoCommand {
  /// The step, for a person.
  var demoStep: String {
    switch self {
    case .appear: return "the list appears"
    case .refresh: return "the user pulls to refresh"
    case .add(let task): return "the user adds \"\(task.title)\""
    case .delete(let offsets): return "the user deletes row \(offsets.map { "\($0 + 1)" }.joined(separator: ", "))"
    }
  }
}

extension SettingsCommand {
  /// The step, for a person.
  var demoStep: String {
    switch self {
    case .appear: return "the settings screen appears"
    case .retry: return "the user taps Retry"
    case .setNotifications(let on): return "the user turns notifications \(on ? "on" : "off")"
    case .setTheme(let theme): return "the user picks the \(theme) theme"
    }
  }
}

extension PlaceCommand {
  /// The step, for a person.
  var demoStep: String {
    switch self {
    case .appear: return "both screens appear"
    case .refreshSummary(let key): return "the summary screen looks up \"\(key)\""
    case .refreshDetail(let key): return "the detail screen looks up \"\(key)\""
    }
  }
}

/// Seed 001 in `ferry-demo`.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public enum LargeScreenDemo: DemoScreen {
  /// `large-screen`.
  public static let name = "large-screen"
  /// One line about the session.
  public static let summary = "seed 001, a large screen: split handlers, scoped child stores"
  /// The commands.
  public static var script: [String] { demoScript(LargeScreenForm.demoScript, \.demoStep) }
  /// Runs the session in every form.
  public static func run() -> [DemoTimeline] {
    LargeScreenForm.demoSession(makeTime: { DemoSessionTime() }).map {
      DemoTimeline($0, summary: LargeScreenForm(rawValue: $0.form)?.summary ?? "")
    }
  }
}

/// Seed 002 in `ferry-demo`.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public enum TodoDemo: DemoScreen {
  /// `todo`.
  public static let name = "todo"
  /// One line about the session.
  public static let summary = "seed 002, a TODO list: load, add, delete, a delete that fails"
  /// The commands.
  public static var script: [String] { demoScript(TodoForm.demoScript, \.demoStep) }
  /// Runs the session in every form.
  public static func run() -> [DemoTimeline] {
    TodoForm.demoSession(makeTime: { DemoSessionTime() }).map {
      DemoTimeline($0, summary: TodoForm(rawValue: $0.form)?.summary ?? "")
    }
  }
}

/// Seed 003 in `ferry-demo`.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public enum SettingsDemo: DemoScreen {
  /// `settings`.
  public static let name = "settings"
  /// One line about the session.
  public static let summary = "seed 003, settings with a ViewState: loading, error, retry, a change"
  /// The commands.
  public static var script: [String] { demoScript(SettingsForm.demoScript, \.demoStep) }
  /// Runs the session in every form.
  public static func run() -> [DemoTimeline] {
    SettingsForm.demoSession(makeTime: { DemoSessionTime() }).map {
      DemoTimeline($0, summary: SettingsForm(rawValue: $0.form)?.summary ?? "")
    }
  }
}

/// Seed 004 in `ferry-demo`.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public enum RepositoryDemo: DemoScreen {
  /// `repository`.
  public static let name = "repository"
  /// One line about the session.
  public static let summary = "seed 004, a repository with input and output, consumed by two view models"
  /// The commands.
  public static var script: [String] { demoScript(RepositoryForm.demoScript, \.demoStep) }
  /// Runs the session in every form.
  public static func run() -> [DemoTimeline] {
    RepositoryForm.demoSession(makeTime: { DemoSessionTime() }).map {
      DemoTimeline($0, summary: RepositoryForm(rawValue: $0.form)?.summary ?? "")
    }
  }
}
