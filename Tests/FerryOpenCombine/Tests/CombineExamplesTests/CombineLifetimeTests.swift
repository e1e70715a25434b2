import CombineExamples
import CombineExamplesLegacy
import Examples
import ExamplesLegacy
import FerryOpenCombine
import Testing

/// The Combine-era view models hold their subscriptions in `Set<AnyCancellable>` and `assign(to:on: self)`: once
/// their work is done and the view goes away, nothing keeps them alive (a cycle through a subscription would).
@MainActor
@Suite("Combine-era screens: released after their session")
struct CombineLifetimeTests {
  @Test("seed 002: the view model, its view controller and its repository")
  func todo() {
    let time = TestSessionTime()
    weak var viewModel: TasksViewModel<CombineScheduler<AnySchedulerType>>?
    do {
      let model = CombineTodoForm.viewModel(TodoSuite.backend, time.combineScheduler)
      viewModel = model
      let steps = TodoSuite.session.compactMap { step in step.value.element.map { Timed(step.time, $0) } }
      let timeline = runSession(steps + [Timed(110, .refresh)], time: time, form: .combineBound("legacy", model))
      #expect(timeline.states.last?.value.tasks.count == 3)
    }
    #expect(viewModel == nil)
  }

  @Test("seed 004: the subject repository and both screen models")
  func repository() {
    let time = TestSessionTime()
    weak var repository: PlaceSubjectRepository<CombineScheduler<AnySchedulerType>>?
    weak var detail: PlaceDetailScreenModel?
    do {
      let subjectRepository = CombineRepositoryForm.subjectRepository(RepositorySuite.backend, time.combineScheduler)
      let detailModel = PlaceDetailScreenModel(repository: subjectRepository)
      repository = subjectRepository
      detail = detailModel
      let steps = RepositorySuite.session.compactMap { step in step.value.element.map { Timed(step.time, $0) } }
      let timeline = runSession(
        steps, time: time,
        form: .combineConsumers(
          "legacy", summary: PlaceSummaryScreenModel(repository: subjectRepository), detail: detailModel,
          uiScheduler: time.combineScheduler))
      #expect(timeline.states.last?.value.detail == .loaded(RepositorySuite.kyoto))
    }
    #expect(repository == nil)
    #expect(detail == nil)
  }

  @Test("seed 001: the transform(input:) view model")
  func largeScreen() {
    let time = TestSessionTime()
    weak var viewModel: DashboardTransformViewModel<CombineScheduler<AnySchedulerType>>?
    do {
      let model = CombineLargeScreenForm.viewModel(LargeScreenSuite.backend, time.combineScheduler)
      viewModel = model
      let steps = LargeScreenSuite.session.compactMap { step in step.value.element.map { Timed(step.time, $0) } }
      let timeline = runSession(steps, time: time, form: .combineBound("legacy", model))
      #expect(timeline.effects.map(\.value) == [.toast("All caught up")])
    }
    #expect(viewModel == nil)
  }
}
