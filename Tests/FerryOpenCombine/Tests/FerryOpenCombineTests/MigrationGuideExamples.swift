import Ferry
import FerryOpenCombine
import FerryOpenCombineTesting
import FerryStore
import FerryTesting
import Foundation
import OpenCombine
import Testing

// The code of Docs/MigratingFromCombine.md (a TODO list screen, the shape of a SwiftUI + Combine app), compiled
// and run here; scripts/snippets-check.py keeps the guide's blocks equal to these regions.

// snippet: combine-step0
struct TodoTask: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
}

struct TodoListState: Equatable, Sendable {
  var tasks: [TodoTask] = []
  var errorMessage: String?
}

protocol TodoRepository: Sendable {
  func fetch() -> AnyPublisher<[TodoTask], any Error>
}

final class TodoListViewModel<S: Scheduler>: ObservableObject {
  @Published private(set) var state = TodoListState()
  let router = PassthroughSubject<Int, Never>()  // the task to open
  private let repository: any TodoRepository
  private let scheduler: S
  private var cancellables = Set<AnyCancellable>()

  init(repository: any TodoRepository, scheduler: S) {
    self.repository = repository
    self.scheduler = scheduler
  }

  func load() {
    repository.fetch()
      .receive(on: scheduler)
      .sink(
        receiveCompletion: { [weak self] completion in
          if case .failure(let error) = completion { self?.state.errorMessage = "\(error)" }
        },
        receiveValue: { [weak self] tasks in self?.state.tasks = tasks }
      )
      .store(in: &cancellables)
  }

  func open(_ task: TodoTask) { router.send(task.id) }
}
// end snippet: combine-step0

// snippet: combine-step1
extension TodoRepository {
  /// The one-shot publisher as an `async` function: cancelling the task cancels the Combine subscription.
  func fetchTasks() async throws -> [TodoTask] {
    try await fetch().asObservable().asSingle().value
  }
}

/// A new async API behind the old publisher interface: lazy and cancellable, unlike `Future`.
struct AsyncTodoRepository: TodoRepository {
  let loadTasks: @Sendable () async throws -> [TodoTask]

  func fetch() -> AnyPublisher<[TodoTask], any Error> {
    Single { try await loadTasks() }.publisher
  }
}
// end snippet: combine-step1

// snippet: combine-step2
struct TodoListFeature: StoreFeature {
  enum Command: Sendable { case load, open(TodoTask) }
  enum Action: Sendable { case loaded([TodoTask]), failed(String) }
  enum Effect: Sendable, Equatable { case openTask(Int) }

  let repository: any TodoRepository

  static func transform(_ state: TodoListState, action: Action) -> TodoListState {
    var state = state
    switch action {
    case .loaded(let tasks): state.tasks = tasks
    case .failed(let message): state.errorMessage = message
    }
    return state
  }

  func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .load:
      context.run(id: "load", .flatMapLatest) { [repository] send in
        send.dispatchAction(.loaded(try await repository.fetchTasks()))
      }
    case .open(let task):
      context.dispatchEffect(.openTask(task.id))
    }
  }

  func handleError(_ error: any Error, in context: StoreContext<Self>) {
    context.dispatchAction(.failed("\(error)"))
  }
}

// The old view controller keeps its Combine bindings: `$state` becomes `statePublisher` (emitted after the
// commit), `router` becomes `effectPublisher`.
@MainActor
final class TodoListViewController {
  private(set) var rows: [String] = []
  private(set) var opened: [Int] = []
  private var cancellables = Set<AnyCancellable>()

  init(store: Store<TodoListFeature>) {
    store.publisher(\.tasks)
      .sink { [weak self] tasks in self?.rows = tasks.map(\.title) }
      .store(in: &cancellables)
    store.effectPublisher
      .sink { [weak self] effect in
        if case .openTask(let id) = effect { self?.opened.append(id) }
      }
      .store(in: &cancellables)
  }
}
// end snippet: combine-step2

