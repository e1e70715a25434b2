import Foundation

/// A trampoline scheduler: an action scheduled while another one runs on the same thread is queued and runs
/// after it, on that thread, instead of recursing.
///
/// The outermost `schedule` on a thread runs its action at once and then drains the thread's queue.
public final class CurrentThreadScheduler: ImmediateSchedulerType {
  /// The shared instance.
  public static let instance = CurrentThreadScheduler()

  private static let threadKey = "ferry.CurrentThreadScheduler.trampoline"

  init() {}

  /// Whether an action scheduled now on this thread runs immediately (no trampoline is running on it).
  public static var isScheduleRequired: Bool {
    trampoline(create: false)?.isRunning != true
  }

  private static func trampoline(create: Bool) -> Trampoline? {
    let dictionary = Thread.current.threadDictionary
    if let existing = dictionary[threadKey] as? Trampoline { return existing }
    guard create else { return nil }
    let trampoline = Trampoline()
    dictionary[threadKey] = trampoline
    return trampoline
  }

  /// Runs `action(state)` now if no action is running on this thread; otherwise queues it after the running one.
  @preconcurrency
  public func schedule<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let trampoline = Self.trampoline(create: true)!
    if trampoline.isRunning {
      let item = TrampolineItem(state: state, action: action)
      trampoline.queue.append(item)
      return item
    }
    trampoline.isRunning = true
    defer {
      trampoline.isRunning = false
      trampoline.queue = []
      trampoline.head = 0
    }
    let disposable = action(state)
    while trampoline.head < trampoline.queue.count {
      let item = trampoline.queue[trampoline.head]
      trampoline.head += 1
      item.invoke()
      // Forget the actions that ran, so that a long recursion on the trampoline does not keep every one of them.
      if trampoline.head >= 64 && trampoline.head * 2 >= trampoline.queue.count {
        trampoline.queue.removeFirst(trampoline.head)
        trampoline.head = 0
      }
    }
    return disposable
  }
}

/// The per-thread queue of ``CurrentThreadScheduler``. Only touched by its own thread.
private final class Trampoline {
  var isRunning = false
  var queue: [any TrampolineInvocable] = []
  var head = 0
}

protocol TrampolineInvocable {
  func invoke()
}

/// A queued action that can be cancelled before it runs.
final class TrampolineItem<StateType>: TrampolineInvocable, Cancelable, @unchecked Sendable {
  // @unchecked Sendable: `state` and `action` are only read by the thread that queued the item; disposal is an atomic
  // flag plus a `SingleAssignmentDisposable`.
  private let state: StateType
  private let action: @Sendable (StateType) -> any Disposable
  private let disposable = SingleAssignmentDisposable()

  init(state: StateType, action: @escaping @Sendable (StateType) -> any Disposable) {
    self.state = state
    self.action = action
  }

  var isDisposed: Bool { disposable.isDisposed }

  func invoke() {
    guard !disposable.isDisposed else { return }
    disposable.setDisposable(action(state))
  }

  func dispose() { disposable.dispose() }
}
