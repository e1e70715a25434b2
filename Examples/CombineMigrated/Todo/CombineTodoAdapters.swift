import CombineExamplesLegacy
import Examples
import ExamplesLegacy
import FerryStore
import Foundation

#if FERRY_OPENCOMBINE
import OpenCombine
import FerryOpenCombine
#elseif canImport(Combine)
import Combine
import FerryCombine
#endif

/// Store first: the store behind the Combine-era view controller's protocol. The view controller and its `sink`s
/// do not change; the rows come from `store.publisher(\.tasks)` (the drop-in for `$taskCellViewModels`, emitted
/// from each commit), the messages from `store.effectPublisher`, the user's actions go to the store through its
/// Combine façade.
public final class TodoStoreTasksViewModel: TasksViewModelProtocol {
  /// The rows, one element per committed list that differs from the previous one.
  public let taskCellViewModelsPublisher: AnyPublisher<[TaskCellViewModel], Never>
  /// The store's error messages.
  public let errorMessagePublisher: AnyPublisher<String, Never>
  private let facade: CombineStoreFacade<TodoFeature>

  /// The old surface over `store`.
  @MainActor
  public init(store: Store<TodoFeature>) {
    facade = store.combineFacade
    taskCellViewModelsPublisher = store.publisher(\.tasks)
      .map { tasks in tasks.map { TaskCellViewModel(task: $0) } }
      .eraseToAnyPublisher()
    errorMessagePublisher = store.effectPublisher
      .map { effect -> String in
        switch effect {
        case .showError(let message): return message
        }
      }
      .eraseToAnyPublisher()
  }

  /// Sends `.appear`.
  public func onAppear() { facade.dispatchCommand(.appear) }
  /// Sends `.refresh`.
  public func onRefresh() { facade.dispatchCommand(.refresh) }
  /// Sends `.add(task)`.
  public func onTaskAdded(task: TodoTask) { facade.dispatchCommand(.add(task)) }
  /// Sends `.delete(atOffsets:)`.
  public func onTaskDeleted(atOffsets indexSet: IndexSet) {
    facade.dispatchCommand(.delete(atOffsets: Array(indexSet)))
  }
}

extension TasksViewModel {
  /// View first: the Combine view model presented as a `ViewStore` (its `$taskCellViewModels` and `errorMessage`),
  /// so that a new SwiftUI list runs on it before the store is migrated.
  @MainActor
  public func viewStore() -> StreamViewStore<TodoListState, TodoCommand, TodoEffect> {
    StreamViewStore(
      state: $taskCellViewModels.map { TodoListState(tasks: $0.map(\.task)) },
      currentState: TodoListState(tasks: taskCellViewModels.map(\.task)),
      effect: errorMessage.map { TodoEffect.showError($0) },
      dispatch: { [self] command in self.dispatch(command) })
  }
}

extension TasksViewModelProtocol {
  /// Calls the view model's input for `command`.
  public func dispatch(_ command: TodoCommand) {
    switch command {
    case .appear: onAppear()
    case .refresh: onRefresh()
    case .add(let task): onTaskAdded(task: task)
    case .delete(let offsets): onTaskDeleted(atOffsets: IndexSet(offsets.filter { $0 >= 0 }))
    }
  }
}

extension TasksViewController {
  /// Performs the user's gesture for `command`, as the person on the screen would.
  public func perform(_ command: TodoCommand) {
    switch command {
    case .appear: viewDidAppear()
    case .refresh: refreshControlValueChanged()
    case .add(let task): onNewTaskButtonTapped(task: task)
    case .delete(let offsets): onSwipeToDelete(atOffsets: offsets.filter { $0 >= 0 })
    }
  }
}
