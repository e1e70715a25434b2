import Examples
import ExamplesLegacy
import Ferry
import FerryStore
import FerryTesting

/// Every form of the TODO list a team would ship, from the legacy view model to the store.
enum TodoForm: String, CaseIterable, Sendable {
  /// The legacy view model on the legacy `Single` repository (its schedulers injected).
  case legacy
  /// Step 1: the legacy view model on the actor repository, bridged with `Single { try await … }`.
  case legacyOnActorRepository
  /// Step 2, view first: a new view (Observation) on the legacy view model, through `StreamViewStore`.
  case newViewOnLegacyViewModel
  /// Step 2, store first: the old view controller's bindings on the store, through `LegacyStoreFacade`.
  case oldViewOnStore
  /// Step 3: the new view on the store.
  case store

  static let initialState = TodoListState()

  /// The form, talking to a backend that answers as `script` says.
  @MainActor
  func make(_ script: TodoBackendScript) -> MakeScreenForm<TodoListState, TodoCommand, TodoEffect> {
    { scheduler, time in
      switch self {
      case .legacy:
        let viewModel = TodoListViewModel(
          taskRepository: ScriptedTodoTaskRepository(script: script, scheduler: scheduler),
          workScheduler: scheduler, uiScheduler: scheduler)
        return .rxBound(viewModel, rawValue)
      case .legacyOnActorRepository:
        let repository = ScriptedTodoRepository(script: script, clock: time.clock)
        let viewModel = TodoListViewModel(
          taskRepository: SingleTodoTaskRepository(repository), workScheduler: scheduler, uiScheduler: scheduler)
        return .rxBound(viewModel, rawValue)
      case .newViewOnLegacyViewModel:
        let viewModel = TodoListViewModel(
          taskRepository: ScriptedTodoTaskRepository(script: script, scheduler: scheduler),
          workScheduler: scheduler, uiScheduler: scheduler)
        let viewStore = viewModel.viewStore()
        return .observing(rawValue, viewStore, time: time, send: { viewStore.send($0) })
      case .oldViewOnStore:
        let store = VirtualStore(
          initialState: Self.initialState,
          feature: TodoFeature(repository: ScriptedTodoRepository(script: script, clock: time.clock)), time: time)
        let viewModel = TodoStoreViewModel(store: store.store)
        return .rxBound(viewModel, rawValue, settle: store.drain, perform: time.executor.perform)
      case .store:
        let store = VirtualStore(
          initialState: Self.initialState,
          feature: TodoFeature(repository: ScriptedTodoRepository(script: script, clock: time.clock)), time: time)
        return .observing(rawValue, store.store, time: time, send: store.send, settle: store.drain)
      }
    }
  }
}

extension ScreenForm where State == TodoListState, Command == TodoCommand, Effect == TodoEffect {
  /// The old view controller's bindings on `viewModel`.
  static func rxBound(
    _ viewModel: some TodoListViewModelType, _ name: String, settle: @escaping () -> Void = {},
    perform: @escaping (() -> Void) -> Void = { $0() }
  ) -> ScreenForm {
    .rxBound(
      name, state: viewModel.tasks.map { TodoListState(tasks: $0) },
      effect: viewModel.errorMessage.map { TodoEffect.showError($0) },
      send: { command in perform { viewModel.dispatch(command) } }, settle: settle)
  }
}
