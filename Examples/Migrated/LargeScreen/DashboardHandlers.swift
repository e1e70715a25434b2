import ExamplesLegacy
import Ferry
import FerryStore

/// The dashboard's endpoints after the migration: `async` calls.
public protocol DashboardService: Sendable {
  /// The signed-in user's name.
  func userName() async throws -> String
  /// The catalog.
  func catalog() async throws -> [CatalogItem]
}

/// The service over the same stand-in backend as the legacy API, sleeping on `clock`.
public struct ScriptedDashboardService: DashboardService {
  private let script: DashboardBackendScript
  private let clock: any Clock<Duration>

  /// A service answering as `script` says.
  public init(script: DashboardBackendScript, clock: any Clock<Duration> = ContinuousClock()) {
    self.script = script
    self.clock = clock
  }

  /// The scripted name.
  public func userName() async throws -> String {
    try await clock.sleep(for: .seconds(script.profileLatency))
    if script.profileFails { throw DashboardAPIError() }
    return script.userName
  }

  /// The scripted catalog.
  public func catalog() async throws -> [CatalogItem] {
    try await clock.sleep(for: .seconds(script.catalogLatency))
    return script.catalog
  }
}

/// The profile header's handler: owns ``ProfileSlice``.
public struct ProfileHandler: StoreFeature {
  /// Its slice.
  public typealias State = ProfileSlice

  /// What it tells the rest of the screen.
  public enum Effect: Sendable, Equatable {
    /// The name could not be loaded.
    case loadFailed
  }

  /// What the header is asked to do.
  public enum Command: Sendable, Equatable {
    /// Load the user's name.
    case load
  }

  /// Its transitions.
  public enum Action: Sendable, Equatable {
    /// The name arrived (`nil`: it could not be loaded).
    case loaded(String?)
  }

  let service: any DashboardService

  /// The pure reducer.
  public static func transform(_ state: State, action: Action) -> State {
    switch action {
    case .loaded(let name): return ProfileSlice(userName: name)
    }
  }

  /// Loads the name, latest wins.
  public func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .load:
      context.run(id: "load", .flatMapLatest) { [service] send in
        do {
          send.dispatchAction(.loaded(try await service.userName()))
        } catch is CancellationError {
          throw CancellationError()
        } catch {
          send.dispatchEffect(.loadFailed)
          send.dispatchAction(.loaded(nil))
        }
      }
    }
  }
}

/// The catalog's handler: owns ``CatalogSlice``; tells the others when a vehicle becomes a favourite.
public struct CatalogHandler: StoreFeature {
  /// Its slice.
  public typealias State = CatalogSlice

  /// What the catalog is asked to do.
  public enum Command: Sendable, Equatable {
    /// Load the catalog.
    case load
    /// Show the vehicles matching this text.
    case search(String)
    /// Add the vehicle to the favourites, or remove it.
    case toggleFavorite(id: Int)
  }

  /// Its transitions.
  public enum Action: Sendable, Equatable {
    /// The catalog arrived.
    case loaded([CatalogItem])
    /// The search text changed.
    case queryChanged(String)
    /// A favourite was added or removed.
    case favoriteToggled(id: Int)
  }

  /// What it tells the rest of the screen.
  public enum Effect: Sendable, Equatable {
    /// The vehicle became a favourite.
    case favorited(CatalogItem)
  }

  let service: any DashboardService

  /// The pure reducer.
  public static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .loaded(let items): state.items = items
    case .queryChanged(let query): state.query = query
    case .favoriteToggled(let id):
      if state.favoriteIDs.contains(id) {
        state.favoriteIDs.removeAll { $0 == id }
      } else {
        state.favoriteIDs.append(id)
      }
    }
    return state
  }

  /// Loads (latest wins), searches and toggles favourites.
  public func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .load:
      context.run(id: "load", .flatMapLatest) { [service] send in
        let items: [CatalogItem]
        do { items = try await service.catalog() } catch is CancellationError { throw CancellationError() } catch {
          items = []
        }
        send.dispatchAction(.loaded(items))
      }
    case .search(let query):
      context.dispatchAction(.queryChanged(query))
    case .toggleFavorite(let id):
      guard let item = context.state.items.first(where: { $0.id == id }) else { return }
      let adding = !context.state.favoriteIDs.contains(id)
      context.dispatchAction(.favoriteToggled(id: id))
      if adding { context.dispatchEffect(.favorited(item)) }
    }
  }
}

/// The inbox's handler: owns ``InboxSlice``.
public struct InboxHandler: StoreFeature {
  /// Its slice.
  public typealias State = InboxSlice

  /// What the inbox is asked to do.
  public enum Command: Sendable, Equatable {
    /// Add an unread message (sent by another handler).
    case notify(String)
    /// Mark every message read.
    case markAllRead
  }

  /// Its transitions.
  public enum Action: Sendable, Equatable {
    /// A message arrived.
    case received(String)
    /// Every message was read.
    case allRead
  }

  /// What it tells the rest of the screen.
  public enum Effect: Sendable, Equatable {
    /// Nothing is unread any more.
    case allCaughtUp
  }

  /// The pure reducer.
  public static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .received(let message):
      state.messages.append(message)
      state.unreadCount += 1
    case .allRead:
      state.unreadCount = 0
    }
    return state
  }

  /// Records messages and marks them read.
  public func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .notify(let message): context.dispatchAction(.received(message))
    case .markAllRead:
      context.dispatchAction(.allRead)
      context.dispatchEffect(.allCaughtUp)
    }
  }
}
