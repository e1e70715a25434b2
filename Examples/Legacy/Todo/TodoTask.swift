import Ferry

/// One task of the TODO list (seed 002).
///
/// `Sendable` is the one thing the migration added to this file: the migrated forms (Swift 6 mode) pass tasks
/// between the main actor and the repository actor.
public struct TodoTask: Hashable, Sendable, CustomStringConvertible {
  /// Identifies the task in the repository.
  public var id: Int
  /// What to do.
  public var title: String

  /// A task.
  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }

  /// `#id title`, for timelines.
  public var description: String { "#\(id) \(title)" }
}

/// What the stand-in backend answers, shared by the legacy repository (`Single`s on a scheduler) and the migrated
/// one (an actor sleeping on a clock), so that every form of the screen talks to the same backend.
public struct TodoBackendScript: Sendable {
  /// One answer to `fetch`: after `latency` seconds, `tasks`.
  public struct Fetch: Sendable {
    /// Seconds before the answer.
    public var latency: Int
    /// The answer.
    public var tasks: [TodoTask]

    /// An answer.
    public init(latency: Int, tasks: [TodoTask]) {
      self.latency = latency
      self.tasks = tasks
    }
  }

  /// The answers to successive fetches; the last one repeats.
  public var fetches: [Fetch]
  /// Seconds before `save` answers.
  public var saveLatency: Int
  /// Seconds before `delete` answers.
  public var deleteLatency: Int
  /// Tasks whose deletion the backend rejects.
  public var undeletableIDs: Set<Int>

  /// A script.
  public init(fetches: [Fetch], saveLatency: Int = 1, deleteLatency: Int = 2, undeletableIDs: Set<Int> = []) {
    self.fetches = fetches
    self.saveLatency = saveLatency
    self.deleteLatency = deleteLatency
    self.undeletableIDs = undeletableIDs
  }

  /// The answer to fetch number `index` (0-based).
  public func fetch(_ index: Int) -> Fetch {
    fetches[min(index, fetches.count - 1)]
  }
}

/// Why the backend refused.
public enum TodoRepositoryError: Error, Equatable, Sendable {
  /// The task cannot be deleted.
  case deleteRejected(id: Int)
}
