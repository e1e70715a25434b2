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
    // The handler keeps the timer alive (through `holder`) until it fires or is disposed, like RxSwift.
    let holder = TimerHolder(timer)
    timer.setEventHandler {
      holder.cancel()
      guard !cancel.isDisposed else { return }
      cancel.setDisposable(action(box.value))
    }
    timer.resume()
    return Disposables.create {
      holder.cancel()
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
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: DispatchTime.now() + startAfter, repeating: period, leeway: leeway)
    // The handler keeps the timer alive (through `holder`) until it is disposed, like RxSwift.
    let holder = TimerHolder(timer)
    timer.setEventHandler {
      guard !holder.isCancelled else { return }
      current.state = action(current.state)
    }
    timer.resume()
    return Disposables.create { holder.cancel() }
  }
}

/// Owns a dispatch timer until it is cancelled (which breaks the timer → handler → holder cycle).
/// Cancelling a dispatch source is thread-safe; the timer is only reached through `state`.
final class TimerHolder: Sendable {
  private let state: LockedState<(any DispatchSourceTimer)?>

  init(_ timer: any DispatchSourceTimer) { state = LockedState(timer) }

  var isCancelled: Bool { state.withLock { $0 == nil } }

  func cancel() {
    let timer = state.withLock { state -> (any DispatchSourceTimer)? in
      defer { state = nil }
      return state
    }
    timer?.cancel()
  }
}

/// The state threaded through a periodic action.
final class PeriodicState<StateType>: @unchecked Sendable {
  // @unchecked Sendable: only the event handler of one dispatch source touches it, and libdispatch never runs a
  // source's handler concurrently with itself.
  var state: StateType
  init(_ state: StateType) { self.state = state }
}
