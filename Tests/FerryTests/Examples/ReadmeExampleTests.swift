import Ferry
import FerryTesting
import Testing

// The README's example, verbatim apart from the declarations it assumes; this test keeps it compiling and true.

enum ViewState: Equatable, Sendable {
  case loading
  case loaded([String])
  case failed
}

struct SettingsAPI: Sendable {
  let scheduler: TestScheduler
  let answers: [Single<[String]>]
  let calls = LockedBox(0)

  func fetch() -> Single<[String]> {
    let call = calls.withLock { count -> Int in
      defer { count += 1 }
      return count
    }
    return answers[call]
  }
}

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

@MainActor
@Suite("README example")
struct ReadmeExampleTests {
  @Test func settingsViewModelLoadsAndRecovers() {
    let scheduler = TestScheduler(initialClock: 0)
    SharingScheduler.mock(scheduler: scheduler) {
      let reloads = scheduler.createHotObservable([.next(210, ()), .next(300, ())])
      let api = SettingsAPI(
        scheduler: scheduler,
        answers: [
          .just(["a", "b"]),
          .error(TestError()),
        ])
      let viewModel = SettingsViewModel(reload: reloads.asSignal(onErrorSignalWith: .empty()), api: api)
      let observer = scheduler.start { viewModel.viewState.asObservable() }
      // Each sharing-scheduler hop costs one tick on a TestScheduler: the reload Signal's, then the Driver's.
      #expect(
        observer.events == [
          .next(201, .loading),
          .next(212, .loaded(["a", "b"])),
          .next(302, .failed),
        ])
      #expect(api.calls.current == 2)
    }
  }
}
