import ExamplesLegacy

#if FERRY_OPENCOMBINE
import OpenCombine
#elseif canImport(Combine)
import Combine
#endif

/// The TODO list's repository as the SwiftUI + Combine app wrote it (seed 002): every call a one-shot publisher
/// that fails with the backend's error.
public protocol TaskRepository {
  /// All tasks.
  func fetch() -> AnyPublisher<[TodoTask], Error>
  /// Saves `task`; publishes the saved task.
  func save(task: TodoTask) -> AnyPublisher<TodoTask, Error>
  /// Deletes the task `taskID`.
  func delete(taskID: Int) -> AnyPublisher<Void, Error>
}

/// The app's repository over the stand-in backend (the seed persists with CoreData): each answer arrives on
/// `scheduler` after the script's latency, so that a test passes a virtual-time scheduler.
public final class ScriptedTaskRepository<S: Scheduler>: TaskRepository {
  private let script: TodoBackendScript
  private let scheduler: S
  private var fetchCount = 0

  /// A repository answering as `script` says, its latencies on `scheduler`.
  public init(script: TodoBackendScript, scheduler: S) {
    self.script = script
    self.scheduler = scheduler
  }

  /// All tasks, after the next scripted fetch latency.
  public func fetch() -> AnyPublisher<[TodoTask], Error> {
    let answer = script.fetch(fetchCount)
    fetchCount += 1
    return Just(answer.tasks)
      .setFailureType(to: Error.self)
      .delay(for: .seconds(answer.latency), scheduler: scheduler)
      .eraseToAnyPublisher()
  }

  /// Saves `task`.
  public func save(task: TodoTask) -> AnyPublisher<TodoTask, Error> {
    Just(task)
      .setFailureType(to: Error.self)
      .delay(for: .seconds(script.saveLatency), scheduler: scheduler)
      .eraseToAnyPublisher()
  }

  /// Deletes `taskID`, or fails with `TodoRepositoryError.deleteRejected`.
  public func delete(taskID: Int) -> AnyPublisher<Void, Error> {
    let rejected = script.undeletableIDs.contains(taskID)
    return Just(())
      .setFailureType(to: Error.self)
      .delay(for: .seconds(script.deleteLatency), scheduler: scheduler)
      .tryMap { _ in
        if rejected { throw TodoRepositoryError.deleteRejected(id: taskID) }
      }
      .eraseToAnyPublisher()
  }
}
