import Ferry
import FerryStore

/// One page of search results.
public struct SearchPage: Equatable, Sendable {
  /// The results on this page, in order.
  public var items: [String]
  /// The page after this one, or `nil` when this is the last.
  public var nextPage: Int?

  /// A page of `items`, followed by `nextPage`.
  public init(items: [String], nextPage: Int?) {
    self.items = items
    self.nextPage = nextPage
  }
}

/// The search backend: one page of the results for a query (pages count from 0).
public protocol SearchAPI: Sendable {
  /// Page `page` of the results for `query`.
  func search(_ query: String, page: Int) async throws -> SearchPage
}

/// What a retry does again.
public enum SearchRetry: Equatable, Sendable {
  /// The search of the current query (its first page).
  case search
  /// The load of the next page.
  case nextPage
}

/// What the search screen shows.
public struct SearchState: Equatable, Sendable {
  /// The query as typed.
  public var query: String
  /// The results of every page loaded so far, in order.
  public var results: [String]
  /// The page a "load more" loads, or `nil` when there is none (no search yet, or the last page is shown).
  public var nextPage: Int?
  /// The first page of the query is being loaded.
  public var isSearching: Bool
  /// A further page is being loaded.
  public var isLoadingPage: Bool
  /// What failed, for the retry button; `nil` when nothing did.
  public var failed: SearchRetry?

  /// A search screen with nothing typed.
  public init(
    query: String = "", results: [String] = [], nextPage: Int? = nil, isSearching: Bool = false,
    isLoadingPage: Bool = false, failed: SearchRetry? = nil
  ) {
    self.query = query
    self.results = results
    self.nextPage = nextPage
    self.isSearching = isSearching
    self.isLoadingPage = isLoadingPage
    self.failed = failed
  }
}

/// What the user did on the search screen.
public enum SearchCommand: Sendable, Equatable {
  /// The text field changed.
  case queryChanged(String)
  /// The list reached its bottom: load the next page, if there is one and no load is running.
  case loadNextPage
  /// The alert's retry button: do again what failed.
  case retry
  /// The screen went away: stop everything.
  case disappear
}

/// A one-shot reaction of the search screen.
public enum SearchEffect: Sendable, Equatable {
  /// Show an alert with this message (and a retry button).
  case alert(String)
}

/// The search screen's logic: the query is debounced and the latest query wins (a newer query cancels the older
/// search, waiting or running, and any page load of the older results); pages load one at a time; a failure shows
/// an alert and remembers what to retry; disappearing cancels every work in flight.
public struct SearchFeature: StoreFeature {
  /// What the screen shows.
  public typealias State = SearchState
  /// What the user did.
  public typealias Command = SearchCommand
  /// A one-shot reaction.
  public typealias Effect = SearchEffect

  /// A state transition.
  public enum Action: Sendable, Equatable {
    /// A new query: the old results go.
    case queryChanged(String)
    /// The debounce passed: the first page is being loaded.
    case searchStarted
    /// The first page arrived.
    case firstPageLoaded(SearchPage)
    /// A further page was asked for.
    case pageRequested
    /// A further page arrived.
    case pageLoaded(SearchPage)
    /// A load failed; `SearchRetry` says which.
    case failed(SearchRetry)
    /// The screen went away: nothing is loading any more.
    case stopped
  }

  /// How long the query must stay unchanged before it is searched.
  public static let debounce = Duration.milliseconds(300)

  private enum WorkID: Hashable, Sendable {
    case search, page
  }

  private let api: any SearchAPI

  /// The search screen's logic over `api`.
  public init(api: any SearchAPI) {
    self.api = api
  }

  /// The pure reducer.
  public static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .queryChanged(let query):
      state = SearchState(query: query)
    case .searchStarted:
      state.isSearching = true
      state.failed = nil
    case .firstPageLoaded(let page):
      state.results = page.items
      state.nextPage = page.nextPage
      state.isSearching = false
    case .pageRequested:
      state.isLoadingPage = true
      state.failed = nil
    case .pageLoaded(let page):
      state.results += page.items
      state.nextPage = page.nextPage
      state.isLoadingPage = false
    case .failed(let retry):
      state.failed = retry
      state.isSearching = false
      state.isLoadingPage = false
    case .stopped:
      state.isSearching = false
      state.isLoadingPage = false
    }
    return state
  }

  /// Handles what the user did.
  public func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .queryChanged(let query):
      context.dispatchAction(.queryChanged(query))
      context.cancel(id: WorkID.page)  // a page of the old results must not be appended to the new ones
      guard !query.isEmpty else { return context.cancel(id: WorkID.search) }
      search(query, .debounce(Self.debounce), in: context)
    case .loadNextPage:
      let state = context.state
      guard let page = state.nextPage, !state.isSearching else { return }
      loadPage(page, of: state.query, in: context)
    case .retry:
      let state = context.state
      switch state.failed {
      case .search: search(state.query, .flatMapLatest, in: context)
      case .nextPage: if let page = state.nextPage { loadPage(page, of: state.query, in: context) }
      case nil: break
      }
    case .disappear:
      context.cancelAll()
      context.dispatchAction(.stopped)
    }
  }

  /// A failed search or page load: remembered for the retry, and an alert.
  public func handleError(_ error: any Error, in context: StoreContext<Self>) {
    let retry: SearchRetry = context.failedWorkID == AnyHashable(WorkID.page) ? .nextPage : .search
    context.dispatchAction(.failed(retry))
    context.dispatchEffect(.alert(retry == .search ? "Search failed" : "Could not load more results"))
  }

  /// Searches `query` under `policy` (debounced when typed, at once on a retry), latest wins either way.
  @MainActor private func search(_ query: String, _ policy: WorkPolicy, in context: StoreContext<Self>) {
    context.run(id: WorkID.search, policy) { [api] send in
      send.dispatchAction(.searchStarted)
      send.dispatchAction(.firstPageLoaded(try await api.search(query, page: 0)))
    }
  }

  /// Loads page `page` of `query`, unless a page load is running: `.flatMapFirst` drops the new work then (and
  /// `.pageRequested` changes nothing, the state already saying a page is loading).
  @MainActor private func loadPage(_ page: Int, of query: String, in context: StoreContext<Self>) {
    context.dispatchAction(.pageRequested)
    context.run(id: WorkID.page, .flatMapFirst) { [api] send in
      send.dispatchAction(.pageLoaded(try await api.search(query, page: page)))
    }
  }
}
