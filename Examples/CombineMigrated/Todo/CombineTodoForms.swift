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

/// Every form of seed 002's TODO list starting from its Combine view model, ending on the root's migrated store.
public enum CombineTodoForm: String, CaseIterable, Sendable {
  /// The Combine view model on the publisher repository, its view controller's `sink`s (schedulers injected).
  case combineLegacy
  /// Step 2, view first: a new view (Observation) on the Combine view model's publishers, through `StreamViewStore`.
  case newViewOnCombineViewModel
  /// Step 2, store first: the Combine view controller on the store (`publisher(\.tasks)`, `effectPublisher`, the
  /// Combine façade).
  case combineViewOnStore
  /// Step 3: the new view on the store (the root's `TodoForm.store`).
  case store

  /// What the form is, for a person.
  public var summary: String {
    switch self {
    case .combineLegacy: return "the @Published view model on the AnyPublisher repository (Combine, Swift 5 mode)"
    case .newViewOnCombineViewModel: return "an Observation view on the Combine view model (StreamViewStore)"
    case .combineViewOnStore: return "the Combine view controller's sinks on the store (publisher(\\.tasks))"
    case .store: return "an Observation view on the store, the actor repository behind it"
    }
  }

  /// The form, talking to a backend that answers as `script` says.
  @MainActor
  public func make(_ script: TodoBackendScript) -> MakeScreenForm<TodoListState, TodoCommand, TodoEffect> {
    { time in
      switch self {
      case .combineLegacy:
        return .combineBound(rawValue, Self.viewModel(script, time.combineScheduler))
      case .newViewOnCombineViewModel:
        let viewStore = Self.viewModel(script, time.combineScheduler).viewStore()
        return .observing(rawValue, viewStore, time: time, send: { viewStore.send($0) })
      case .combineViewOnStore:
        let store = SessionStore(
          initialState: TodoForm.initialState,
          feature: TodoFeature(repository: ScriptedTodoRepository(script: script, clock: time.clock)), time: time)
        return .combineBound(
          rawValue, TodoStoreTasksViewModel(store: store.store), settle: store.drain, perform: time.perform)
      case .store:
        return TodoForm.store.make(script)(time)
      }
    }
  }

  /// The Combine view model over the scripted publisher repository, both on `scheduler`.
  @MainActor
  public static func viewModel<S: Scheduler>(_ script: TodoBackendScript, _ scheduler: S) -> TasksViewModel<S> {
    TasksViewModel(
      taskRepository: ScriptedTaskRepository(script: script, scheduler: scheduler), workScheduler: scheduler,
      uiScheduler: scheduler)
  }
}

extension ScreenForm where State == TodoListState, Command == TodoCommand, Effect == TodoEffect {
  /// The Combine view controller on `viewModel`: what its `sink`s render and alert is what the screen shows.
  public static func combineBound(
    _ name: String, _ viewModel: some TasksViewModelProtocol, settle: @escaping () -> Void = {},
    perform: @escaping (() -> Void) -> Void = { $0() }
  ) -> ScreenForm {
    let viewController = TasksViewController(viewModel: viewModel)
    return ScreenForm(
      name: name,
      attach: { onState, onEffect in
        viewController.render = { onState(TodoListState(tasks: $0)) }
        viewController.showAlert = { onEffect(.showError($0)) }
        viewController.viewDidLoad()
        return viewController
      },
      send: { command in perform { viewController.perform(command) } }, settle: settle)
  }
}

extension CombineTodoForm {
  /// Runs the root's demo session of the TODO list against every form, each on new virtual time from `makeTime`.
  @MainActor
  public static func demoSession(
    makeTime: @MainActor () -> any SessionTime
  ) -> [ScreenTimeline<TodoListState, TodoEffect>] {
    allCases.map { form in
      let time = makeTime()
      return runSession(TodoForm.demoScript, time: time, form: form.make(TodoForm.demoBackend)(time))
    }
  }
}
