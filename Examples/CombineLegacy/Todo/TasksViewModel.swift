import Dispatch
import ExamplesLegacy
import Foundation

#if FERRY_OPENCOMBINE
import OpenCombine
import OpenCombineDispatch
#elseif canImport(Combine)
import Combine
#endif

/// A row of the list.
public final class TaskCellViewModel: ObservableObject, Identifiable {
  /// The row's task.
  @Published public var task: TodoTask

  /// A row for `task`.
  public init(task: TodoTask) {
    self.task = task
  }

  /// The task's id.
  public var id: Int { task.id }
}

/// What the list's view controller binds to. The view controller depends on this protocol only, so that another
/// view model (or a store) can stand behind it.
public protocol TasksViewModelProtocol: AnyObject {
  /// The rows: the current rows on subscription, then every change.
  var taskCellViewModelsPublisher: AnyPublisher<[TaskCellViewModel], Never> { get }
  /// A message to show when an operation failed.
  var errorMessagePublisher: AnyPublisher<String, Never> { get }
  /// The view appeared: load the list.
  func onAppear()
  /// Pull to refresh: load the list again (a newer load supersedes an older one).
  func onRefresh()
  /// The user added `task`.
  func onTaskAdded(task: TodoTask)
  /// The user deleted the rows at `indexSet`.
  func onTaskDeleted(atOffsets indexSet: IndexSet)
}

/// The TODO list's view model (seed 002, Combine era): the rows in a `@Published` property, the repository's
/// publishers subscribed on a background scheduler and received on the main one.
///
/// The schedulers are parameters with the app's defaults (`DispatchQueue.global()`, `DispatchQueue.main`), so that
/// a test runs the same code on a virtual-time scheduler (`testScheduler.asCombineScheduler()`).
public final class TasksViewModel<S: Scheduler>: ObservableObject, TasksViewModelProtocol {
  /// The rows.
  @Published public var taskCellViewModels = [TaskCellViewModel]()

  /// Failure messages.
  public let errorMessage = PassthroughSubject<String, Never>()

  private let taskRepository: TaskRepository
  private let workScheduler: S
  private let uiScheduler: S
  private var fetchCancellable: AnyCancellable?
  private var cancellables = Set<AnyCancellable>()

  /// A view model over `taskRepository`, working on `workScheduler` and delivering on `uiScheduler`.
  public init(taskRepository: TaskRepository, workScheduler: S, uiScheduler: S) {
    self.taskRepository = taskRepository
    self.workScheduler = workScheduler
    self.uiScheduler = uiScheduler
  }

  /// `$taskCellViewModels`.
  public var taskCellViewModelsPublisher: AnyPublisher<[TaskCellViewModel], Never> {
    $taskCellViewModels.eraseToAnyPublisher()
  }

  /// `errorMessage`.
  public var errorMessagePublisher: AnyPublisher<String, Never> { errorMessage.eraseToAnyPublisher() }

  /// Loads the list.
  public func onAppear() {
    fetchTasks()
  }

  /// Loads the list again; the newer answer wins.
  public func onRefresh() {
    fetchTasks()
  }

  /// Saves `task`, then appends its row.
  public func onTaskAdded(task: TodoTask) {
    addTask(task: task)
  }

  /// Deletes the tasks at `indexSet`, then removes their rows; a rejected deletion keeps the row and shows a
  /// message.
  public func onTaskDeleted(atOffsets indexSet: IndexSet) {
    removeTasks(atOffsets: indexSet)
  }

  private func fetchTasks() {
    // Replacing the cancellable cancels the previous load: the newer one wins.
    fetchCancellable = taskRepository.fetch()
      .replaceError(with: [])
      .map { tasks in tasks.map { TaskCellViewModel(task: $0) } }
      .subscribe(on: workScheduler)
      .receive(on: uiScheduler)
      .assign(to: \.taskCellViewModels, on: self)
  }

  private func removeTasks(atOffsets indexSet: IndexSet) {
    let rows = taskCellViewModels
    indexSet.filter(rows.indices.contains).map { rows[$0].task }.forEach { task in
      taskRepository.delete(taskID: task.id)
        .subscribe(on: workScheduler)
        .receive(on: uiScheduler)
        .sink(
          receiveCompletion: { [unowned self] completion in
            if case .failure = completion { self.errorMessage.send("Could not delete “\(task.title)”") }
          },
          receiveValue: { [unowned self] _ in
            self.taskCellViewModels.removeAll { $0.task.id == task.id }
          }
        )
        .store(in: &cancellables)
    }
  }

  private func addTask(task: TodoTask) {
    taskRepository.save(task: task)
      .subscribe(on: workScheduler)
      .receive(on: uiScheduler)
      .sink(
        receiveCompletion: { _ in },
        receiveValue: { [unowned self] saved in
          self.taskCellViewModels.append(TaskCellViewModel(task: saved))
        }
      )
      .store(in: &cancellables)
  }
}

#if FERRY_OPENCOMBINE
extension TasksViewModel where S == DispatchQueue.OCombine {
  /// The app's view model: loads on a global queue, delivers on the main queue.
  public convenience init(taskRepository: TaskRepository) {
    self.init(
      taskRepository: taskRepository, workScheduler: DispatchQueue.global().ocombine,
      uiScheduler: DispatchQueue.main.ocombine)
  }
}
#elseif canImport(Combine)
extension TasksViewModel where S == DispatchQueue {
  /// The app's view model: loads on a global queue, delivers on the main queue.
  public convenience init(taskRepository: TaskRepository) {
    self.init(taskRepository: taskRepository, workScheduler: DispatchQueue.global(), uiScheduler: DispatchQueue.main)
  }
}
#endif
