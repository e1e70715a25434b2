import ExamplesLegacy
import Ferry

/// The TODO list's repository after the migration: `async` calls instead of `Single`s.
public protocol TodoRepository: Sendable {
  /// All tasks.
  func fetch() async throws -> [TodoTask]
  /// Saves `task` and returns the saved task.
  func save(_ task: TodoTask) async throws -> TodoTask
  /// Deletes the task `taskID`.
  func delete(taskID: Int) async throws
}

/// The repository as an actor over the same stand-in backend as the legacy one: answers after the script's
/// latencies on `clock` (a `TestClock` in tests).
public actor ScriptedTodoRepository: TodoRepository {
  private let script: TodoBackendScript
  private let clock: any Clock<Duration>
  private var fetchCount = 0

  /// A repository answering as `script` says, sleeping on `clock`.
  public init(script: TodoBackendScript, clock: any Clock<Duration> = ContinuousClock()) {
    self.script = script
    self.clock = clock
  }

  /// All tasks, after the next scripted fetch latency.
  public func fetch() async throws -> [TodoTask] {
    let answer = script.fetch(fetchCount)
    fetchCount += 1
    try await clock.sleep(for: .seconds(answer.latency))
    return answer.tasks
  }

  /// Saves `task`.
  public func save(_ task: TodoTask) async throws -> TodoTask {
    try await clock.sleep(for: .seconds(script.saveLatency))
    return task
  }

  /// Deletes `taskID`, or throws `TodoRepositoryError.deleteRejected`.
  public func delete(taskID: Int) async throws {
    try await clock.sleep(for: .seconds(script.deleteLatency))
    if script.undeletableIDs.contains(taskID) { throw TodoRepositoryError.deleteRejected(id: taskID) }
  }
}

/// Migration step 1: the actor repository behind the legacy `Single` protocol, so the legacy view model runs on it
/// unchanged.
public final class SingleTodoTaskRepository: TodoTaskRepository, Sendable {
  private let repository: any TodoRepository

  /// Presents `repository` with the `Single`-returning surface.
  public init(_ repository: any TodoRepository) {
    self.repository = repository
  }

  /// `fetch()` as a `Single`; disposing it cancels the call.
  public func fetch() -> Single<[TodoTask]> {
    Single { [repository] in try await repository.fetch() }
  }

  /// `save(_:)` as a `Single`.
  public func save(task: TodoTask) -> Single<TodoTask> {
    Single { [repository] in try await repository.save(task) }
  }

  /// `delete(taskID:)` as a `Single`.
  public func delete(taskID: Int) -> Single<Void> {
    Single { [repository] in try await repository.delete(taskID: taskID) }
  }
}
