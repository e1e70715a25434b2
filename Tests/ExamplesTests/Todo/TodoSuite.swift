import Examples
import ExamplesLegacy
import Ferry
import FerryStore
import FerryTesting
import Testing

/// Seed 002's TODO list: one behavioural suite, run unchanged against every form.
@MainActor
@Suite("TODO list (seed 002)")
struct TodoSuite {
  static let a = TodoTask(id: 1, title: "Buy milk")
  static let b = TodoTask(id: 2, title: "Walk the dog")
  static let c = TodoTask(id: 3, title: "Pay rent")
  static let d = TodoTask(id: 4, title: "Call mom")

  /// One load, an add, a deletion, and a deletion the backend rejects (task 1).
  static let backend = TodoBackendScript(
    fetches: [.init(latency: 30, tasks: [a, b, c])], saveLatency: 10, deleteLatency: 20, undeletableIDs: [1])

  static let session: [Recorded<Event<TodoCommand>>] = [
    .next(10, .appear),
    .next(50, .add(d)),
    .next(70, .delete(atOffsets: [1])),
    .next(100, .delete(atOffsets: [0])),
  ]

  @Test("load, add, delete; a rejected deletion keeps the row and shows a message", arguments: TodoSuiteForm.allCases)
  func session(form: TodoSuiteForm) {
    let run = runScreen(Self.session, form: form.make(Self.backend))
    expectMarbles(
      run.states, "a---b-c--d",
      values: [
        "a": TodoListState(),
        "b": TodoListState(tasks: [Self.a, Self.b, Self.c]),
        "c": TodoListState(tasks: [Self.a, Self.b, Self.c, Self.d]),
        "d": TodoListState(tasks: [Self.a, Self.c, Self.d]),
      ])
    expectMarbles(run.effects, "------------e", values: ["e": .showError("Could not delete “Buy milk”")])
  }

  @Test("a load superseded by a newer one shows nothing, even when it answers last", arguments: TodoSuiteForm.allCases)
  func supersededFetch(form: TodoSuiteForm) {
    let backend = TodoBackendScript(
      fetches: [.init(latency: 50, tasks: [Self.a]), .init(latency: 20, tasks: [Self.a, Self.b])])
    let run = runScreen([.next(10, .appear), .next(20, .refresh)], form: form.make(backend))
    // The first load would answer at 60 with [a]: it was superseded at 20, so the list stays [a, b].
    expectMarbles(
      run.states, "a---b", values: ["a": TodoListState(), "b": TodoListState(tasks: [Self.a, Self.b])])
    #expect(run.effects.isEmpty)
  }

  @Test("deleting a row that does not exist does nothing", arguments: TodoSuiteForm.allCases)
  func deleteOutOfRange(form: TodoSuiteForm) {
    let run = runScreen([.next(10, .appear), .next(50, .delete(atOffsets: [7]))], form: form.make(Self.backend))
    expectMarbles(
      run.states, "a---b", values: ["a": TodoListState(), "b": TodoListState(tasks: [Self.a, Self.b, Self.c])])
    #expect(run.effects.isEmpty)
  }

  @Test("demo session: every form shows the same timeline")
  func demoSession() {
    let timelines = TodoSuiteForm.demoSession(makeTime: { TestSessionTime() })
    #expect(timelines.map(\.form) == TodoSuiteForm.allCases.map(\.rawValue))
    #expect(timelinesAgree(timelines), "\(timelines.map(\.lines))")
    expectMarbles(
      ScreenRun(timelines[0]).states, "a---b-c--d",
      values: [
        "a": TodoListState(),
        "b": TodoListState(tasks: [Self.a, Self.b, Self.c]),
        "c": TodoListState(tasks: [Self.a, Self.b, Self.c, Self.d]),
        "d": TodoListState(tasks: [Self.a, Self.c, Self.d]),
      ])
  }

  @Test("parity: the legacy view model and the store, same commands, same timelines")
  func parity() {
    expectStoreParity(
      commands: Self.session,
      legacy: { scheduler in
        let viewModel = TodoListViewModel(
          taskRepository: ScriptedTodoTaskRepository(script: Self.backend, scheduler: scheduler),
          workScheduler: scheduler, uiScheduler: scheduler)
        return ParitySide(
          state: viewModel.tasks.map { TodoListState(tasks: $0) },
          effect: viewModel.errorMessage.map { TodoEffect.showError($0) },
          dispatch: { viewModel.dispatch($0) })
      },
      migrated: { scheduler in
        .store(
          initialState: TodoListState(),
          feature: TodoFeature(
            repository: ScriptedTodoRepository(script: Self.backend, clock: AsyncVirtualTime(scheduler).clock)),
          scheduler: scheduler)
      })
  }

  @Test("TestStore: a rejected deletion keeps its row while the other deletion goes through")
  func rejectedDeletionInTestStore() async {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let repository = ScriptedTodoRepository(script: Self.backend, clock: AsyncVirtualTime(scheduler).clock)
    let store = TestStore(
      initialState: TodoListState(tasks: [Self.a, Self.b]), feature: TodoFeature(repository: repository),
      scheduler: scheduler)
    await store.send(.delete(atOffsets: [0, 1]))
    await store.receiveEffect(.showError("Could not delete “Buy milk”"))
    await store.receive(.removed(id: 2)) { $0.tasks = [Self.a] }
    #expect(scheduler.clock == 20)
    await store.finish()
  }
}
