import ExamplesLegacy
import Ferry
import FerryStore

/// What the two consumers of the place repository show.
public struct PlaceScreens: Hashable, Sendable, CustomStringConvertible {
  /// The summary header (a consumer that stays legacy).
  public var summary = PlaceSummaryViewModel.placeholder
  /// The detail screen (the consumer that is migrated).
  public var detail = PlaceDetailViewState.idle

  /// What the consumers show.
  public init(summary: String = PlaceSummaryViewModel.placeholder, detail: PlaceDetailViewState = .idle) {
    self.summary = summary
    self.detail = detail
  }

  /// Both, for timelines.
  public var description: String { "{summary: \(summary), detail: \(detail)}" }
}

/// What the user did on either consumer.
public enum PlaceCommand: Sendable, Equatable {
  /// The detail screen appeared.
  case appear
  /// Pull to refresh on the summary.
  case refreshSummary(String)
  /// Lookup from the detail screen.
  case refreshDetail(String)
}

/// Every form of the repository and its two consumers a team would ship.
public enum RepositoryForm: String, CaseIterable, Sendable {
  /// The relay-based repository; both view models legacy.
  case legacy
  /// Step 1: the actor repository; both view models still legacy, on its `Observable`.
  case actorRepository
  /// Step 2: the actor repository; the detail screen migrated to a store on its async sequence, the summary still
  /// legacy on its `Observable`.
  case oneConsumerMigrated

  /// What the form is, for a person.
  public var summary: String {
    switch self {
    case .legacy: return "the relay repository, both view models legacy (Swift 5 mode)"
    case .actorRepository: return "the actor repository, both view models legacy on its Observable"
    case .oneConsumerMigrated: return "the actor repository: the detail store on its async sequence, the summary legacy"
    }
  }

  /// The form, over a backend that answers as `script` says.
  @MainActor
  public func make(_ script: PlaceBackendScript) -> MakeScreenForm<PlaceScreens, PlaceCommand, Never> {
    { time in
      switch self {
      case .legacy:
        let repository = PlaceRepository(
          dataSource: ScriptedPlaceDataSource(script: script, scheduler: time.scheduler), workScheduler: time.scheduler)
        return .legacyConsumers(rawValue, repository)
      case .actorRepository:
        let repository = AsyncPlaceRepository(
          dataSource: ScriptedAsyncPlaceDataSource(script: script, clock: time.clock))
        return .legacyConsumers(rawValue, repository)
      case .oneConsumerMigrated:
        let repository = AsyncPlaceRepository(
          dataSource: ScriptedAsyncPlaceDataSource(script: script, clock: time.clock))
        let summary = PlaceSummaryViewModel(repository: repository)
        let detail = SessionStore(
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
            case .refreshSummary(let key): time.perform { summary.refresh(key: key) }
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
  public static func legacyConsumers(_ name: String, _ repository: some PlaceRepositoryInterface) -> ScreenForm {
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

extension RepositoryForm {
  /// The demo's backend: Tokyo answers in 10 seconds, Kyoto in 20; any other key is not found.
  public static let demoBackend = PlaceBackendScript(answers: [
    "tokyo": .init(latency: 10, result: .success(PlaceDetail(key: "tokyo", name: "Tokyo Tower"))),
    "kyoto": .init(latency: 20, result: .success(PlaceDetail(key: "kyoto", name: "Kiyomizu-dera"))),
  ])

  /// The demo's session: the summary asks for Tokyo, the detail screen for an unknown place, the summary for Kyoto.
  public static let demoScript: [Timed<PlaceCommand>] = [
    Timed(time: 10, value: .appear), Timed(time: 20, value: .refreshSummary("tokyo")),
    Timed(time: 50, value: .refreshDetail("nowhere")), Timed(time: 70, value: .refreshSummary("kyoto")),
  ]

  /// Runs the demo session against every form, each on new virtual time from `makeTime`, and returns their
  /// timelines (``timelinesAgree(_:)`` says whether the migration kept the behaviour).
  @MainActor
  public static func demoSession(makeTime: @MainActor () -> any SessionTime) -> [ScreenTimeline<PlaceScreens, Never>] {
    allCases.map { form in
      let time = makeTime()
      return runSession(demoScript, time: time, form: form.make(demoBackend)(time))
    }
  }
}
