import ExamplesLegacy
import Ferry

/// The profile header's slice of the dashboard.
public struct ProfileSlice: Hashable, Sendable {
  /// The signed-in user's name, once loaded.
  public var userName: String?

  /// A slice.
  public init(userName: String? = nil) {
    self.userName = userName
  }
}

/// The catalog's slice: the search, the vehicles and the favourites.
public struct CatalogSlice: Hashable, Sendable {
  /// The search text.
  public var query: String
  /// The whole catalog.
  public var items: [CatalogItem]
  /// The favourite vehicles' ids, in the order they were added.
  public var favoriteIDs: [Int]

  /// A slice.
  public init(query: String = "", items: [CatalogItem] = [], favoriteIDs: [Int] = []) {
    self.query = query
    self.items = items
    self.favoriteIDs = favoriteIDs
  }

  /// The vehicles matching the search.
  public var visibleItems: [CatalogItem] { DashboardViewModel.matching(items, query) }
}

/// The inbox's slice.
public struct InboxSlice: Hashable, Sendable {
  /// The messages.
  public var messages: [String]
  /// How many are unread.
  public var unreadCount: Int

  /// A slice.
  public init(messages: [String] = [], unreadCount: Int = 0) {
    self.messages = messages
    self.unreadCount = unreadCount
  }
}

/// Everything the dashboard shows, one slice per handler.
public struct DashboardState: Hashable, Sendable, CustomStringConvertible {
  /// The profile header.
  public var profile: ProfileSlice
  /// The catalog.
  public var catalog: CatalogSlice
  /// The inbox.
  public var inbox: InboxSlice

  /// A state.
  public init(profile: ProfileSlice = .init(), catalog: CatalogSlice = .init(), inbox: InboxSlice = .init()) {
    self.profile = profile
    self.catalog = catalog
    self.inbox = inbox
  }

  /// A one-line summary, for timelines.
  public var description: String {
    "{user: \(profile.userName ?? "-"), query: \(catalog.query), items: \(catalog.items.count), "
      + "favorites: \(catalog.favoriteIDs), inbox: \(inbox.messages.count)/\(inbox.unreadCount) unread}"
  }
}
