import Ferry

/// The TODO list's repository, as the MVVM app wrote it: every call a `Single`.
public protocol TodoTaskRepository {
  /// All tasks.
  func fetch() -> Single<[TodoTask]>
  /// Saves `task`; succeeds with the saved task.
  func save(task: TodoTask) -> Single<TodoTask>
  /// Deletes the task `taskID`.
  func delete(taskID: Int) -> Single<Void>
}

/// The app's repository over a stand-in backend (the seed persists with CoreData): answers arrive on `scheduler`
/// after the script's latencies.
public final class ScriptedTodoTaskRepository: TodoTaskRepository {
  private let script: TodoBackendScript
  private let scheduler: SchedulerType
  private var fetchCount = 0

  /// A repository answering as `script` says, its delays on `scheduler`.
  public init(script: TodoBackendScript, scheduler: SchedulerType) {
    self.script = script
    self.scheduler = scheduler
  }

  /// All tasks, after the next scripted fetch latency.
  public func fetch() -> Single<[TodoTask]> {
    let answer = script.fetch(fetchCount)
    fetchCount += 1
    return Single.just(answer.tasks).delay(.seconds(answer.latency), scheduler: scheduler)
  }

  /// Saves `task`.
  public func save(task: TodoTask) -> Single<TodoTask> {
    Single.just(task).delay(.seconds(script.saveLatency), scheduler: scheduler)
  }

  /// Deletes `taskID`, or fails with `TodoRepositoryError.deleteRejected`.
  public func delete(taskID: Int) -> Single<Void> {
    let rejected = script.undeletableIDs.contains(taskID)
    return Single.just(()).delay(.seconds(script.deleteLatency), scheduler: scheduler).flatMap { _ in
      rejected ? Single.error(TodoRepositoryError.deleteRejected(id: taskID)) : Single.just(())
    }
  }
}
