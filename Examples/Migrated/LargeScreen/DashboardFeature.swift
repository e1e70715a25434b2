import ExamplesLegacy
import Ferry
import FerryStore

/// What the user did on the dashboard, or what one of its handlers asks another.
public enum DashboardCommand: Sendable, Equatable {
  /// The screen appeared: load the profile and the catalog.
  case appear
  /// For the profile header.
  case profile(ProfileHandler.Command)
  /// For the catalog.
  case catalog(CatalogHandler.Command)
  /// For the inbox.
  case inbox(InboxHandler.Command)
}

/// A one-shot reaction of the dashboard.
public enum DashboardEffect: Sendable, Equatable, CustomStringConvertible {
  /// Show a short message.
  case toast(String)

  /// The message, for timelines.
  public var description: String {
    switch self {
    case .toast(let message): return "toast(\(message))"
    }
  }
}

/// The dashboard's store logic (seed 001, third generation): no view model, but one handler per part of the screen,
/// each owning a slice of the state through a scoped context. The catalog's `favorited` effect is routed to the
/// inbox as a command — one handler sending to another — and the inbox's `allCaughtUp` becomes the screen's toast.
public struct DashboardFeature: StoreFeature {
  /// Everything the dashboard shows.
  public typealias State = DashboardState
  /// What the user did.
  public typealias Command = DashboardCommand
  /// A one-shot reaction.
  public typealias Effect = DashboardEffect

  /// A handler's transition, applied to its slice.
  public enum Action: Sendable, Equatable {
    /// The profile header's.
    case profile(ProfileHandler.Action)
    /// The catalog's.
    case catalog(CatalogHandler.Action)
    /// The inbox's.
    case inbox(InboxHandler.Action)
  }

  private let profile: ProfileHandler
  private let catalog: CatalogHandler
  private let inbox = InboxHandler()

  /// The dashboard over `service`.
  public init(service: any DashboardService) {
    profile = ProfileHandler(service: service)
    catalog = CatalogHandler(service: service)
  }

  /// Hands each action to its handler's reducer, for its slice.
  public static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .profile(let action): state.profile = ProfileHandler.transform(state.profile, action: action)
    case .catalog(let action): state.catalog = CatalogHandler.transform(state.catalog, action: action)
    case .inbox(let action): state.inbox = InboxHandler.transform(state.inbox, action: action)
    }
    return state
  }

  /// Routes each command to its handler, in a context scoped to the handler's slice.
  public func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .appear:
      context.dispatchCommand(.profile(.load))
      context.dispatchCommand(.catalog(.load))
    case .profile(let command):
      profile.handle(
        command,
        in: context.scope(
          state: \.profile, action: Action.profile, command: Command.profile,
          effect: { effect in
            switch effect {
            case .loadFailed: return .effect(.toast("Could not load your profile"))
            }
          }))
    case .catalog(let command):
      catalog.handle(
        command,
        in: context.scope(
          state: \.catalog, action: Action.catalog, command: Command.catalog,
          effect: { effect in
            switch effect {
            case .favorited(let item): return .command(.inbox(.notify("\(item.name) added to favorites")))
            }
          }))
    case .inbox(let command):
      inbox.handle(
        command,
        in: context.scope(
          state: \.inbox, action: Action.inbox, command: Command.inbox,
          effect: { effect in
            switch effect {
            case .allCaughtUp: return .effect(.toast("All caught up"))
            }
          }))
    }
  }
}
