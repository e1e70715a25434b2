/// The scheduler that `Driver` and `Signal` deliver on: a new `MainScheduler` for each sequence unless mocked.
///
/// A new instance per sequence, as in RxCocoa: a `MainScheduler`'s "already running an action" check belongs to the
/// instance, so one Driver delivering into another on the main thread is delivered inline, while a Driver that
/// re-enters itself is deferred instead of recursing.
///
/// Differs from RxCocoa in that a mock is bound to the current task (a task-local value, inherited by child
/// tasks and `Task {}`), not set process-wide, so that tests running in parallel cannot see each other's mocks.
/// Sequences read the scheduler when they are created (`asDriver()`, `Driver.just`, …), so create them inside
/// the mock's `action`.
public enum SharingScheduler {
  @TaskLocal static var override: (@Sendable () -> any SchedulerType)?

  /// Makes the scheduler for a new sequence. Thread-safe.
  @preconcurrency
  public static var make: @Sendable () -> any SchedulerType {
    override ?? { MainScheduler() }
  }

  /// Runs `action` with `scheduler` as the sharing scheduler for sequences created inside it.
  ///
  /// `drive` and `emit` call their `@MainActor` handlers with `MainActor.assumeIsolated`, so a mocked scheduler
  /// must deliver on the main thread (for example a virtual-time scheduler advanced from a `@MainActor` test);
  /// `subscribe` works on any thread.
  public static func mock<R>(scheduler: any SchedulerType, action: () throws -> R) rethrows -> R {
    try $override.withValue({ scheduler }, operation: action)
  }

  /// Runs `action` with schedulers made by `makeScheduler` as the sharing scheduler.
  @preconcurrency
  public static func mock<R>(
    makeScheduler: @escaping @Sendable () -> any SchedulerType,
    action: () throws -> R
  ) rethrows -> R {
    try $override.withValue(makeScheduler, operation: action)
  }

  /// Runs the async `action` with `scheduler` as the sharing scheduler for sequences created inside it.
  public static func mock<R>(
    scheduler: any SchedulerType,
    isolation: isolated (any Actor)? = #isolation,
    action: () async throws -> R
  ) async rethrows -> R {
    try await $override.withValue({ scheduler }, operation: action)
  }
}
