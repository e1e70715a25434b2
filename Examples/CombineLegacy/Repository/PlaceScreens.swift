import ExamplesLegacy

#if FERRY_OPENCOMBINE
import OpenCombine
#elseif canImport(Combine)
import Combine
#endif

/// The place summary (a list header): the name of the latest place, or why there is none.
public final class PlaceSummaryScreenModel: ObservableObject {
  /// The header text.
  @Published public private(set) var title = PlaceSummaryViewModel.placeholder
  private let repository: PlaceRepositoryInterfaces
  private var cancellables = Set<AnyCancellable>()

  /// A summary of `repository`'s results.
  public init(repository: PlaceRepositoryInterfaces) {
    self.repository = repository
    repository.output.observe()
      .map { PlaceSummaryViewModel.title(for: $0) }
      .sink { [weak self] title in self?.title = title }
      .store(in: &cancellables)
  }

  /// Pull to refresh with `key`.
  public func refresh(key: String) {
    repository.input.fetch(key: key)
  }
}

/// What the detail view controller binds to, so that a store can stand behind it.
public protocol PlaceDetailScreenModelProtocol: AnyObject {
  /// The view state: the current one on subscription, then every change.
  var statePublisher: AnyPublisher<PlaceDetailViewState, Never> { get }
  /// The screen appeared.
  func onAppear()
  /// Looks up `key`.
  func refresh(key: String)
}

/// The place detail screen's model: the latest result as a view state.
public final class PlaceDetailScreenModel: ObservableObject, PlaceDetailScreenModelProtocol {
  /// The view state.
  @Published public private(set) var state = PlaceDetailViewState.idle
  private let repository: PlaceRepositoryInterfaces
  private var cancellables = Set<AnyCancellable>()

  /// A detail screen over `repository`'s results.
  public init(repository: PlaceRepositoryInterfaces) {
    self.repository = repository
    repository.output.observe()
      .map { PlaceDetailViewState($0) }
      .sink { [weak self] state in self?.state = state }
      .store(in: &cancellables)
  }

  /// `$state`.
  public var statePublisher: AnyPublisher<PlaceDetailViewState, Never> { $state.eraseToAnyPublisher() }

  /// Nothing to do: the model follows the results from its creation.
  public func onAppear() {}

  /// Looks up `key`.
  public func refresh(key: String) {
    repository.input.fetch(key: key)
  }
}

/// The summary header's view controller, without UIKit: `render` stands for setting the label.
@MainActor
public final class PlaceSummaryViewController<S: Scheduler> {
  /// The model.
  public let model: PlaceSummaryScreenModel
  /// Sets the header label.
  public var render: (String) -> Void = { _ in }
  private let uiScheduler: S
  private var cancellables = Set<AnyCancellable>()

  /// A controller of `model`, updating the view on `uiScheduler` (in the app, `DispatchQueue.main`).
  public init(model: PlaceSummaryScreenModel, uiScheduler: S) {
    self.model = model
    self.uiScheduler = uiScheduler
  }

  /// Binds the model to the view.
  public func viewDidLoad() {
    model.$title
      .receive(on: uiScheduler)
      .sink { [unowned self] title in self.render(title) }
      .store(in: &cancellables)
  }
}

/// The detail screen's view controller, without UIKit: `render` stands for applying a diffable-data-source
/// snapshot.
@MainActor
public final class PlaceDetailViewController<S: Scheduler> {
  /// The model.
  public let model: PlaceDetailScreenModelProtocol
  /// Applies the state to the view.
  public var render: (PlaceDetailViewState) -> Void = { _ in }
  private let uiScheduler: S
  private var cancellables = Set<AnyCancellable>()

  /// A controller of `model`, updating the view on `uiScheduler` (in the app, `DispatchQueue.main`).
  public init(model: PlaceDetailScreenModelProtocol, uiScheduler: S) {
    self.model = model
    self.uiScheduler = uiScheduler
  }

  /// Binds the model to the view.
  public func viewDidLoad() {
    model.statePublisher
      .receive(on: uiScheduler)
      .sink { [unowned self] state in self.render(state) }
      .store(in: &cancellables)
  }

  /// The view appeared.
  public func viewDidAppear() {
    model.onAppear()
  }

  /// The user asked for `key`.
  public func search(key: String) {
    model.refresh(key: key)
  }
}
