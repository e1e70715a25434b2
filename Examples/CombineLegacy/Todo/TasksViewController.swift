import ExamplesLegacy
import Foundation

#if FERRY_OPENCOMBINE
import OpenCombine
#elseif canImport(Combine)
import Combine
#endif

/// The list's UIKit view controller (seed 002's second step: UIKit over the same Combine view model), without
/// UIKit: `render` stands for applying a diffable-data-source snapshot, `showAlert` for presenting an alert.
@MainActor
public final class TasksViewController {
  /// The view model the controller binds to.
  public let viewModel: TasksViewModelProtocol
  /// Applies the rows to the collection view.
  public var render: ([TodoTask]) -> Void = { _ in }
  /// Presents a message.
  public var showAlert: (String) -> Void = { _ in }

  private var cancellables = Set<AnyCancellable>()

  /// A controller of `viewModel` (not loaded yet).
  public init(viewModel: TasksViewModelProtocol) {
    self.viewModel = viewModel
  }

  /// Binds the view model's publishers to the view.
  public func viewDidLoad() {
    viewModel.taskCellViewModelsPublisher
      .sink { [unowned self] cellViewModels in
        self.render(cellViewModels.map { $0.task })
      }
      .store(in: &cancellables)
    viewModel.errorMessagePublisher
      .sink { [unowned self] message in
        self.showAlert(message)
      }
      .store(in: &cancellables)
  }

  /// The view appeared.
  public func viewDidAppear() {
    viewModel.onAppear()
  }

  /// Pull to refresh.
  public func refreshControlValueChanged() {
    viewModel.onRefresh()
  }

  /// The new-task button was tapped with `task`.
  public func onNewTaskButtonTapped(task: TodoTask) {
    viewModel.onTaskAdded(task: task)
  }

  /// The user swiped to delete the rows at `offsets`.
  public func onSwipeToDelete(atOffsets offsets: [Int]) {
    viewModel.onTaskDeleted(atOffsets: IndexSet(offsets))
  }
}
