import CombineExamplesLegacy
import Examples
import ExamplesLegacy
import Ferry
import FerryStore

#if FERRY_OPENCOMBINE
import OpenCombine
import FerryOpenCombine
#elseif canImport(Combine)
import Combine
import FerryCombine
#endif

extension DashboardState {
  /// What the screen model holds, as the store's state.
  public init(_ model: DashboardScreenModel) {
    self.init(
      profile: ProfileSlice(userName: model.userName),
      catalog: CatalogSlice(query: model.query, items: model.items, favoriteIDs: model.favoriteIDs),
      inbox: InboxSlice(messages: model.messages, unreadCount: model.unreadCount))
  }
}

extension DashboardTransformOutput {
  /// The outputs as one state publisher, for a new view on the Combine view model: bridged into Ferry
  /// (`asInfallible()`), combined there (OpenCombine has no `combineLatest`) and bridged back (`publisher`).
  public var state: AnyPublisher<DashboardState, Never> {
    let catalog = Infallible.combineLatest(query.asInfallible(), items.asInfallible(), favoriteIDs.asInfallible()) {
      CatalogSlice(query: $0, items: $1, favoriteIDs: $2)
    }
    let inbox = Infallible.combineLatest(messages.asInfallible(), unreadCount.asInfallible()) {
      InboxSlice(messages: $0, unreadCount: $1)
    }
    return Infallible.combineLatest(userName.asInfallible(), catalog, inbox) {
      DashboardState(profile: ProfileSlice(userName: $0), catalog: $1, inbox: $2)
    }
    .publisher
  }
}

extension DashboardRoute {
  /// The route's effect on the store.
  public var effect: DashboardEffect {
    switch self {
    case .toast(let message): return .toast(message)
    }
  }
}

/// The view's events as subjects, for driving a `transform(input:)` from commands without the view controller.
public final class DashboardInputSubjects {
  /// The view appeared.
  public let appear = PassthroughSubject<Void, Never>()
  /// The search field.
  public let search = PassthroughSubject<String, Never>()
  /// A favourite button.
  public let toggleFavorite = PassthroughSubject<Int, Never>()
  /// The "mark all read" button.
  public let markAllRead = PassthroughSubject<Void, Never>()

  /// Subjects.
  public init() {}

  /// The subjects as the view model's input.
  public var input: DashboardTransformInput {
    DashboardTransformInput(
      appear: appear.eraseToAnyPublisher(), search: search.eraseToAnyPublisher(),
      toggleFavorite: toggleFavorite.eraseToAnyPublisher(), markAllRead: markAllRead.eraseToAnyPublisher())
  }

  /// Sends the event for a user command; commands between handlers have no input in the view model.
  public func send(_ command: DashboardCommand) {
    switch command {
    case .appear: appear.send(())
    case .catalog(.search(let query)): search.send(query)
    case .catalog(.toggleFavorite(let id)): toggleFavorite.send(id)
    case .inbox(.markAllRead): markAllRead.send(())
    case .profile, .catalog(.load), .inbox(.notify): break
    }
  }
}

extension DashboardViewController {
  /// Performs the user's gesture for `command`, as the person on the screen would.
  public func perform(_ command: DashboardCommand) {
    switch command {
    case .appear: viewDidAppear()
    case .catalog(.search(let query)): searchTextDidChange(query)
    case .catalog(.toggleFavorite(let id)): favoriteButtonTapped(id: id)
    case .inbox(.markAllRead): markAllReadTapped()
    case .profile, .catalog(.load), .inbox(.notify): break
    }
  }
}

/// Store first: the store behind the Combine view controller's `transform(input:)`. The outputs are the store's
/// key-path publishers (`publisher(\.profile.userName)`, … — the drop-ins for `$field`, emitted from each commit),
/// the routes its effects, the input publishers go to the store through its Combine façade. The view controller is
/// unchanged.
public final class DashboardStoreTransformViewModel: DashboardTransformViewModelProtocol {
  /// The store's effects as routes.
  public let routerSubject = PassthroughSubject<DashboardRoute, Never>()
  private let facade: CombineStoreFacade<DashboardFeature>
  private let output: DashboardTransformOutput
  private var cancellables = Set<AnyCancellable>()

  /// The old surface over `store`.
  @MainActor
  public init(store: Store<DashboardFeature>) {
    facade = store.combineFacade
    output = DashboardTransformOutput(
      userName: store.publisher(\.profile.userName),
      query: store.publisher(\.catalog.query),
      items: store.publisher(\.catalog.items),
      visibleItems: store.publisher(\.catalog.visibleItems),
      favoriteIDs: store.publisher(\.catalog.favoriteIDs),
      messages: store.publisher(\.inbox.messages),
      unreadCount: store.publisher(\.inbox.unreadCount))
    store.effectPublisher
      .map { effect -> DashboardRoute in
        switch effect {
        case .toast(let message): return .toast(message)
        }
      }
      .subscribe(routerSubject)
      .store(in: &cancellables)
  }

  /// Sends the view's events to the store as commands and returns the store's state as the old outputs.
  public func transform(input: DashboardTransformInput) -> DashboardTransformOutput {
    let facade = self.facade
    input.appear.sink { facade.dispatchCommand(.appear) }.store(in: &cancellables)
    input.search.sink { facade.dispatchCommand(.catalog(.search($0))) }.store(in: &cancellables)
    input.toggleFavorite.sink { facade.dispatchCommand(.catalog(.toggleFavorite(id: $0))) }.store(in: &cancellables)
    input.markAllRead.sink { facade.dispatchCommand(.inbox(.markAllRead)) }.store(in: &cancellables)
    return output
  }
}

/// A stand-in for the hosted SwiftUI view of the second generation: it reads the screen model when it renders, and
/// renders again only after the model's `objectWillChange` (SwiftUI's rule: the change is announced before it is
/// made, the view reads the model later).
@MainActor
public final class ScreenModelView {
  /// The screen model.
  public let model: DashboardScreenModel
  /// Called with what the view shows at each render.
  public var onRender: ((DashboardState) -> Void)?
  private var invalidated = false
  private var cancellable: AnyCancellable?

  /// A view of `model` (not rendered yet).
  public init(_ model: DashboardScreenModel) {
    self.model = model
    cancellable = model.objectWillChange.sink { [unowned self] _ in self.invalidated = true }
  }

  /// Reads the model and hands it to `onRender`.
  public func render() {
    invalidated = false
    onRender?(DashboardState(model))
  }

  /// Renders if the model announced a change since the last render.
  public func renderIfInvalidated() {
    if invalidated { render() }
  }
}
