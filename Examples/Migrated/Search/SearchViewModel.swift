import Ferry
import FerryStore

/// Migration step 2 for an inputs/outputs view model (the store first): the search screen's old
/// `transform(input:) -> Output` surface, written once more over the store, so that the view controller that calls
/// it and binds its outputs stays as it was.
@MainActor
public final class SearchViewModel {
  /// The view controller's events.
  public struct Input {
    /// The search field's text.
    public let searchText: Observable<String>
    /// The table view scrolled to its bottom.
    public let reachedBottom: Observable<Void>
    /// The alert's retry button.
    public let retryTapped: Observable<Void>
    /// `viewDidDisappear`.
    public let viewDidDisappear: Observable<Void>

    /// The view controller's events.
    public init(
      searchText: Observable<String>, reachedBottom: Observable<Void>, retryTapped: Observable<Void>,
      viewDidDisappear: Observable<Void>
    ) {
      self.searchText = searchText
      self.reachedBottom = reachedBottom
      self.retryTapped = retryTapped
      self.viewDidDisappear = viewDidDisappear
    }
  }

  /// What the view controller binds.
  public struct Output {
    /// The rows.
    public let results: Driver<[String]>
    /// The spinner: the first page of a query is loading.
    public let isSearching: Driver<Bool>
    /// The footer spinner: a further page is loading.
    public let isLoadingPage: Driver<Bool>
    /// An alert to show.
    public let alert: Signal<String>
  }

  private let store: Store<SearchFeature>
  private let disposeBag = DisposeBag()

  /// The old surface over `store`.
  public init(store: Store<SearchFeature>) {
    self.store = store
  }

  // snippet: search-transform-over-store
  /// Binds the view's events to the store as commands and returns the store's state and effects as the old outputs.
  public func transform(input: Input) -> Output {
    disposeBag.insert {
      input.searchText.map(SearchCommand.queryChanged).bind(to: store.commandObserver)
      input.reachedBottom.map { SearchCommand.loadNextPage }.bind(to: store.commandObserver)
      input.retryTapped.map { SearchCommand.retry }.bind(to: store.commandObserver)
      input.viewDidDisappear.map { SearchCommand.disappear }.bind(to: store.commandObserver)
    }
    return Output(
      results: store.driver(\.results),
      isSearching: store.driver(\.isSearching),
      isLoadingPage: store.driver(\.isLoadingPage),
      alert: store.effectSignal.map { effect in
        switch effect {
        case .alert(let message): message
        }
      })
  }
  // end snippet: search-transform-over-store
}
