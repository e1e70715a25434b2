import Ferry
import Synchronization

/// A `TaskExecutor` whose jobs run only when the virtual-time scheduler that owns it says so: deterministic async
/// code on virtual time.
///
/// Give it to the tasks under test (`Task(executorPreference: executor) { … }`,
/// `withTaskExecutorPreference(executor) { … }`; child tasks inherit it). Whenever a job is enqueued — a task
/// starts, or a continuation is resumed (a `TestClock` sleep ending, an element arriving) — the executor asks the
/// scheduler to *drain* it at the current virtual time. Draining runs every ready job, including those the jobs
/// themselves make ready, on the thread driving the scheduler, until none is left. So when the scheduler's queue is
/// empty, nothing is left to run: no `Task.yield()` loops, no wall clock.
///
/// Jobs made ready by a scheduler action run inside that action (`perform`), at its exact virtual time: on a
/// `TestScheduler` (whose `taskExecutor` this is) every action runs that way; on another
/// `VirtualTimeScheduling`, the actions of `AsyncVirtualTime` and `TestClock` do. Jobs made ready anywhere else
/// (another thread) run in a drain scheduled at the current virtual time (an absolute time: `TestScheduler` does not
/// move it by its processing delay) — or in a drain that is already running, at the same virtual time.
///
/// Only work that runs on this executor is deterministic. Actor-isolated code (`@MainActor`, your actors) runs on
/// its actor's executor. The tasks Ferry's bridges start follow `BridgeTasks.preferredExecutor`, which `perform`
/// binds to this executor; a plain `Task { }` does not inherit an executor preference: start your own tasks with
/// `Task(executorPreference: BridgeTasks.preferredExecutor) { … }` (or pass the executor down).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public final class VirtualTaskExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is in `state` (a `Mutex`); `scheduler` is assigned once, in `init` (a weak
  // reference is safe to load from any thread).
  private struct State {
    var jobs: [UnownedJob] = []
    var drainScheduled = false
    var draining = false
    var inAction = false
  }

  private let state = Mutex(State())
  /// Weak: a `TestScheduler` owns its executor. Once the scheduler is gone, nothing can drain this executor.
  private weak var scheduler: (any VirtualTimeScheduling)?

  /// Creates an executor driven by `scheduler` (which it does not keep alive).
  public init(scheduler: any VirtualTimeScheduling) {
    self.scheduler = scheduler
  }

  /// Queues `job`; it runs when the scheduler drains this executor (at the current virtual time).
  public func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    let mustSchedule = state.withLock { state -> Bool in
      state.jobs.append(unowned)
      // Inside `perform` the action drains when it ends; while draining, the loop picks the job up.
      guard !state.draining, !state.drainScheduled, !state.inAction else { return false }
      state.drainScheduled = true
      return true
    }
    if mustSchedule { scheduleDrain() }
  }

  /// The number of jobs waiting to run.
  public var pendingJobCount: Int { state.withLock { $0.jobs.count } }

  private func scheduleDrain() {
    guard let scheduler else { return }
    scheduler.scheduleVirtual(at: scheduler.virtualNow) { [self] in self.drain() }
  }

  /// Runs `body` (a scheduler action), then drains: the jobs `body` makes ready run at the same virtual time, before
  /// any other action of the scheduler.
  ///
  /// While `body` runs, this executor is `BridgeTasks.preferredExecutor`: the tasks Ferry's bridges start in it
  /// (and the tasks started in those) run on this executor.
  public func perform(_ body: () -> Void) {
    let nested = state.withLock { state -> Bool in
      defer { state.inAction = true }
      return state.inAction
    }
    BridgeTasks.withPreferredExecutor(self, body)
    guard !nested else { return }
    state.withLock { $0.inAction = false }
    drain()
  }

  /// Runs every ready job (and the jobs they make ready) on the calling thread, until none is left.
  public func drain() {
    let mayRun = state.withLock { state -> Bool in
      state.drainScheduled = false
      guard !state.draining else { return false }  // a job drained us re-entrantly: the outer loop runs them
      state.draining = true
      return true
    }
    guard mayRun else { return }
    while let job = nextJob() {
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }

  private func nextJob() -> UnownedJob? {
    state.withLock { state -> UnownedJob? in
      if state.jobs.isEmpty {
        state.draining = false
        return nil
      }
      return state.jobs.removeFirst()
    }
  }
}
