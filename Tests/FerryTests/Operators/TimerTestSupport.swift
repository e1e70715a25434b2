import Dispatch
import Ferry
import Foundation
import Testing

/// A scheduler that runs actions on a global concurrent queue (at once for a zero due time, after the due time
/// otherwise; periodic actions back to back), so that timers fire on other threads than the one that feeds the
/// source. For thread-safety tests, which use zero or sub-millisecond due times.
struct ConcurrentImmediateScheduler: SchedulerType {
  var now: RxTime { Date() }

  func schedule<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
  }

  func scheduleRelative<StateType>(
    _ state: StateType,
    dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let result = SerialDisposable()
    let box = UncheckedBox(state)
    let run: @Sendable () -> Void = {
      guard !result.isDisposed else { return }
      result.disposable = action(box.value)
    }
    if dueTime.nanoseconds > 0 {
      DispatchQueue.global().asyncAfter(deadline: .now() + dueTime, execute: run)
    } else {
      DispatchQueue.global().async(execute: run)
    }
    return result
  }

  func schedulePeriodic<StateType>(
    _ state: StateType,
    startAfter: RxTimeInterval,
    period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    let cancel = BooleanDisposable()
    let box = UncheckedBox(state)
    DispatchQueue.global().async {
      var state = box.value
      while !cancel.isDisposed { state = action(state) }
    }
    return cancel
  }
}

/// An observer that checks the Rx grammar: calls never overlap, nothing follows a stop event. Signals `done`
/// on the stop event.
final class GrammarChecker<Element>: ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: `delivering` is only taken with `try()`; `state` is a `LockedBox`.
  private let delivering = NSLock()
  let state = LockedBox((events: [Event<Element>](), overlaps: 0, afterStop: 0))
  let done = DispatchSemaphore(value: 0)

  func on(_ event: Event<Element>) {
    let entered = delivering.try()
    state.withLock { state in
      if !entered { state.overlaps += 1 }
      if state.events.last?.isStopEvent == true { state.afterStop += 1 }
      state.events.append(event)
    }
    if entered { delivering.unlock() }
    if event.isStopEvent { done.signal() }
  }
}

extension DispatchSemaphore {
  /// Waits for the semaphore on a dedicated thread, so that no Swift-concurrency (on Linux: GCD) worker is
  /// blocked while the timers that will signal it need one. A hang guard: `false` after `seconds`.
  func signalled(within seconds: Int = 10) async -> Bool {
    await withCheckedContinuation { continuation in
      Thread {
        continuation.resume(returning: self.wait(timeout: .now() + .seconds(seconds)) == .success)
      }.start()
    }
  }
}

/// Feeds `operation` from a background thread while its timers fire on other threads, and checks the grammar.
func timeOperatorStress(
  iterations: Int = 20,
  _ operation: @escaping @Sendable (Observable<Int>, any SchedulerType) -> Observable<Int>
) async {
  for _ in 0..<iterations {
    let subject = TestFeed<Int>()
    let checker = GrammarChecker<Int>()
    let subscription = operation(subject.observable, ConcurrentImmediateScheduler()).subscribe(checker)
    let feeder = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      for element in 0..<200 { subject.onNext(element) }
      subject.onCompleted()
      feeder.signal()
    }
    // Hang guards only: both finish in microseconds.
    #expect(await feeder.signalled())
    #expect(await checker.done.signalled())
    subscription.dispose()
    let state = checker.state.current
    #expect(state.overlaps == 0)
    #expect(state.afterStop == 0)
    #expect(state.events.last?.isCompleted == true)
  }
}

/// A minimal hot source for these tests: forwards `send` to the observers subscribed at that moment, with no
/// serialisation of its own (so the operator under test is exercised directly).
final class TestFeed<Element>: @unchecked Sendable {
  // `@unchecked Sendable`: `observers` is a `LockedBox`; observers are called outside its lock.
  private let observers = LockedBox([Int: AnyObserver<Element>]())
  private let nextKey = LockedBox(0)

  var observable: Observable<Element> {
    Observable.create { observer in
      let key = self.nextKey.withLock { key in
        defer { key += 1 }
        return key
      }
      self.observers.withLock { $0[key] = observer }
      return Disposables.create { _ = self.observers.withLock { $0.removeValue(forKey: key) } }
    }
  }

  func send(_ event: Event<Element>) {
    for observer in observers.current.values { observer.on(event) }
  }

  func onNext(_ element: Element) { send(.next(element)) }
  func onCompleted() { send(.completed) }
}
