import ExamplesLegacy

#if FERRY_OPENCOMBINE
import OpenCombine
#elseif canImport(Combine)
import Combine
#endif

/// What the dashboard's SwiftUI view shows (seed 001, second generation): an `ObservableObject` the view controller
/// fills from the view model's outputs.
public final class DashboardScreenModel: ObservableObject {
  /// The signed-in user's name, once loaded.
  @Published public var userName: String?
  /// The search text.
  @Published public var query = ""
  /// The whole catalog.
  @Published public var items: [CatalogItem] = []
  /// The vehicles matching the search.
  @Published public var visibleItems: [CatalogItem] = []
  /// The favourite vehicles' ids.
  @Published public var favoriteIDs: [Int] = []
  /// The inbox's messages.
  @Published public var messages: [String] = []
  /// The inbox's unread count.
  @Published public var unreadCount = 0

  /// An empty screen.
  public init() {}
}

/// The dashboard's view controller, without UIKit: it sends the view's events to the view model, reflects the
/// outputs into the screen model (which the hosted SwiftUI view reads) and follows `routerSubject` with the Router
/// (`present` stands for the Router presenting a toast).
@MainActor
public final class DashboardViewController {
  /// The view model.
  public let viewModel: DashboardTransformViewModelProtocol
  /// What the hosted SwiftUI view shows.
  public let screenModel = DashboardScreenModel()
  /// The Router.
  public var present: (DashboardRoute) -> Void = { _ in }

  private let appearSubject = PassthroughSubject<Void, Never>()
  private let searchSubject = PassthroughSubject<String, Never>()
  private let favoriteSubject = PassthroughSubject<Int, Never>()
  private let markAllReadSubject = PassthroughSubject<Void, Never>()
  private var cancellables = Set<AnyCancellable>()

  /// A controller of `viewModel` (not loaded yet).
  public init(viewModel: DashboardTransformViewModelProtocol) {
    self.viewModel = viewModel
  }

  /// Connects the view's events to the view model and its outputs to the screen model.
  public func viewDidLoad() {
    let output = viewModel.transform(
      input: DashboardTransformInput(
        appear: appearSubject.eraseToAnyPublisher(), search: searchSubject.eraseToAnyPublisher(),
        toggleFavorite: favoriteSubject.eraseToAnyPublisher(), markAllRead: markAllReadSubject.eraseToAnyPublisher()))
    output.userName.assign(to: \.userName, on: screenModel).store(in: &cancellables)
    output.query.assign(to: \.query, on: screenModel).store(in: &cancellables)
    output.items.assign(to: \.items, on: screenModel).store(in: &cancellables)
    output.visibleItems.assign(to: \.visibleItems, on: screenModel).store(in: &cancellables)
    output.favoriteIDs.assign(to: \.favoriteIDs, on: screenModel).store(in: &cancellables)
    output.messages.assign(to: \.messages, on: screenModel).store(in: &cancellables)
    output.unreadCount.assign(to: \.unreadCount, on: screenModel).store(in: &cancellables)
    viewModel.routerSubject
      .sink { [unowned self] route in self.present(route) }
      .store(in: &cancellables)
  }

  /// The view appeared.
  public func viewDidAppear() { appearSubject.send(()) }
  /// The search text changed.
  public func searchTextDidChange(_ text: String) { searchSubject.send(text) }
  /// A favourite button was tapped.
  public func favoriteButtonTapped(id: Int) { favoriteSubject.send(id) }
  /// "Mark all read" was tapped.
  public func markAllReadTapped() { markAllReadSubject.send(()) }
}
