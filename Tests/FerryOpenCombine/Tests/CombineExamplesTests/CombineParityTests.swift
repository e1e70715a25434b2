import CombineExamples
import CombineExamplesLegacy
import Examples
import ExamplesLegacy
import Ferry
import FerryOpenCombine
import FerryStore
import FerryTesting
import OpenCombine
import Testing

/// The Combine-era view models against the stores they migrate to, element by element (`expectStoreParity`): the
/// Combine side on the parity run's `TestScheduler` through `asCombineScheduler()`, its publishers read through
/// `asInfallible()` as the view controller's sinks would see them.
@MainActor
@Suite("Combine-era screens: parity with the migrated stores")
struct CombineParityTests {
  @Test("seed 002: the Combine TODO view model and the store, same commands, same timelines")
  func todo() {
    let backend = TodoSuite.backend
    expectStoreParity(
      commands: TodoSuite.session,
      legacy: { scheduler in
        let viewModel = CombineTodoForm.viewModel(backend, scheduler.asCombineScheduler())
        return ParitySide(
          state: viewModel.$taskCellViewModels.map { TodoListState(tasks: $0.map(\.task)) }.asInfallible().asDriver(),
          effect: viewModel.errorMessage.map { TodoEffect.showError($0) }.asInfallible().asSignal(),
          dispatch: { viewModel.dispatch($0) })
      },
      migrated: { scheduler in
        .store(
          initialState: TodoListState(),
          feature: TodoFeature(
            repository: ScriptedTodoRepository(script: backend, clock: AsyncVirtualTime(scheduler).clock)),
          scheduler: scheduler)
      })
  }

  @Test("seed 004: the Combine detail screen model and the detail store")
  func repositoryDetail() {
    let backend = RepositorySuite.backend
    expectStoreParity(
      commands: [.next(10, .appear), .next(20, .refresh(key: "tokyo")), .next(50, .refresh(key: "nowhere"))],
      legacy: { scheduler in
        let combine = scheduler.asCombineScheduler()
        let repository = PlaceSubjectRepository(
          dataSource: ScriptedPlaceDetailDataSource(script: backend, scheduler: combine), workScheduler: combine)
        let model = PlaceDetailScreenModel(repository: repository)
        return ParitySide(
          state: model.$state.asInfallible().asDriver(), effect: Signal<Never>.empty(),
          dispatch: { (command: PlaceDetailCommand) in
            switch command {
            case .appear: model.onAppear()
            case .refresh(let key): model.refresh(key: key)
            }
          })
      },
      migrated: { scheduler in
        let repository = AsyncPlaceRepository(
          dataSource: ScriptedAsyncPlaceDataSource(script: backend, clock: AsyncVirtualTime(scheduler).clock))
        return .store(initialState: .idle, feature: PlaceDetailFeature(repository: repository), scheduler: scheduler)
      })
  }
}
