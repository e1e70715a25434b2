import ExamplesLegacy
import Ferry
import FerryStore

/// Migration step 2 (the store first): the new store behind the old view controller's protocol, through the
/// store's legacy façade. The view controller and its bindings do not change.
public final class TodoStoreViewModel: TodoListViewModelType, Sendable {
  private let facade: LegacyStoreFacade<TodoFeature>

  /// The old surface over `store`.
  @MainActor
  public init(store: Store<TodoFeature>) {
    self.facade = store.legacyFacade
  }

  /// The store's tasks, one element per committed list.
  public var tasks: Driver<[TodoTask]> { facade.state.map(\.tasks).distinctUntilChanged() }

  /// The store's error messages.
  public var errorMessage: Signal<String> {
    facade.effect.map { effect in
      switch effect {
      case .showError(let message): return message
      }
    }
  }

  /// Sends `.appear`.
  public func onAppear() { facade.dispatchCommand(.appear) }
  /// Sends `.refresh`.
  public func onRefresh() { facade.dispatchCommand(.refresh) }
  /// Sends `.add(task)`.
  public func onTaskAdded(task: TodoTask) { facade.dispatchCommand(.add(task)) }
  /// Sends `.delete(atOffsets:)`.
  public func onTaskDeleted(atOffsets offsets: [Int]) { facade.dispatchCommand(.delete(atOffsets: offsets)) }
}

extension TodoListViewModelType {
  /// Migration step 2 (the view first): the old view model presented as a `ViewStore`, so a new SwiftUI list runs
  /// on it before the store is migrated.
  @MainActor
  public func viewStore(currentTasks: [TodoTask] = []) -> StreamViewStore<TodoListState, TodoCommand, TodoEffect> {
    StreamViewStore(
      state: tasks.map { TodoListState(tasks: $0) },
      currentState: TodoListState(tasks: currentTasks),
      effect: errorMessage.map { TodoEffect.showError($0) },
      dispatch: { [self] command in self.dispatch(command) })
  }

  /// Calls the view model's input for `command`.
  public func dispatch(_ command: TodoCommand) {
    switch command {
    case .appear: onAppear()
    case .refresh: onRefresh()
    case .add(let task): onTaskAdded(task: task)
    case .delete(let offsets): onTaskDeleted(atOffsets: offsets)
    }
  }
}
