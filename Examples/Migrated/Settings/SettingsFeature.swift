import ExamplesLegacy
import Ferry
import FerryStore

/// Why the settings screen shows its error view: the typed failure of its `ViewState`.
public enum SettingsFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The settings could not be loaded; `retrying` while a retry runs.
  case unreachable(retrying: Bool)

  /// `unreachable` or `unreachable, retrying`, for timelines.
  public var description: String {
    switch self {
    case .unreachable(let retrying): return retrying ? "unreachable, retrying" : "unreachable"
    }
  }
}

/// What the settings screen shows: loading, the loaded settings, or the error view.
public typealias SettingsScreenState = ViewState<SettingsProperty, SettingsFailure>

/// What the user did on the settings screen.
public enum SettingsCommand: Sendable, Equatable {
  /// The screen appeared: load.
  case appear
  /// The error view's retry button.
  case retry
  /// The notifications switch.
  case setNotifications(Bool)
  /// The theme picker.
  case setTheme(SettingsTheme)
}

/// A one-shot reaction of the settings screen.
public enum SettingsEffect: Sendable, Equatable, CustomStringConvertible {
  /// A change could not be saved: show this message.
  case saveFailed(String)

  /// The message, for timelines.
  public var description: String {
    switch self {
    case .saveFailed(let message): return "saveFailed(\(message))"
    }
  }
}

/// The settings screen's store logic.
///
/// Each save's result is an action applied by `transform` to the state current when the result arrives, never to
/// a snapshot read when the user acted: two saves finishing in either order both keep their change (the
/// `withLatestFrom` lost update of the legacy view model cannot happen).
public struct SettingsFeature: StoreFeature {
  /// What the screen shows.
  public typealias State = SettingsScreenState
  /// What the user did.
  public typealias Command = SettingsCommand
  /// A one-shot reaction.
  public typealias Effect = SettingsEffect

  /// A state transition.
  public enum Action: Sendable, Equatable {
    /// A load answered.
    case loaded(SettingsProperty)
    /// A load failed.
    case loadFailed
    /// A retry started from the error view.
    case retrying
    /// The notifications switch was saved.
    case notificationsSaved(Bool)
    /// The theme was saved.
    case themeSaved(SettingsTheme)
  }

  private enum WorkID: Hashable, Sendable {
    case load
  }

  private struct SaveFailed: Error {
    let message: String
  }

  private let service: any SettingsService

  /// The screen's logic over `service`.
  public init(service: any SettingsService) {
    self.service = service
  }

  /// The pure reducer.
  public static func transform(_ state: State, action: Action) -> State {
    switch action {
    case .loaded(let property): return .completed(property)
    case .loadFailed: return .failed(.unreachable(retrying: false))
    case .retrying: return .failed(.unreachable(retrying: true))
    case .notificationsSaved(let enabled): return state.mutate(keyPath: \.notificationsEnabled, value: enabled)
    case .themeSaved(let theme): return state.mutate(keyPath: \.theme, value: theme)
    }
  }

  /// Loads, retries from the idle error view only, and saves changes concurrently.
  public func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .appear:
      load(in: context)
    case .retry:
      guard context.state == .failed(.unreachable(retrying: false)) else { return }
      context.dispatchAction(.retrying)
      load(in: context)
    case .setNotifications(let enabled):
      guard context.state.content != nil else { return }
      context.run { [service] send in
        do {
          send.dispatchAction(.notificationsSaved(try await service.updateNotifications(enabled)))
        } catch is SettingsAPIError {
          throw SaveFailed(message: "Could not save notifications")
        }
      }
    case .setTheme(let theme):
      guard context.state.content != nil else { return }
      context.run { [service] send in
        do {
          send.dispatchAction(.themeSaved(try await service.updateTheme(theme)))
        } catch is SettingsAPIError {
          throw SaveFailed(message: "Could not save the theme")
        }
      }
    }
  }

  /// A failed save shows a message; the screen keeps the settings it shows.
  public func handleError(_ error: any Error, in context: StoreContext<Self>) {
    context.dispatchEffect(.saveFailed((error as? SaveFailed)?.message ?? "\(error)"))
  }

  @MainActor private func load(in context: StoreContext<Self>) {
    context.run(id: WorkID.load, .flatMapLatest) { [service] send in
      do {
        send.dispatchAction(.loaded(try await service.fetchSettings()))
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        send.dispatchAction(.loadFailed)
      }
    }
  }
}
