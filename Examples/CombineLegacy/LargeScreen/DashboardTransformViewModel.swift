import Dispatch
import ExamplesLegacy

#if FERRY_OPENCOMBINE
import OpenCombine
import OpenCombineDispatch
#elseif canImport(Combine)
import Combine
#endif

/// Where the Router takes the user: the view controller subscribes to the view model's `routerSubject`.
public enum DashboardRoute: Equatable {
  /// Present a toast with this message.
  case toast(String)
}

/// What the dashboard's view controller needs from its view model: one `transform` from the input publishers to
/// the output publishers, and the routes to follow.
public protocol DashboardTransformViewModelProtocol: AnyObject {
  /// Where to navigate.
  var routerSubject: PassthroughSubject<DashboardRoute, Never> { get }
  /// Connects the view's events and returns what the view shows.
  func transform(input: DashboardTransformViewModel.Input) -> DashboardTransformViewModel.Output
}

/// The dashboard's view model (seed 001, first generation, UIKit + Combine): one `transform(input:)` turns the
/// view's event publishers into output publishers, the state kept in `CurrentValueSubject`s and changed by
/// publisher chains.
public final class DashboardTransformViewModel<S: Scheduler>: DashboardTransformViewModelProtocol {
  /// The view's events.
  public typealias Input = DashboardTransformInput
  /// What the view shows.
  public typealias Output = DashboardTransformOutput

  /// Where to navigate (toasts are presented by the Router).
  public let routerSubject = PassthroughSubject<DashboardRoute, Never>()

  private let interactor: DashboardInteractorProtocol
  private let uiScheduler: S
  private var cancellables = Set<AnyCancellable>()

  /// A view model over `interactor`, delivering its answers on `uiScheduler` (in the app, `DispatchQueue.main`).
  public init(interactor: DashboardInteractorProtocol, uiScheduler: S) {
    self.interactor = interactor
    self.uiScheduler = uiScheduler
  }

  /// Connects `input`; call once.
  public func transform(input: Input) -> Output {
    let userName = CurrentValueSubject<String?, Never>(nil)
    let query = CurrentValueSubject<String, Never>("")
    let items = CurrentValueSubject<[CatalogItem], Never>([])
    let visibleItems = CurrentValueSubject<[CatalogItem], Never>([])
    let favoriteIDs = CurrentValueSubject<[Int], Never>([])
    let messages = CurrentValueSubject<[String], Never>([])
    let unreadCount = CurrentValueSubject<Int, Never>(0)
    let routerSubject = self.routerSubject
    let interactor = self.interactor

    input.appear
      .map { _ in
        interactor.fetchUserName()
          .map { Optional($0) }
          .catch { _ -> Just<String?> in
            routerSubject.send(.toast("Could not load your profile"))
            return Just(nil)
          }
      }
      .switchToLatest()
      .receive(on: uiScheduler)
      .sink { userName.send($0) }
      .store(in: &cancellables)

    input.appear
      .map { _ in interactor.fetchCatalog().replaceError(with: []) }
      .switchToLatest()
      .receive(on: uiScheduler)
      .sink { items.send($0) }
      .store(in: &cancellables)

    input.search
      .assign(to: \.value, on: query)
      .store(in: &cancellables)

    // No `combineLatest` on every platform this code builds for (OpenCombine has none): each side recomputes.
    items
      .sink { visibleItems.send(DashboardViewModel.matching($0, query.value)) }
      .store(in: &cancellables)
    query
      .sink { visibleItems.send(DashboardViewModel.matching(items.value, $0)) }
      .store(in: &cancellables)

    input.toggleFavorite
      .compactMap { id in items.value.first { $0.id == id } }
      .sink { item in
        if favoriteIDs.value.contains(item.id) {
          favoriteIDs.send(favoriteIDs.value.filter { $0 != item.id })
        } else {
          favoriteIDs.send(favoriteIDs.value + [item.id])
          messages.send(messages.value + ["\(item.name) added to favorites"])
          unreadCount.send(unreadCount.value + 1)
        }
      }
      .store(in: &cancellables)

    input.markAllRead
      .sink { _ in
        unreadCount.send(0)
        routerSubject.send(.toast("All caught up"))
      }
      .store(in: &cancellables)

    return Output(
      userName: userName.eraseToAnyPublisher(),
      query: query.eraseToAnyPublisher(),
      items: items.eraseToAnyPublisher(),
      visibleItems: visibleItems.eraseToAnyPublisher(),
      favoriteIDs: favoriteIDs.eraseToAnyPublisher(),
      messages: messages.eraseToAnyPublisher(),
      unreadCount: unreadCount.eraseToAnyPublisher())
  }
}

/// The dashboard view's events.
public struct DashboardTransformInput {
  /// The view appeared.
  public let appear: AnyPublisher<Void, Never>
  /// The search field's text.
  public let search: AnyPublisher<String, Never>
  /// A vehicle's favourite button.
  public let toggleFavorite: AnyPublisher<Int, Never>
  /// The inbox's "mark all read" button.
  public let markAllRead: AnyPublisher<Void, Never>

  /// The events.
  public init(
    appear: AnyPublisher<Void, Never>, search: AnyPublisher<String, Never>, toggleFavorite: AnyPublisher<Int, Never>,
    markAllRead: AnyPublisher<Void, Never>
  ) {
    self.appear = appear
    self.search = search
    self.toggleFavorite = toggleFavorite
    self.markAllRead = markAllRead
  }
}

/// What the dashboard view shows: each output publishes its current value on subscription, then every change.
public struct DashboardTransformOutput {
  /// The signed-in user's name, once loaded.
  public let userName: AnyPublisher<String?, Never>
  /// The search text.
  public let query: AnyPublisher<String, Never>
  /// The whole catalog.
  public let items: AnyPublisher<[CatalogItem], Never>
  /// The vehicles matching the search.
  public let visibleItems: AnyPublisher<[CatalogItem], Never>
  /// The favourite vehicles' ids, in the order they were added.
  public let favoriteIDs: AnyPublisher<[Int], Never>
  /// The inbox's messages.
  public let messages: AnyPublisher<[String], Never>
  /// The inbox's unread count.
  public let unreadCount: AnyPublisher<Int, Never>

  /// The outputs.
  public init(
    userName: AnyPublisher<String?, Never>, query: AnyPublisher<String, Never>,
    items: AnyPublisher<[CatalogItem], Never>, visibleItems: AnyPublisher<[CatalogItem], Never>,
    favoriteIDs: AnyPublisher<[Int], Never>, messages: AnyPublisher<[String], Never>,
    unreadCount: AnyPublisher<Int, Never>
  ) {
    self.userName = userName
    self.query = query
    self.items = items
    self.visibleItems = visibleItems
    self.favoriteIDs = favoriteIDs
    self.messages = messages
    self.unreadCount = unreadCount
  }
}

#if FERRY_OPENCOMBINE
extension DashboardTransformViewModel where S == DispatchQueue.OCombine {
  /// The app's view model: delivers on the main queue.
  public convenience init(interactor: DashboardInteractorProtocol) {
    self.init(interactor: interactor, uiScheduler: DispatchQueue.main.ocombine)
  }
}
#elseif canImport(Combine)
extension DashboardTransformViewModel where S == DispatchQueue {
  /// The app's view model: delivers on the main queue.
  public convenience init(interactor: DashboardInteractorProtocol) {
    self.init(interactor: interactor, uiScheduler: DispatchQueue.main)
  }
}
#endif
