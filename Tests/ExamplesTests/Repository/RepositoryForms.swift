import Examples
import ExamplesLegacy
import Ferry
import FerryStore
import FerryTesting

/// What the two consumers of the place repository show.
struct PlaceScreens: Hashable, Sendable, CustomStringConvertible {
  /// The summary header (a consumer that stays legacy).
  var summary = PlaceSummaryViewModel.placeholder
  /// The detail screen (the consumer that is migrated).
  var detail = PlaceDetailViewState.idle

  var description: String { "{summary: \(summary), detail: \(detail)}" }
}

/// What the user did on either consumer.
enum PlaceCommand: Sendable, Equatable {
  /// The detail screen appeared.
  case appear
  /// Pull to refresh on the summary.
  case refreshSummary(String)
  /// Lookup from the detail screen.
  case refreshDetail(String)
}

/// Every form of the repository and its two consumers a team would ship.
enum RepositoryForm: String, CaseIterable, Sendable {
  /// The relay-based repository; both view models legacy.
  case legacy
  /// Step 1: the actor repository; both view models still legacy, on its `Observable`.
  case actorRepository
  /// Step 2: the actor repository; the detail screen migrated to a store on its async sequence, the summary still
  /// legacy on its `Observable`.
  case oneConsumerMigrated

  @MainActor
  func make(_ script: PlaceBackendScript) -> MakeScreenForm<PlaceScreens, PlaceCommand, Never> {
    { scheduler, time in
      switch self {
      case .legacy:
        let repository = PlaceRepository(
          dataSource: ScriptedPlaceDataSource(script: script, scheduler: scheduler), workScheduler: scheduler)
        return .legacyConsumers(rawValue, repository)
      case .actorRepository:
        let repository = AsyncPlaceRepository(
          dataSource: ScriptedAsyncPlaceDataSource(script: script, clock: time.clock))
        return .legacyConsumers(rawValue, repository)
      case .oneConsumerMigrated:
        let repository = AsyncPlaceRepository(
          dataSource: ScriptedAsyncPlaceDataSource(script: script, clock: time.clock))
        let summary = PlaceSummaryViewModel(repository: repository)
        let detail = VirtualStore(
          initialState: .idle, feature: PlaceDetailFeature(repository: repository), time: time)
        let detailView = ObservingView(detail.store)
        return ScreenForm(
          name: rawValue,
          attach: { onState, _ in
            var shown = PlaceScreens()
            let bag = DisposeBag()
            summary.title.drive(onNext: { title in
              shown.summary = title
              onState(shown)
            }).disposed(by: bag)
            detailView.onRender = { state in
              shown.detail = state
              onState(shown)
            }
            detailView.render()
            return bag
          },
          send: { command in
            switch command {
            case .appear: detail.send(.appear)
            case .refreshSummary(let key): time.executor.perform { summary.refresh(key: key) }
            case .refreshDetail(let key): detail.send(.refresh(key: key))
            }
          },
          settle: {
            detail.drain()
            detailView.renderIfInvalidated()
          })
      }
    }
  }
}

extension ScreenForm where State == PlaceScreens, Command == PlaceCommand, Effect == Never {
  /// Both legacy view models on `repository`, bound with `Driver`s.
  static func legacyConsumers(_ name: String, _ repository: some PlaceRepositoryInterface) -> ScreenForm {
    let summary = PlaceSummaryViewModel(repository: repository)
    let detail = PlaceDetailViewModel(repository: repository)
    return ScreenForm(
      name: name,
      attach: { onState, _ in
        var shown = PlaceScreens()
        let bag = DisposeBag()
        summary.title.drive(onNext: { title in
          shown.summary = title
          onState(shown)
        }).disposed(by: bag)
        detail.state.drive(onNext: { state in
          shown.detail = state
          onState(shown)
        }).disposed(by: bag)
        return bag
      },
      send: { command in
        switch command {
        case .appear: detail.dispatch(.appear)
        case .refreshSummary(let key): summary.refresh(key: key)
        case .refreshDetail(let key): detail.dispatch(.refresh(key: key))
        }
      },
      settle: {})
  }
}
