import Dispatch
import Foundation

/// The dispatch machinery shared by the dispatch-queue schedulers.
///
/// Every action is wrapped so that disposing the returned disposable before the action runs prevents it from
/// running; the action's own disposable is disposed with it afterwards.
struct DispatchQueueConfiguration: Sendable {
  let queue: DispatchQueue
  let leeway: DispatchTimeInterval

  func schedule<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let cancel = SingleAssignmentDisposable()
    let box = UncheckedBox(state)
    queue.async {
      guard !cancel.isDisposed else { return }
      cancel.setDisposable(action(box.value))
    }
    return cancel
  }

  func scheduleRelative<StateType>(
    _ state: StateType,
    dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let cancel = SingleAssignmentDisposable()
    let box = UncheckedBox(state)
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: DispatchTime.now() + dueTime, leeway: leeway)
    timer.setEventHandler {
      guard !cancel.isDisposed else { return }
      cancel.setDisposable(action(box.value))
    }
    timer.resume()
    // The timer is only cancelled (a thread-safe libdispatch call) after being handed over.
    let timerBox = UncheckedBox(timer)
    return Disposables.create {
      timerBox.value.cancel()
      cancel.dispose()
    }
  }

  func schedulePeriodic<StateType>(
    _ state: StateType,
    startAfter: RxTimeInterval,
    period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    let current = PeriodicState(state)
    let cancelled = AtomicWord.make()
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: DispatchTime.now() + startAfter, repeating: period, leeway: leeway)
    timer.setEventHandler {
      guard cancelled.load() == 0 else { return }
      current.state = action(current.state)
    }
    timer.resume()
    let timerBox = UncheckedBox(timer)
    return Disposables.create {
      guard cancelled.setOnce() else { return }
      timerBox.value.cancel()
    }
  }
}

/// The state threaded through a periodic action.
///
/// `@unchecked Sendable`: only the event handler of one dispatch source touches it, and libdispatch never runs
/// a source's handler concurrently with itself.
final class PeriodicState<StateType>: @unchecked Sendable {
  var state: StateType
  init(_ state: StateType) { self.state = state }
}
