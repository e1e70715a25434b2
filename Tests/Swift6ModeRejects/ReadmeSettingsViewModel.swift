// Not part of any target: `scripts/swift6-rejects-check.sh` type-checks it in Swift 6 language mode. README.md's
// relay-based view model with a `SettingsAPI` that is not `Sendable` (as an RxSwift-era codebase declares it):
// it compiles in Swift 5 mode (Tests/FerrySwift5ModeTests/ReadmeSettingsExample.swift), and in Swift 6 mode only
// once `SettingsAPI` is `Sendable` (Tests/DocExamplesTests/ReadmeSettingsExample.swift), as the README says.
import Ferry

enum ViewState: Equatable, Sendable {
  case loading, loaded(String), failed
}

protocol SettingsAPI {
  func fetch() -> Single<String>
}

final class SettingsViewModel {
  let viewState: Driver<ViewState>
  private let state = BehaviorRelay<ViewState>(value: .loading)
  private let disposeBag = DisposeBag()

  init(reload: Signal<Void>, api: SettingsAPI) {
    viewState = state.asDriver()
    reload.asObservable()
      .flatMapLatest {
        api  // expect-diagnostic: capture of 'api' with non-Sendable type
          .fetch().map(ViewState.loaded).catchAndReturn(.failed).asObservable()
      }
      .bind(to: state)
      .disposed(by: disposeBag)
  }
}
