import ExamplesLegacy
import Ferry
import FerryStore

extension DashboardViewModel.Output {
  /// The outputs combined into the store's state, for a new view on the legacy view model.
  public var state: Driver<DashboardState> {
    let catalog = Driver.combineLatest(query, items, favoriteIDs) {
      CatalogSlice(query: $0, items: $1, favoriteIDs: $2)
    }
    let inbox = Driver.combineLatest(messages, unreadCount) { InboxSlice(messages: $0, unreadCount: $1) }
    return Driver.combineLatest(userName, catalog, inbox) {
      DashboardState(profile: ProfileSlice(userName: $0), catalog: $1, inbox: $2)
    }
  }
}

/// The view's events as relays, for driving a `transform(input:)` from commands.
public final class DashboardInputRelays: Sendable {
  /// The view appeared.
  public let appear = PublishRelay<Void>()
  /// The search field.
  public let search = PublishRelay<String>()
  /// A favourite button.
  public let toggleFavorite = PublishRelay<Int>()
  /// The "mark all read" button.
  public let markAllRead = PublishRelay<Void>()

  /// Relays.
  public init() {}

  /// The relays as the view model's input.
  public var input: DashboardViewModel.Input {
    DashboardViewModel.Input(
      appear: appear.asObservable(), search: search.asObservable(), toggleFavorite: toggleFavorite.asObservable(),
      markAllRead: markAllRead.asObservable())
  }

  /// Feeds the relay for a user command; commands between handlers have no input in the legacy view model.
  public func accept(_ command: DashboardCommand) {
    switch command {
    case .appear: appear.accept(())
    case .catalog(.search(let query)): search.accept(query)
    case .catalog(.toggleFavorite(let id)): toggleFavorite.accept(id)
    case .inbox(.markAllRead): markAllRead.accept(())
    case .profile, .catalog(.load), .inbox(.notify): break
    }
  }
}

/// Migration step 2 (the store first): the store behind the old view controller's `transform(input:)`, through
/// the store's key-path `Driver`s, its effect `Signal` and its command observer. The view controller is unchanged.
public final class DashboardStoreViewModel: DashboardViewModelType {
  private let commands: AnyObserver<DashboardCommand>
  private let output: DashboardViewModel.Output
  private let disposeBag = DisposeBag()

  /// The old surface over `store`.
  @MainActor
  public init(store: Store<DashboardFeature>) {
    commands = store.commandObserver
    output = DashboardViewModel.Output(
      userName: store.driver(\.profile.userName),
      query: store.driver(\.catalog.query),
      items: store.driver(\.catalog.items),
      visibleItems: store.driver(\.catalog.visibleItems),
      favoriteIDs: store.driver(\.catalog.favoriteIDs),
      messages: store.driver(\.inbox.messages),
      unreadCount: store.driver(\.inbox.unreadCount),
      toast: store.effectSignal.map { effect in
        switch effect {
        case .toast(let message): return message
        }
      })
  }

  /// Binds the view's events to the store as commands and returns the store's state as the old outputs.
  public func transform(input: DashboardViewModel.Input) -> DashboardViewModel.Output {
    disposeBag.insert {
      input.appear.map { DashboardCommand.appear }.bind(to: commands)
      input.search.map { DashboardCommand.catalog(.search($0)) }.bind(to: commands)
      input.toggleFavorite.map { DashboardCommand.catalog(.toggleFavorite(id: $0)) }.bind(to: commands)
      input.markAllRead.map { DashboardCommand.inbox(.markAllRead) }.bind(to: commands)
    }
    return output
  }
}
