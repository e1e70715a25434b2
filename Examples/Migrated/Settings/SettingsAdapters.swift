import ExamplesLegacy
import Ferry
import FerryStore

extension ViewState where Content == SettingsProperty, Failure == SettingsFailure {
  /// The store's state for the legacy view state.
  public init(_ legacy: SettingsViewState) {
    switch legacy {
    case .initialLoading: self = .loading
    case .success(let property): self = .completed(property)
    case .error(let isLoading): self = .failed(.unreachable(retrying: isLoading))
    }
  }
}

extension SettingsViewState {
  /// The legacy view state for the store's state, for a legacy view on the store.
  public init(_ state: SettingsScreenState) {
    switch state {
    case .loading: self = .initialLoading
    case .completed(let property): self = .success(property: property)
    case .failed(.unreachable(let retrying)): self = .error(isLoading: retrying)
    }
  }
}

/// Migration step 2 (the store first): the store behind the legacy view's protocol, through its legacy façade and
/// command observer. The view and its bindings do not change.
public final class SettingsStoreViewModel: SettingsViewModelType {
  /// The view state, from the store's commits.
  public let viewState: Driver<SettingsViewState>
  /// Save failures, from the store's effects.
  public let saveFailed: Signal<String>
  /// The view loaded.
  public let viewDidLoad = PublishRelay<Void>()
  /// The retry button.
  public let retryTapped = PublishRelay<Void>()
  /// The notifications switch.
  public let notificationsToggled = PublishRelay<Bool>()
  /// The theme picker.
  public let themeSelected = PublishRelay<SettingsTheme>()
  private let disposeBag = DisposeBag()

  /// The legacy surface over `store`.
  @MainActor
  public init(store: Store<SettingsFeature>) {
    let facade = store.legacyFacade
    viewState = facade.state.map { SettingsViewState($0) }
    saveFailed = facade.effect.map { effect in
      switch effect {
      case .saveFailed(let message): return message
      }
    }
    let commands = store.commandObserver
    disposeBag.insert {
      viewDidLoad.map { SettingsCommand.appear }.bind(to: commands)
      retryTapped.map { SettingsCommand.retry }.bind(to: commands)
      notificationsToggled.map { SettingsCommand.setNotifications($0) }.bind(to: commands)
      themeSelected.map { SettingsCommand.setTheme($0) }.bind(to: commands)
    }
  }
}

extension SettingsViewModelType {
  /// Migration step 2 (the view first): the legacy view model as a `ViewStore`, for a new SwiftUI settings view.
  @MainActor
  public func viewStore() -> StreamViewStore<SettingsScreenState, SettingsCommand, SettingsEffect> {
    StreamViewStore(
      state: viewState.map { SettingsScreenState($0) },
      currentState: .loading,
      effect: saveFailed.map { SettingsEffect.saveFailed($0) },
      dispatch: { [self] command in self.dispatch(command) })
  }

  /// Feeds the input relay for `command`.
  public func dispatch(_ command: SettingsCommand) {
    switch command {
    case .appear: viewDidLoad.accept(())
    case .retry: retryTapped.accept(())
    case .setNotifications(let enabled): notificationsToggled.accept(enabled)
    case .setTheme(let theme): themeSelected.accept(theme)
    }
  }
}