// snippet: combine-step3
/// A new SwiftUI view's store, over the old view model's publishers (the view moves first).
@MainActor
func makeViewStore<S: Scheduler>(
  for viewModel: TodoListViewModel<S>
) -> StreamViewStore<TodoListState, TodoListFeature.Command, Int> {
  StreamViewStore(
    state: viewModel.$state, currentState: viewModel.state, effect: viewModel.router,
    dispatch: { command in
      switch command {
      case .load: viewModel.load()
      case .open(let task): viewModel.open(task)
      }
    }
  )
}
// end snippet: combine-step3

struct StubRepository: TodoRepository {
  let result: Result<[TodoTask], TestError>
  func fetch() -> AnyPublisher<[TodoTask], any Error> {
    result.publisher.mapError { $0 as any Error }.eraseToAnyPublisher()
  }
}

@Suite("Docs/MigratingFromCombine.md: the TODO screen at each step")
struct MigrationGuideExampleTests {
  let tasks = [TodoTask(id: 1, title: "Milk"), TodoTask(id: 2, title: "Bread")]

  @Test func step4LegacyViewModelOnVirtualTime() {
    // snippet: combine-step4
    let scheduler = TestScheduler(initialClock: 0)
    let viewModel = TodoListViewModel(
      repository: StubRepository(result: .success(tasks)), scheduler: scheduler.asCombineScheduler())
    scheduler.scheduleAt(300) { viewModel.load() }
    let titles = scheduler.start { viewModel.$state.map { $0.tasks.map(\.title) } }
    #expect(titles.events == [.next(200, []), .next(301, ["Milk", "Bread"])])
    // end snippet: combine-step4
  }

  @Test func step1RepositoryBothWays() async throws {
    #expect(try await StubRepository(result: .success(tasks)).fetchTasks() == tasks)
    await #expect(throws: TestError(id: 1)) {
      try await StubRepository(result: .failure(TestError(id: 1))).fetchTasks()
    }
    let runs = Locked(0)
    let repository = AsyncTodoRepository(loadTasks: { [tasks] in
      runs.withLock { $0 += 1 }
      return tasks
    })
    let publisher = repository.fetch()
    #expect(runs.current == 0)  // lazy, unlike Future
    #expect(try await publisher.values().first { _ in true } == tasks)
    #expect(runs.current == 1)
  }

  @MainActor
  @Test func step2StoreFirstUnderTheOldViewController() async {
    let store = Store(
      initialState: TodoListState(), feature: TodoListFeature(repository: StubRepository(result: .success(tasks))))
    let viewController = TodoListViewController(store: store)
    await store.dispatchCommand(.load)
    #expect(viewController.rows == ["Milk", "Bread"])
    store.send(.open(tasks[1]))
    #expect(viewController.opened == [2])

    let failing = Store(
      initialState: TodoListState(),
      feature: TodoListFeature(repository: StubRepository(result: .failure(TestError(id: 2)))))
    await failing.dispatchCommand(.load)
    #expect(failing.state.errorMessage == "\(TestError(id: 2))")
  }

  @MainActor
  @Test func step3ViewFirstOverTheOldViewModel() {
    let viewModel = TodoListViewModel(
      repository: StubRepository(result: .success(tasks)), scheduler: ImmediateScheduler.shared)
    let store = makeViewStore(for: viewModel)
    #expect(store.state.tasks.isEmpty)
    store.send(.load)
    #expect(store.state.tasks == tasks)
  }

  @MainActor
  @Test func readmeCombineSection() {
    let store = Store(
      initialState: TodoListState(), feature: TodoListFeature(repository: StubRepository(result: .success(tasks))))
    let viewModel = TodoListViewModel(
      repository: StubRepository(result: .success(tasks)), scheduler: ImmediateScheduler.shared)
    var rows: [String] = []
    var cancellables = Set<AnyCancellable>()
    // snippet: readme-combine
    store.publisher(\.tasks).sink { tasks in rows = tasks.map(\.title) }.store(in: &cancellables)

    let viewStore = StreamViewStore(
      state: viewModel.$state, currentState: viewModel.state, effect: viewModel.router,
      dispatch: { (command: TodoListFeature.Command) in if case .load = command { viewModel.load() } }
    )
    // end snippet: readme-combine
    #expect(rows == [])
    viewStore.send(.load)
    #expect(viewStore.state.tasks == tasks)
  }
}
