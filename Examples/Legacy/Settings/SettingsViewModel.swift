import Ferry

/// What the settings screen shows (seed 003): one enum instead of a handful of flags.
public enum SettingsViewState: Equatable {
  /// The first load is running.
  case initialLoading
  /// Loaded.
  case success(property: SettingsProperty)
  /// Loading failed; `isLoading` while a retry runs.
  case error(isLoading: Bool)
}

/// What the settings view binds to: one `Driver` of the view state, a `Signal` of messages, and input relays.
public protocol SettingsViewModelType: AnyObject {
  /// The view state.
  var viewState: Driver<SettingsViewState> { get }
  /// A message when a change could not be saved.
  var saveFailed: Signal<String> { get }
  /// The view loaded.
  var viewDidLoad: PublishRelay<Void> { get }
  /// The error view's retry button.
  var retryTapped: PublishRelay<Void> { get }
  /// The notifications switch.
  var notificationsToggled: PublishRelay<Bool> { get }
  /// The theme picker.
  var themeSelected: PublishRelay<SettingsTheme> { get }
}

/// The settings view model as the team wrote it: a `BehaviorRelay<SettingsViewState>` driven by `withLatestFrom`
/// chains and exposed with `asDriver(onErrorDriveWith: .empty())`.
///
/// **The seed's known risk, kept on purpose.** Each save chain reads the view state with `withLatestFrom` when the
/// user acts and writes back that snapshot, changed, when the backend answers. Two saves in flight each write a
/// state that does not contain the other's change: whichever answers last wins and the other update is lost.
public final class SettingsViewModel: SettingsViewModelType {
  /// The view state.
  public let viewState: Driver<SettingsViewState>
  /// Save failures.
  public let saveFailed: Signal<String>
  /// The view loaded.
  public let viewDidLoad = PublishRelay<Void>()
  /// The retry button.
  public let retryTapped = PublishRelay<Void>()
  /// The notifications switch.
  public let notificationsToggled = PublishRelay<Bool>()
  /// The theme picker.
  public let themeSelected = PublishRelay<SettingsTheme>()

  private let _viewState = BehaviorRelay<SettingsViewState>(value: .initialLoading)
  private let _saveFailed = PublishRelay<String>()
  private let _disposeBag = DisposeBag()

  /// A view model over `api`.
  public init(api: SettingsAPI) {
    viewState = _viewState.asDriver(onErrorDriveWith: .empty())
    saveFailed = _saveFailed.asSignal()

    // Retry only from the idle error view: show the error view loading, then load again.
    let retry =
      retryTapped
      .withLatestFrom(_viewState)
      .filter { $0 == .error(isLoading: false) }
      .share()
    retry
      .map { _ in SettingsViewState.error(isLoading: true) }
      .bind(to: _viewState)
      .disposed(by: _disposeBag)

    Observable.merge(viewDidLoad.asObservable(), retry.map { _ in () })
      .flatMapLatest { _ in
        api.fetchSettings().asObservable()
          .map { SettingsViewState.success(property: $0) }
          .catchAndReturn(.error(isLoading: false))
      }
      .bind(to: _viewState)
      .disposed(by: _disposeBag)

    notificationsToggled
      .withLatestFrom(_viewState) { enabled, state in (enabled, state) }
      .flatMap { [_saveFailed] enabled, state -> Observable<SettingsViewState> in
        guard case .success(var property) = state else { return .empty() }
        return api.updateNotifications(enabled).asObservable()
          .map { saved in
            property.notificationsEnabled = saved
            return .success(property: property)
          }
          .catch { _ in
            _saveFailed.accept("Could not save notifications")
            return .empty()
          }
      }
      .bind(to: _viewState)
      .disposed(by: _disposeBag)

    themeSelected
      .withLatestFrom(_viewState) { theme, state in (theme, state) }
      .flatMap { [_saveFailed] theme, state -> Observable<SettingsViewState> in
        guard case .success(var property) = state else { return .empty() }
        return api.updateTheme(theme).asObservable()
          .map { saved in
            property.theme = saved
            return .success(property: property)
          }
          .catch { _ in
            _saveFailed.accept("Could not save the theme")
            return .empty()
          }
      }
      .bind(to: _viewState)
      .disposed(by: _disposeBag)
  }
}
