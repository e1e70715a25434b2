import CombineExamplesLegacy
import Examples
import ExamplesLegacy
import Ferry
import FerryStore

#if FERRY_OPENCOMBINE
import OpenCombine
import FerryOpenCombine
#elseif canImport(Combine)
import Combine
import FerryCombine
#endif

/// Every form of seed 001's dashboard starting from its Combine `transform(input:)` view model, ending on the
/// root's store of split handlers.
public enum CombineLargeScreenForm: String, CaseIterable, Sendable {
  /// The Combine view model; the view controller fills the screen model its SwiftUI view reads, and follows the
  /// `routerSubject`.
  case combineLegacy
  /// Step 1, view first: a new view (Observation) on the Combine view model's outputs, through `StreamViewStore`.
  case newViewOnCombineViewModel
  /// Step 1, store first: the Combine view controller's `transform(input:)` on the store (key-path publishers,
  /// `effectPublisher`, the Combine façade).
  case combineViewOnStore
  /// Step 2: the new view on the store (the root's `LargeScreenForm.store`).
  case store

  /// What the form is, for a person.
  public var summary: String {
    switch self {
    case .combineLegacy: return "the Combine transform(input:) view model and its screen model (Swift 5 mode)"
    case .newViewOnCombineViewModel: return "an Observation view on the Combine outputs (StreamViewStore)"
    case .combineViewOnStore: return "the Combine view controller on the store (publisher(\\.field), effectPublisher)"
    case .store: return "an Observation view on the store of split handlers"
    }
  }

  /// The form, over a backend that answers as `script` says.
  @MainActor
  public func make(
    _ script: DashboardBackendScript
  ) -> MakeScreenForm<DashboardState, DashboardCommand, DashboardEffect> {
    { time in
      switch self {
      case .combineLegacy:
        return .combineBound(rawValue, Self.viewModel(script, time.combineScheduler))
      case .newViewOnCombineViewModel:
        let viewModel = Self.viewModel(script, time.combineScheduler)
        let subjects = DashboardInputSubjects()
        let output = viewModel.transform(input: subjects.input)
        let viewStore = StreamViewStore(
          state: output.state, currentState: LargeScreenForm.initialState,
          effect: viewModel.routerSubject.map(\.effect),
          dispatch: { command in
            withExtendedLifetime(viewModel) { subjects.send(command) }  // the view keeps its view model
          })
        return .observing(rawValue, viewStore, time: time, send: { viewStore.send($0) })
      case .combineViewOnStore:
        let store = LargeScreenForm.store(script, time)
        return .combineBound(
          rawValue, DashboardStoreTransformViewModel(store: store.store), settle: store.drain, perform: time.perform)
      case .store:
        return LargeScreenForm.store.make(script)(time)
      }
    }
  }

  /// The Combine view model over the scripted Interactor, both on `scheduler`.
  @MainActor
  public static func viewModel<S: Scheduler>(
    _ script: DashboardBackendScript, _ scheduler: S
  ) -> DashboardTransformViewModel<S> {
    DashboardTransformViewModel(
      interactor: ScriptedDashboardInteractor(script: script, scheduler: scheduler), uiScheduler: scheduler)
  }
}

extension ScreenForm where State == DashboardState, Command == DashboardCommand, Effect == DashboardEffect {
  /// The Combine view controller on `viewModel`: the screen is what the hosted view reads from the screen model,
  /// the effects are the routes the Router presents.
  public static func combineBound(
    _ name: String, _ viewModel: some DashboardTransformViewModelProtocol, settle: @escaping () -> Void = {},
    perform: @escaping (() -> Void) -> Void = { $0() }
  ) -> ScreenForm {
    let viewController = DashboardViewController(viewModel: viewModel)
    let view = ScreenModelView(viewController.screenModel)
    return ScreenForm(
      name: name,
      attach: { onState, onEffect in
        viewController.present = { onEffect($0.effect) }
        viewController.viewDidLoad()
        view.onRender = { onState($0) }
        view.render()
        return (viewController, view)
      },
      send: { command in perform { viewController.perform(command) } },
      settle: {
        settle()
        view.renderIfInvalidated()
      })
  }
}

extension CombineLargeScreenForm {
  /// Runs the root's demo session of the dashboard against every form, each on new virtual time from `makeTime`.
  @MainActor
  public static func demoSession(
    makeTime: @MainActor () -> any SessionTime
  ) -> [ScreenTimeline<DashboardState, DashboardEffect>] {
    allCases.map { form in
      let time = makeTime()
      return runSession(LargeScreenForm.demoScript, time: time, form: form.make(LargeScreenForm.demoBackend)(time))
    }
  }
}
