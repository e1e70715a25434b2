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
  /// The rows `states` and `effects` of a screen session's timeline, each value by its description.
  public init<State, Effect>(_ timeline: ScreenTimeline<State, Effect>) {
    self.init(
      form: timeline.form, summary: "",
      rows: [
        DemoRow(label: "states", values: timeline.states.map { Timed($0.time, demoDescription($0.value)) }),
        DemoRow(label: "effects", values: timeline.effects.map { Timed($0.time, demoDescription($0.value)) }),
      ])
  }
}

/// `value` for a person: its description without the module prefix of the examples' types.
func demoDescription<Value>(_ value: Value) -> String {
  String(describing: value).replacingOccurrences(of: "Examples.", with: "")
    .replacingOccurrences(of: "ExamplesLegacy.", with: "")
}

/// The script of a screen session, one line per command.
func demoScript<Command>(_ script: [Timed<Command>]) -> [String] {
  script.map { "t=\($0.time): \(demoDescription($0.value))" }
}

/// Seed 001 in `ferry-demo`.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public enum LargeScreenDemo: DemoScreen {
  /// `large-screen`.
  public static let name = "large-screen"
  /// One line about the session.
  public static let summary = "seed 001, a large screen: split handlers, scoped child stores"
  /// The commands.
  public static var script: [String] { demoScript(LargeScreenForm.demoScript) }
  /// Runs the session in every form.
  public static func run() -> [DemoTimeline] {
    LargeScreenForm.demoSession(makeTime: { DemoSessionTime() }).map(DemoTimeline.init)
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
  public static var script: [String] { demoScript(TodoForm.demoScript) }
  /// Runs the session in every form.
  public static func run() -> [DemoTimeline] {
    TodoForm.demoSession(makeTime: { DemoSessionTime() }).map(DemoTimeline.init)
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
  public static var script: [String] { demoScript(SettingsForm.demoScript) }
  /// Runs the session in every form.
  public static func run() -> [DemoTimeline] {
    SettingsForm.demoSession(makeTime: { DemoSessionTime() }).map(DemoTimeline.init)
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
  public static var script: [String] { demoScript(RepositoryForm.demoScript) }
  /// Runs the session in every form.
  public static func run() -> [DemoTimeline] {
    RepositoryForm.demoSession(makeTime: { DemoSessionTime() }).map(DemoTimeline.init)
  }
}
