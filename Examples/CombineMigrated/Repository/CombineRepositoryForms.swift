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

/// Every form of seed 004's repository and its two consumers starting from the Combine repository, ending on the
/// root's form with the detail screen on a store.
public enum CombineRepositoryForm: String, CaseIterable, Sendable {
  /// The `CurrentValueSubject` repository; both screen models and view controllers Combine.
  case combineLegacy
  /// Step 1: the actor repository behind the Combine protocols; both consumers still Combine.
  case combineOnActorRepository
  /// Step 2, view first: a new detail view (Observation) on the Combine detail model, through `StreamViewStore`.
  case newDetailViewOnCombineModel
  /// Step 2, store first: the Combine detail view controller on the detail store (`statePublisher`, the façade).
  case combineDetailViewOnStore
  /// Step 3: the new detail view on the store, the summary still legacy (the root's `oneConsumerMigrated`).
  case oneConsumerMigrated

  /// What the form is, for a person.
  public var summary: String {
    switch self {
    case .combineLegacy: return "the CurrentValueSubject repository, both consumers Combine (Swift 5 mode)"
    case .combineOnActorRepository: return "the actor repository behind the Combine protocols, both consumers Combine"
    case .newDetailViewOnCombineModel: return "an Observation detail view on the Combine model (StreamViewStore)"
    case .combineDetailViewOnStore: return "the Combine detail view controller on the detail store (statePublisher)"
    case .oneConsumerMigrated: return "the actor repository: the detail store on its async sequence, the summary legacy"
    }
  }

  /// The form, over a backend that answers as `script` says.
  @MainActor
  public func make(_ script: PlaceBackendScript) -> MakeScreenForm<PlaceScreens, PlaceCommand, Never> {
    { time in
      let scheduler = time.combineScheduler
      switch self {
      case .combineLegacy:
        let repository = Self.subjectRepository(script, scheduler)
        return .combineConsumers(
          rawValue, summary: PlaceSummaryScreenModel(repository: repository),
          detail: PlaceDetailScreenModel(repository: repository), uiScheduler: scheduler)
      case .combineOnActorRepository:
        let repository = CombinePlaceRepository(Self.actorRepository(script, time))
        return .combineConsumers(
          rawValue, summary: PlaceSummaryScreenModel(repository: repository),
          detail: PlaceDetailScreenModel(repository: repository), uiScheduler: scheduler, perform: time.perform)
      case .newDetailViewOnCombineModel:
        let repository = Self.subjectRepository(script, scheduler)
        let detail = PlaceDetailScreenModel(repository: repository).viewStore()
        return .combineSummary(
          rawValue, PlaceSummaryScreenModel(repository: repository), uiScheduler: scheduler, detail: detail,
          time: time, send: { detail.send($0) })
      case .combineDetailViewOnStore:
        let actor = Self.actorRepository(script, time)
        let detail = SessionStore(initialState: .idle, feature: PlaceDetailFeature(repository: actor), time: time)
        return .combineConsumers(
          rawValue, summary: PlaceSummaryScreenModel(repository: CombinePlaceRepository(actor)),
          detail: PlaceDetailStoreScreenModel(store: detail.store), uiScheduler: scheduler, settle: detail.drain,
          perform: time.perform)
      case .oneConsumerMigrated:
        return RepositoryForm.oneConsumerMigrated.make(script)(time)
      }
    }
  }

  /// The Combine repository over the scripted data source, both on `scheduler`.
  @MainActor
  public static func subjectRepository<S: Scheduler>(
    _ script: PlaceBackendScript, _ scheduler: S
  ) -> PlaceSubjectRepository<S> {
    PlaceSubjectRepository(
      dataSource: ScriptedPlaceDetailDataSource(script: script, scheduler: scheduler), workScheduler: scheduler)
  }

  /// The root's actor repository over the scripted data source, sleeping on `time`'s clock.
  @MainActor
  public static func actorRepository(_ script: PlaceBackendScript, _ time: any SessionTime) -> AsyncPlaceRepository {
    AsyncPlaceRepository(dataSource: ScriptedAsyncPlaceDataSource(script: script, clock: time.clock))
  }
}

extension ScreenForm where State == PlaceScreens, Command == PlaceCommand, Effect == Never {
  /// Both Combine view controllers: the summary on `summary`, the detail on `detail`, updating on `uiScheduler`.
  public static func combineConsumers<S: Scheduler>(
    _ name: String, summary: PlaceSummaryScreenModel, detail: some PlaceDetailScreenModelProtocol, uiScheduler: S,
    settle: @escaping () -> Void = {}, perform: @escaping (() -> Void) -> Void = { $0() }
  ) -> ScreenForm {
    let summaryViewController = PlaceSummaryViewController(model: summary, uiScheduler: uiScheduler)
    let detailViewController = PlaceDetailViewController(model: detail, uiScheduler: uiScheduler)
    return ScreenForm(
      name: name,
      attach: { onState, _ in
        var shown = PlaceScreens()
        summaryViewController.render = { title in
          shown.summary = title
          onState(shown)
        }
        detailViewController.render = { state in
          shown.detail = state
          onState(shown)
        }
        summaryViewController.viewDidLoad()
        detailViewController.viewDidLoad()
        return (summaryViewController, detailViewController)
      },
      send: { command in
        perform {
          switch command {
          case .appear: detailViewController.viewDidAppear()
          case .refreshSummary(let key): summary.refresh(key: key)
          case .refreshDetail(let key): detailViewController.search(key: key)
          }
        }
      },
      settle: settle)
  }

  /// The Combine summary view controller beside a new detail view on `detail` (a `ViewStore`).
  public static func combineSummary<S: Scheduler, Detail: ViewStore>(
    _ name: String, _ summary: PlaceSummaryScreenModel, uiScheduler: S, detail: Detail, time: any SessionTime,
    send: @escaping (PlaceDetailCommand) -> Void
  ) -> ScreenForm where Detail.State == PlaceDetailViewState {
    let summaryViewController = PlaceSummaryViewController(model: summary, uiScheduler: uiScheduler)
    let detailView = ObservingView(detail)
    return ScreenForm(
      name: name,
      attach: { onState, _ in
        var shown = PlaceScreens()
        summaryViewController.render = { title in
          shown.summary = title
          onState(shown)
        }
        detailView.onRender = { state in
          shown.detail = state
          onState(shown)
        }
        summaryViewController.viewDidLoad()
        detailView.render()
        return summaryViewController
      },
      send: { command in
        switch command {
        case .appear: send(.appear)
        case .refreshSummary(let key): summary.refresh(key: key)
        case .refreshDetail(let key): send(.refresh(key: key))
        }
      },
      settle: { detailView.renderIfInvalidated() })
  }
}

extension CombineRepositoryForm {
  /// Runs the root's demo session of the repository against every form, each on new virtual time from `makeTime`.
  @MainActor
  public static func demoSession(makeTime: @MainActor () -> any SessionTime) -> [ScreenTimeline<PlaceScreens, Never>] {
    allCases.map { form in
      let time = makeTime()
      return runSession(RepositoryForm.demoScript, time: time, form: form.make(RepositoryForm.demoBackend)(time))
    }
  }
}
