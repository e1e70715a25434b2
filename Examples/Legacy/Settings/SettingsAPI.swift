import Ferry

/// The app's colour scheme setting.
public enum SettingsTheme: String, Hashable, Sendable {
  /// Follow the system.
  case system
  /// Always light.
  case light
  /// Always dark.
  case dark
}

/// What the settings screen shows once loaded (seed 003's "property").
public struct SettingsProperty: Hashable, Sendable, CustomStringConvertible {
  /// Whether push notifications are on.
  public var notificationsEnabled: Bool
  /// The colour scheme.
  public var theme: SettingsTheme

  /// A property.
  public init(notificationsEnabled: Bool, theme: SettingsTheme) {
    self.notificationsEnabled = notificationsEnabled
    self.theme = theme
  }

  /// `notifications on, dark`, for timelines.
  public var description: String { "notifications \(notificationsEnabled ? "on" : "off"), \(theme.rawValue)" }
}

/// Why the settings backend failed.
public enum SettingsAPIError: Error, Equatable, Sendable {
  /// The backend could not be reached.
  case unreachable
}

/// What the stand-in settings backend answers, shared by the legacy API (`Single`s on a scheduler) and the
/// migrated service (an actor sleeping on a clock).
public struct SettingsBackendScript: Sendable {
  /// One answer to a load.
  public struct Load: Sendable {
    /// Seconds before the answer.
    public var latency: Int
    /// The answer.
    public var result: Result<SettingsProperty, SettingsAPIError>

    /// An answer.
    public init(latency: Int, result: Result<SettingsProperty, SettingsAPIError>) {
      self.latency = latency
      self.result = result
    }
  }

  /// The answers to successive loads; the last one repeats.
  public var loads: [Load]
  /// Seconds before saving the notifications switch answers.
  public var notificationsLatency: Int
  /// Seconds before saving the theme answers.
  public var themeLatency: Int
  /// Whether saving the notifications switch fails.
  public var rejectsNotifications: Bool

  /// A script.
  public init(loads: [Load], notificationsLatency: Int = 10, themeLatency: Int = 10, rejectsNotifications: Bool = false)
  {
    self.loads = loads
    self.notificationsLatency = notificationsLatency
    self.themeLatency = themeLatency
    self.rejectsNotifications = rejectsNotifications
  }

  /// The answer to load number `index` (0-based).
  public func load(_ index: Int) -> Load { loads[min(index, loads.count - 1)] }
}

/// The settings endpoints, as the app called them: every call a `Single`.
public protocol SettingsAPI {
  /// The current settings.
  func fetchSettings() -> Single<SettingsProperty>
  /// Saves the notifications switch; succeeds with the saved value.
  func updateNotifications(_ enabled: Bool) -> Single<Bool>
  /// Saves the theme; succeeds with the saved value.
  func updateTheme(_ theme: SettingsTheme) -> Single<SettingsTheme>
}

/// The settings API over the stand-in backend: answers arrive on `scheduler` after the script's latencies.
public final class ScriptedSettingsAPI: SettingsAPI {
  private let script: SettingsBackendScript
  private let scheduler: SchedulerType
  private var loadCount = 0

  /// An API answering as `script` says, its delays on `scheduler`.
  public init(script: SettingsBackendScript, scheduler: SchedulerType) {
    self.script = script
    self.scheduler = scheduler
  }

  /// The next scripted load answer.
  public func fetchSettings() -> Single<SettingsProperty> {
    let answer = script.load(loadCount)
    loadCount += 1
    return Single.just(()).delay(.seconds(answer.latency), scheduler: scheduler).flatMap { _ in
      switch answer.result {
      case .success(let property): return Single.just(property)
      case .failure(let error): return Single.error(error)
      }
    }
  }

  /// Saves the switch (or fails, as scripted).
  public func updateNotifications(_ enabled: Bool) -> Single<Bool> {
    let rejected = script.rejectsNotifications
    return Single.just(enabled).delay(.seconds(script.notificationsLatency), scheduler: scheduler).flatMap {
      rejected ? Single.error(SettingsAPIError.unreachable) : Single.just($0)
    }
  }

  /// Saves the theme.
  public func updateTheme(_ theme: SettingsTheme) -> Single<SettingsTheme> {
    Single.just(theme).delay(.seconds(script.themeLatency), scheduler: scheduler)
  }
}
