import ExamplesLegacy
import Ferry
import FerryMarbles
import FerryStore

/// A session's virtual time on a ``DemoScheduler``: its Rx scheduling, its executor and its clock.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@MainActor
public final class DemoSessionTime: SessionTime {
  private let demoScheduler = DemoScheduler()

  /// Time 0 on a new scheduler.
  public init() {}

  /// The demo scheduler.
  public var scheduler: any SchedulerType { demoScheduler }
  /// Its clock.
  public var clock: any Clock<Duration> { demoScheduler.asyncClock }
  /// Its time.
  public var now: Int { demoScheduler.clock }
  /// Reads its time.
  public nonisolated var readNow: @Sendable () -> Int { { [demoScheduler] in demoScheduler.clock } }
  /// Its next due time.
  public var nextDueTime: Int? { demoScheduler.nextScheduledTime }

  /// Runs what is due up to `time`.
  public func advance(to time: Int) { demoScheduler.advanceTo(max(time, demoScheduler.clock)) }

  /// Runs `action` at `time`, on the main actor (the scheduler runs on the thread that advances it, the main one).
  public func schedule(at time: Int, _ action: @escaping @MainActor () -> Void) {
    demoScheduler.scheduleVirtual(at: time) { MainActor.assumeIsolated { action() } }
  }

  /// Runs `body` in the executor's `perform`.
  public func perform(_ body: () -> Void) { demoScheduler.executor.perform(body) }

  /// Starts `operation` on the executor.
  public func startTask(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    var task: Task<Void, Never>?
    let executor = demoScheduler.executor!
    executor.perform { task = Task(executorPreference: executor, operation: operation) }
    return task!
  }
}

extension ScreenTimeline {
  /// The timeline as the demo prints it: what the screen shows, what it does.
  func demoTimeline(summary: String, state: (State) -> String, effect: (Effect) -> String) -> DemoTimeline {
    DemoTimeline(
      form: form, summary: summary,
      rows: [
        DemoRow(label: "shows", values: states.map { Timed($0.time, state($0.value)) }),
        DemoRow(label: "does", values: effects.map { Timed($0.time, effect($0.value)) }),
      ])
  }
}

/// Describes the steps of a script for a person.
func describeScript<Command>(_ script: [Timed<Command>], _ describe: (Command) -> String) -> [String] {
  script.map { "t=\($0.time): \(describe($0.value))" }
}

/// Seed 002's TODO list in `ferry-demo`.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public enum TodoDemo: DemoScreen {
  /// `todo`.
  public static let name = "todo"
  /// One line about the session.
  public static let summary = "seed 002, the TODO list: load, add, delete, a deletion the backend rejects"

  /// The script, for a person.
  public static var script: [String] {
    describeScript(TodoForm.demoScript) { command in
      switch command {
      case .appear: return "the list appears"
      case .refresh: return "the user pulls to refresh"
      case .add(let task): return "the user adds \"\(task.title)\""
      case .delete(let offsets): return "the user deletes row \(offsets.map(String.init).joined(separator: ", "))"
      }
    }
  }

  /// Runs the script in every form.
  public static func run() -> [DemoTimeline] {
    TodoForm.demoSession(makeTime: { DemoSessionTime() }).map {
      $0.demoTimeline(
        summary: TodoForm(rawValue: $0.form)?.summary ?? $0.form, state: \.description, effect: \.description)
    }
  }
}

/// Seed 003's settings screen in `ferry-demo`.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public enum SettingsDemo: DemoScreen {
  /// `settings`.
  public static let name = "settings"
  /// One line about the session.
  public static let summary = "seed 003, settings ViewState: a failed load, retry-loading, the settings, a saved change"

  /// The script, for a person.
  public static var script: [String] {
    describeScript(SettingsForm.demoScript) { command in
      switch command {
      case .appear: return "the screen appears"
      case .retry: return "the user taps Retry"
      case .setNotifications(let enabled): return "the user turns notifications \(enabled ? "on" : "off")"
      case .setTheme(let theme): return "the user picks the \(theme.rawValue) theme"
      }
    }
  }

  /// Runs the script in every form.
  public static func run() -> [DemoTimeline] {
    SettingsForm.demoSession(makeTime: { DemoSessionTime() }).map {
      $0.demoTimeline(
        summary: SettingsForm(rawValue: $0.form)?.summary ?? $0.form, state: describe, effect: \.description)
    }
  }

  static func describe(_ state: SettingsScreenState) -> String {
    switch state {
    case .loading: return "loading"
    case .completed(let property): return property.description
    case .failed(let failure): return "error: \(failure)"
    }
  }
}

/// Seed 004's repository and its two consumers in `ferry-demo`.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public enum RepositoryDemo: DemoScreen {
  /// `repository`.
  public static let name = "repository"
  /// One line about the session.
  public static let summary = "seed 004, a repository and two consumers: lookups from either, both see each result"

  /// The script, for a person.
  public static var script: [String] {
    describeScript(RepositoryForm.demoScript) { command in
      switch command {
      case .appear: return "the detail screen appears"
      case .refreshSummary(let key): return "the summary looks up \"\(key)\""
      case .refreshDetail(let key): return "the detail screen looks up \"\(key)\""
      }
    }
  }

  /// Runs the script in every form.
  public static func run() -> [DemoTimeline] {
    RepositoryForm.demoSession(makeTime: { DemoSessionTime() }).map {
      $0.demoTimeline(
        summary: RepositoryForm(rawValue: $0.form)?.summary ?? $0.form, state: \.description,
        effect: String.init(describing:))
    }
  }
}

/// Seed 001's large screen in `ferry-demo`.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public enum LargeScreenDemo: DemoScreen {
  /// `large-screen`.
  public static let name = "large-screen"
  /// One line about the session.
  public static let summary = "seed 001, a large screen: loads, search, favourites that notify the inbox, mark all read"

  /// The script, for a person.
  public static var script: [String] {
    describeScript(LargeScreenForm.demoScript) { command in
      switch command {
      case .appear: return "the dashboard appears"
      case .catalog(.search(let query)): return "the user searches \"\(query)\""
      case .catalog(.toggleFavorite(let id)): return "the user taps the favourite button of vehicle \(id)"
      case .inbox(.markAllRead): return "the user marks the inbox read"
      case .profile, .catalog, .inbox: return "\(command)"
      }
    }
  }

  /// Runs the script in every form.
  public static func run() -> [DemoTimeline] {
    LargeScreenForm.demoSession(makeTime: { DemoSessionTime() }).map {
      $0.demoTimeline(
        summary: LargeScreenForm(rawValue: $0.form)?.summary ?? $0.form, state: \.description, effect: \.description)
    }
  }
}
