import Ferry

/// A row of the list.
public final class TodoCellViewModel {
  /// The row's task.
  public let task: TodoTask

  /// A row for `task`.
  public init(task: TodoTask) {
    self.task = task
  }
}

/// What the list's view controller binds to. The old view controller depends on this protocol only, so a new
/// store can stand behind it (see the migrated forms).
public protocol TodoListViewModelType: AnyObject {
  /// The tasks to show, distinct consecutive lists only.
  var tasks: Driver<[TodoTask]> { get }
  /// A message to show when an operation failed.
  var errorMessage: Signal<String> { get }
  /// The view appeared: load the list.
  func onAppear()
  /// Pull to refresh: load the list again (a newer load supersedes an older one).
  func onRefresh()
  /// The user added `task`.
  func onTaskAdded(task: TodoTask)
  /// The user deleted the rows at `offsets`.
  func onTaskDeleted(atOffsets offsets: [Int])
}

/// The TODO list's view model (seed 002, RxSwift era): the rows in a `BehaviorRelay`, the repository's `Single`s
/// subscribed on a background scheduler and observed on the main scheduler.
///
/// The schedulers are parameters with the app's defaults, so that tests run the same code on a `TestScheduler`.
public final class TodoListViewModel: TodoListViewModelType {
  /// The rows.
  public let taskCellViewModels = BehaviorRelay<[TodoCellViewModel]>(value: [])

  private let taskRepository: TodoTaskRepository
  private let workScheduler: ImmediateSchedulerType
  private let uiScheduler: ImmediateSchedulerType
  private let fetchRequests = PublishRelay<Void>()
  private let errorRelay = PublishRelay<String>()
  private let bag = DisposeBag()

  /// A view model over `taskRepository`, working on `workScheduler` and delivering on `uiScheduler`: in the app,
  /// `ConcurrentDispatchQueueScheduler(qos: .default)` and `MainScheduler.instance`; a test passes its
  /// `TestScheduler` for both.
  public init(
    taskRepository: TodoTaskRepository,
    workScheduler: ImmediateSchedulerType? = nil,
    uiScheduler: ImmediateSchedulerType? = nil
  ) {
    let workScheduler = workScheduler ?? ConcurrentDispatchQueueScheduler(qos: .default)
    let uiScheduler = uiScheduler ?? MainScheduler.instance
    self.taskRepository = taskRepository
    self.workScheduler = workScheduler
    self.uiScheduler = uiScheduler

    fetchRequests
      .flatMapLatest { _ in
        taskRepository.fetch()
          .subscribe(on: workScheduler)
          .asObservable()
          .catchAndReturn([])
      }
      .observe(on: uiScheduler)
      .map { tasks in tasks.map { TodoCellViewModel(task: $0) } }
      .bind(to: taskCellViewModels)
      .disposed(by: bag)
  }

  /// The tasks of the rows.
  public var tasks: Driver<[TodoTask]> {
    taskCellViewModels.asDriver().map { $0.map(\.task) }.distinctUntilChanged()
  }

  /// Failure messages.
  public var errorMessage: Signal<String> { errorRelay.asSignal() }

  /// Loads the list.
  public func onAppear() {
    fetchRequests.accept(())
  }

  /// Loads the list again; the newer answer wins.
  public func onRefresh() {
    fetchRequests.accept(())
  }

  /// Saves `task`, then appends its row.
  public func onTaskAdded(task: TodoTask) {
    taskRepository.save(task: task)
      .subscribe(on: workScheduler)
      .observe(on: uiScheduler)
      .subscribe(onSuccess: { [unowned self] saved in
        var current = self.taskCellViewModels.value
        current.append(TodoCellViewModel(task: saved))
        self.taskCellViewModels.accept(current)
      })
      .disposed(by: bag)
  }

  /// Deletes the tasks at `offsets`, then removes their rows; a rejected deletion keeps the row and shows a message.
  public func onTaskDeleted(atOffsets offsets: [Int]) {
    let rows = taskCellViewModels.value
    for task in offsets.filter(rows.indices.contains).map({ rows[$0].task }) {
      taskRepository.delete(taskID: task.id)
        .subscribe(on: workScheduler)
        .observe(on: uiScheduler)
        .subscribe(
          onSuccess: { [unowned self] in
            self.taskCellViewModels.accept(self.taskCellViewModels.value.filter { $0.task.id != task.id })
          },
          onFailure: { [unowned self] _ in
            self.errorRelay.accept("Could not delete “\(task.title)”")
          }
        )
        .disposed(by: bag)
    }
  }
}
