import ExamplesLegacy
import Ferry
import FerryStore

/// What the TODO list shows.
public struct TodoListState: Equatable, Sendable, CustomStringConvertible {
  /// The tasks, in order.
  public var tasks: [TodoTask]

  /// A list of `tasks`.
  public init(tasks: [TodoTask] = []) {
    self.tasks = tasks
  }

  /// The tasks, for timelines.
  public var description: String { "[" + tasks.map(\.title).joined(separator: ", ") + "]" }
}

/// What the user did on the TODO list.
public enum TodoCommand: Sendable, Equatable {
  /// The list appeared: load it.
  case appear
  /// Pull to refresh: load again (the newer load wins).
  case refresh
  /// The user added a task.
  case add(TodoTask)
  /// The user deleted the rows at these offsets.
  case delete(atOffsets: [Int])
}

/// A one-shot reaction of the list.
public enum TodoEffect: Sendable, Equatable, CustomStringConvertible {
  /// Show this message.
  case showError(String)

  /// The message, for timelines.
  public var description: String {
    switch self {
    case .showError(let message): return "error(\(message))"
    }
  }
}

/// The TODO list's store logic: loads are latest-wins, saves and deletions run concurrently, a rejected deletion
/// keeps the row and shows a message.
public struct TodoFeature: StoreFeature {
  /// What the list shows.
  public typealias State = TodoListState
  /// What the user did.
  public typealias Command = TodoCommand
  /// A one-shot reaction.
  public typealias Effect = TodoEffect

  /// A state transition.
  public enum Action: Sendable, Equatable {
    /// A load answered.
    case loaded([TodoTask])
    /// A task was saved.
    case added(TodoTask)
    /// A task was deleted.
    case removed(id: Int)
  }

  private enum WorkID: Hashable, Sendable {
    case fetch
  }

  private let repository: any TodoRepository

  /// The list's logic over `repository`.
  public init(repository: any TodoRepository) {
    self.repository = repository
  }

  /// The pure reducer.
  public static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .loaded(let tasks): state.tasks = tasks
    case .added(let task): state.tasks.append(task)
    case .removed(let id): state.tasks.removeAll { $0.id == id }
    }
    return state
  }

  /// Starts the repository work each command needs.
  public func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .appear, .refresh:
      context.run(id: WorkID.fetch, .flatMapLatest) { [repository] send in
        let tasks: [TodoTask]
        do {
          tasks = try await repository.fetch()
        } catch is CancellationError {
          throw CancellationError()
        } catch {
          tasks = []  // as the legacy view model: a failed load shows an empty list
        }
        send.dispatchAction(.loaded(tasks))
      }
    case .add(let task):
      context.run { [repository] send in
        send.dispatchAction(.added(try await repository.save(task)))
      }
    case .delete(let offsets):
      let rows = context.state.tasks
      for task in offsets.filter(rows.indices.contains).map({ rows[$0] }) {
        context.run { [repository] send in
          do {
            try await repository.delete(taskID: task.id)
            send.dispatchAction(.removed(id: task.id))
          } catch is CancellationError {
            throw CancellationError()
          } catch {
            send.dispatchEffect(.showError("Could not delete “\(task.title)”"))
          }
        }
      }
    }
  }

  /// Any other failure (a save) is shown as a message.
  public func handleError(_ error: any Error, in context: StoreContext<Self>) {
    context.dispatchEffect(.showError("\(error)"))
  }
}
