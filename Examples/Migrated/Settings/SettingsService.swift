import ExamplesLegacy
import Ferry

/// The settings endpoints after the migration: `async` calls.
public protocol SettingsService: Sendable {
  /// The current settings.
  func fetchSettings() async throws -> SettingsProperty
  /// Saves the notifications switch and returns the saved value.
  func updateNotifications(_ enabled: Bool) async throws -> Bool
  /// Saves the theme and returns the saved value.
  func updateTheme(_ theme: SettingsTheme) async throws -> SettingsTheme
}

/// The settings service over the same stand-in backend as the legacy API, sleeping on `clock`.
public actor ScriptedSettingsService: SettingsService {
  private let script: SettingsBackendScript
  private let clock: any Clock<Duration>
  private var loadCount = 0

  /// A service answering as `script` says, sleeping on `clock`.
  public init(script: SettingsBackendScript, clock: any Clock<Duration> = ContinuousClock()) {
    self.script = script
    self.clock = clock
  }

  /// The next scripted load answer.
  public func fetchSettings() async throws -> SettingsProperty {
    let answer = script.load(loadCount)
    loadCount += 1
    try await clock.sleep(for: .seconds(answer.latency))
    return try answer.result.get()
  }

  /// Saves the switch (or throws, as scripted).
  public func updateNotifications(_ enabled: Bool) async throws -> Bool {
    try await clock.sleep(for: .seconds(script.notificationsLatency))
    if script.rejectsNotifications { throw SettingsAPIError.unreachable }
    return enabled
  }

  /// Saves the theme.
  public func updateTheme(_ theme: SettingsTheme) async throws -> SettingsTheme {
    try await clock.sleep(for: .seconds(script.themeLatency))
    return theme
  }
}

/// Migration step 1: the async service behind the legacy `Single` API, so the legacy view model runs on it
/// unchanged.
public final class SingleSettingsAPI: SettingsAPI, Sendable {
  private let service: any SettingsService

  /// Presents `service` with the `Single`-returning surface.
  public init(_ service: any SettingsService) {
    self.service = service
  }

  /// `fetchSettings()` as a `Single`.
  public func fetchSettings() -> Single<SettingsProperty> {
    Single { [service] in try await service.fetchSettings() }
  }

  /// `updateNotifications(_:)` as a `Single`.
  public func updateNotifications(_ enabled: Bool) -> Single<Bool> {
    Single { [service] in try await service.updateNotifications(enabled) }
  }

  /// `updateTheme(_:)` as a `Single`.
  public func updateTheme(_ theme: SettingsTheme) -> Single<SettingsTheme> {
    Single { [service] in try await service.updateTheme(theme) }
  }
}
