/// Where the tasks that Ferry starts run: `asObservable()` of an `AsyncSequence`, ``Observable/createAsync(priority:_:)``,
/// the async `flatMap` family, `Single.create(work:)` and its `Maybe` / `Completable` twins.
///
/// By default they are ordinary tasks on the global concurrent executor. Inside
/// ``withPreferredExecutor(_:_:)`` — and in every task started there, since unstructured tasks copy task-locals —
/// Ferry starts them with that executor as their `TaskExecutor` preference. FerryTesting binds its virtual-time
/// executor this way, so the bridges run deterministically on virtual time with no change to the code under test.
///
/// The preference is a task-local value, not process-global state: tests running in parallel each see their own.
///
/// Your own `Task { }`s do not inherit an executor preference (Swift's rule for unstructured tasks). To have them
/// follow the same preference, start them with
/// `Task(executorPreference: BridgeTasks.preferredExecutor) { … }`: outside a binding that is `nil`, which is
/// exactly `Task { }`. Child tasks (`async let`, task groups) inherit their parent's preference on their own.
public enum BridgeTasks {
  // `any Sendable` rather than `any TaskExecutor`: a stored property cannot be limited by availability, and
  // `TaskExecutor` needs iOS 18 / macOS 15.
  @TaskLocal static var preference: (any Sendable)?

  /// The executor that the tasks Ferry starts prefer here, if one is bound.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  public static var preferredExecutor: (any TaskExecutor)? { preference as? any TaskExecutor }

  /// Runs `body` with `executor` as the preferred executor of the tasks Ferry starts (`nil` removes a
  /// preference bound further out).
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  public static func withPreferredExecutor<Result>(
    _ executor: (any TaskExecutor)?, _ body: () throws -> Result
  ) rethrows -> Result {
    try $preference.withValue(executor, operation: body)
  }
}

/// Starts `operation` in a new task (detached if `detached`) on the executor `BridgeTasks` prefers here, if any.
///
/// A detached task does not copy task-locals, so under a preference it re-binds it: tasks that `operation`
/// starts follow the same preference.
///
/// `package`: FerryStore starts its work the same way, so a store's work runs on virtual time in tests.
@discardableResult
package func startBridgeTask(
  detached: Bool = false,
  priority: TaskPriority?,
  _ operation: @escaping @Sendable () async -> Void
) -> Task<Void, Never> {
  if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
    let executor = BridgeTasks.preferredExecutor
  {
    guard detached else { return Task(executorPreference: executor, priority: priority, operation: operation) }
    return Task.detached(executorPreference: executor, priority: priority) {
      await BridgeTasks.$preference.withValue(executor, operation: operation)
    }
  }
  return detached
    ? Task.detached(priority: priority, operation: operation) : Task(priority: priority, operation: operation)
}
