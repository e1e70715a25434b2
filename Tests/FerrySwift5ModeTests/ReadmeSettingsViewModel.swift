// snippet: settings-view-model
import Ferry  // was: import RxSwift; import RxRelay; import RxCocoa

final class SettingsViewModel {
  let viewState: Driver<ViewState>
  private let state = BehaviorRelay<ViewState>(value: .loading)
  private let disposeBag = DisposeBag()

  init(reload: Signal<Void>, api: SettingsAPI) {
    viewState = state.asDriver()
    reload.asObservable()
      .flatMapLatest { api.fetch().map(ViewState.loaded).catchAndReturn(.failed).asObservable() }
      .bind(to: state)
      .disposed(by: disposeBag)
  }
}
// end snippet: settings-view-model
