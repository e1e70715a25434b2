import ExamplesLegacy
import Ferry
import FerryStore

/// Every form of the TODO list a team would ship, from the legacy view model to the store.
public enum TodoForm: String, CaseIterable, Sendable {
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

  /// What the form is, for a person.
  public var summary: String {
    switch self {
    case .legacy: return "the relay view model on the Single repository (Swift 5 mode)"
    case .legacyOnActorRepository: return "the relay view model on the actor repository, through Single { try await }"
    case .newViewOnLegacyViewModel: return "an Observation view on the relay view model (StreamViewStore)"
    case .oldViewOnStore: return "the old view's Driver bindings on the store (LegacyStoreFacade)"
    case .store: return "an Observation view on the store, the actor repository behind it"
    }
  }

  /// The state before anything loaded.
  public static let initialState = TodoListState()

  /// The form, talking to a backend that answers as `script` says.
  @MainActor
  public func make(_ script: TodoBackendScript) -> MakeScreenForm<TodoListState, TodoCommand, TodoEffect> {
    { time in
      switch self {
      case .legacy:
        let viewModel = TodoListViewModel(
          taskRepository: ScriptedTodoTaskRepository(script: script, scheduler: time.scheduler),
          workScheduler: time.scheduler, uiScheduler: time.scheduler)
        return .rxBound(viewModel, rawValue)
      case .legacyOnActorRepository:
        let repository = ScriptedTodoRepository(script: script, clock: time.clock)
        let viewModel = TodoListViewModel(
          taskRepository: SingleTodoTaskRepository(repository), workScheduler: time.scheduler,
          uiScheduler: time.scheduler)
        return .rxBound(viewModel, rawValue)
      case .newViewOnLegacyViewModel:
        let viewModel = TodoListViewModel(
          taskRepository: ScriptedTodoTaskRepository(script: script, scheduler: time.scheduler),
          workScheduler: time.scheduler, uiScheduler: time.scheduler)
        let viewStore = viewModel.viewStore()
        return .observing(rawValue, viewStore, time: time, send: { viewStore.send($0) })
      case .oldViewOnStore:
        let store = SessionStore(
          initialState: Self.initialState,
          feature: TodoFeature(repository: ScriptedTodoRepository(script: script, clock: time.clock)), time: time)
        let viewModel = TodoStoreViewModel(store: store.store)
        return .rxBound(viewModel, rawValue, settle: store.drain, perform: time.perform)
      case .store:
        let store = SessionStore(
          initialState: Self.initialState,
          feature: TodoFeature(repository: ScriptedTodoRepository(script: script, clock: time.clock)), time: time)
        return .observing(rawValue, store.store, time: time, send: store.send, settle: store.drain)
      }
    }
  }
}

extension ScreenForm where State == TodoListState, Command == TodoCommand, Effect == TodoEffect {
  /// The old view controller's bindings on `viewModel`.
  public static func rxBound(
    _ viewModel: some TodoListViewModelType, _ name: String, settle: @escaping () -> Void = {},
    perform: @escaping (() -> Void) -> Void = { $0() }
  ) -> ScreenForm {
    .rxBound(
      name, state: viewModel.tasks.map { TodoListState(tasks: $0) },
      effect: viewModel.errorMessage.map { TodoEffect.showError($0) },
      send: { command in perform { viewModel.dispatch(command) } }, settle: settle)
  }
}

extension TodoForm {
  /// The demo's backend: three tasks load in 30 seconds; deleting task 1 is rejected.
  public static let demoBackend = TodoBackendScript(
    fetches: [
      .init(
        latency: 30,
        tasks: [
          TodoTask(id: 1, title: "Buy milk"), TodoTask(id: 2, title: "Walk the dog"),
          TodoTask(id: 3, title: "Pay rent"),
        ])
    ],
    saveLatency: 10, deleteLatency: 20, undeletableIDs: [1])

  /// The demo's session: load, add a task, delete one, try to delete the undeletable one.
  public static let demoScript: [Timed<TodoCommand>] = [
    Timed(time: 10, value: .appear),
    Timed(time: 50, value: .add(TodoTask(id: 4, title: "Call mom"))),
    Timed(time: 70, value: .delete(atOffsets: [1])),
    Timed(time: 100, value: .delete(atOffsets: [0])),
  ]

  /// Runs the demo session against every form, each on new virtual time from `makeTime`, and returns their
  /// timelines (``timelinesAgree(_:)`` says whether the migration kept the behaviour).
  @MainActor
  public static func demoSession(
    makeTime: @MainActor () -> any SessionTime
  ) -> [ScreenTimeline<TodoListState, TodoEffect>] {
    allCases.map { form in
      let time = makeTime()
      return runSession(demoScript, time: time, form: form.make(demoBackend)(time))
    }
  }
}
