import Examples
import ExamplesLegacy
import Ferry
import FerryStore
import FerryTesting
import Testing

/// Seed 004's repository (input without a result, output of the latest `Result`) and its two consumers: one suite
/// over every form, and the actor repository's two outputs checked against each other.
@MainActor
@Suite("Repository (seed 004)")
struct RepositorySuite {
  static let tokyo = PlaceDetail(key: "tokyo", name: "Tokyo Tower")
  static let kyoto = PlaceDetail(key: "kyoto", name: "Kiyomizu-dera")
  static let backend = PlaceBackendScript(answers: [
    "tokyo": .init(latency: 10, result: .success(tokyo)),
    "kyoto": .init(latency: 20, result: .success(kyoto)),
  ])

  /// The summary asks for Tokyo, the detail screen for an unknown place, the summary for Kyoto.
  static let session: [Recorded<Event<PlaceCommand>>] = [
    .next(10, .appear), .next(20, .refreshSummary("tokyo")), .next(50, .refreshDetail("nowhere")),
    .next(70, .refreshSummary("kyoto")),
  ]

  @Test("both consumers show every result, whoever asked for it", arguments: RepositorySuiteForm.allCases)
  func bothConsumersSeeTheSameValues(form: RepositorySuiteForm) {
    let run = runScreen(Self.session, form: form.make(Self.backend))
    expectMarbles(
      run.states, "a--b--c--d",
      values: [
        "a": PlaceScreens(),
        "b": PlaceScreens(summary: "Tokyo Tower", detail: .loaded(Self.tokyo)),
        "c": PlaceScreens(summary: "Unavailable", detail: .failed(.notFound(key: "nowhere"))),
        "d": PlaceScreens(summary: "Kiyomizu-dera", detail: .loaded(Self.kyoto)),
      ])
  }

  @Test("the migrated consumer, appearing late, gets the latest result at once")
  func lateConsumerGetsCurrentValue() {
    let run = runScreen(
      [.next(20, .refreshSummary("tokyo")), .next(40, .appear)],
      form: RepositoryForm.oneConsumerMigrated.make(Self.backend))
    expectMarbles(
      run.states, "a--bc",
      values: [
        "a": PlaceScreens(),
        "b": PlaceScreens(summary: "Tokyo Tower", detail: .idle),
        "c": PlaceScreens(summary: "Tokyo Tower", detail: .loaded(Self.tokyo)),
      ])
  }

  @Test("the actor's async sequence and its Observable deliver the same values at the same times")
  func oneSourceOfTruth() {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let time = AsyncVirtualTime(scheduler)
    let repository = AsyncPlaceRepository(
      dataSource: ScriptedAsyncPlaceDataSource(script: Self.backend, clock: time.clock))
    time.schedule(at: 100) { await repository.refresh(key: "tokyo") }
    time.schedule(at: 230) { await repository.refresh(key: "nowhere") }
    time.schedule(at: 300) { await repository.refresh(key: "kyoto") }
    let observed = scheduler.createObserver(PlaceResult.self)
    let bag = DisposeBag()
    scheduler.scheduleAt(200) { repository.observe().subscribe(observed).disposed(by: bag) }
    let iterated = time.record(subscribed: 200) { repository.results }
    scheduler.start()
    let expected = "<@200>a---b-------c"
    let values: [String: PlaceResult] = [
      "a": .success(Self.tokyo), "b": .failure(.notFound(key: "nowhere")), "c": .success(Self.kyoto),
    ]
    expectMarbles(observed.events, expected, values: values)
    expectMarbles(iterated.events, expected, values: values)
  }

  @Test("TestStore: the migrated detail screen follows the results and starts lookups")
  func detailStore() async {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let repository = AsyncPlaceRepository(
      dataSource: ScriptedAsyncPlaceDataSource(script: Self.backend, clock: AsyncVirtualTime(scheduler).clock))
    let store = TestStore(
      initialState: .idle, feature: PlaceDetailFeature(repository: repository), scheduler: scheduler)
    await store.send(.appear)
    await store.send(.refresh(key: "tokyo"))
    await store.receive(.received(.success(Self.tokyo))) { $0 = .loaded(Self.tokyo) }
    #expect(scheduler.clock == 10)
    // Following the results never ends by itself: the screen going away cancels it.
    #expect(store.inFlightWorkCount == 1)
    store.cancelInFlightWork()
    await store.finish()
  }

  @Test("demo session: every form shows the same timeline")
  func demoSession() {
    let timelines = RepositorySuiteForm.demoSession(makeTime: { TestSessionTime() })
    #expect(timelines.map(\.form) == RepositorySuiteForm.allCases.map(\.rawValue))
    #expect(timelinesAgree(timelines), "\(timelines.map(\.lines))")
    #expect(ScreenRun(timelines[0]).states.map(\.time) == [0, 30, 60, 90])
  }

  @Test("parity: the legacy detail view model and the detail store")
  func parity() {
    expectStoreParity(
      commands: [.next(10, .appear), .next(20, .refresh(key: "tokyo")), .next(50, .refresh(key: "nowhere"))],
      legacy: { scheduler in
        let repository = PlaceRepository(
          dataSource: ScriptedPlaceDataSource(script: Self.backend, scheduler: scheduler), workScheduler: scheduler)
        let viewModel = PlaceDetailViewModel(repository: repository)
        return ParitySide(
          state: viewModel.state, effect: Signal<Never>.empty(), dispatch: { viewModel.dispatch($0) })
      },
      migrated: { scheduler in
        let repository = AsyncPlaceRepository(
          dataSource: ScriptedAsyncPlaceDataSource(script: Self.backend, clock: AsyncVirtualTime(scheduler).clock))
        return .store(initialState: .idle, feature: PlaceDetailFeature(repository: repository), scheduler: scheduler)
      })
  }
}
