extension PrimitiveSequence where Trait == SingleTrait, Element: Sendable {
  /// A ``Single`` whose element is the result of async `work`.
  ///
  /// Every subscription starts a task running `work` (a detached task if `detached`, otherwise an unstructured
  /// one inheriting the caller's task-locals and priority), which succeeds with its result or fails with its
  /// error. Disposing the subscription cancels the task; whatever the task does afterwards (including throwing
  /// `CancellationError`) is not delivered.
  @preconcurrency
  public static func create(
    detached: Bool = false,
    priority: TaskPriority? = nil,
    work: @escaping @Sendable () async throws -> Element
  ) -> Single<Element> {
    Single.create { observer in
      startTraitTask(detached: detached, priority: priority) {
        do {
          observer(.success(try await work()))
        } catch {
          observer(.failure(error))
        }
      }
    }
  }

  /// A ``Single`` whose element is the result of async `work`: `Single { try await fetch() }`.
  ///
  /// The same as `Single.create(detached:priority:work:)`.
  @preconcurrency
  public init(
    detached: Bool = false,
    priority: TaskPriority? = nil,
    _ work: @escaping @Sendable () async throws -> Element
  ) {
    self = Single.create(detached: detached, priority: priority, work: work)
  }
}

extension PrimitiveSequence where Trait == MaybeTrait, Element: Sendable {
  /// A ``Maybe`` whose element is the result of async `work`; `nil` completes it without an element.
  ///
  /// Every subscription starts a task running `work`; disposing the subscription cancels it, and whatever the
  /// task does afterwards is not delivered.
  @preconcurrency
  public static func create(
    detached: Bool = false,
    priority: TaskPriority? = nil,
    work: @escaping @Sendable () async throws -> Element?
  ) -> Maybe<Element> {
    Maybe.create { observer in
      startTraitTask(detached: detached, priority: priority) {
        do {
          if let element = try await work() {
            observer(.success(element))
          } else {
            observer(.completed)
          }
        } catch {
          observer(.error(error))
        }
      }
    }
  }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
  /// A ``Completable`` that completes when async `work` returns and fails with its error.
  ///
  /// Every subscription starts a task running `work`; disposing the subscription cancels it, and whatever the
  /// task does afterwards is not delivered.
  @preconcurrency
  public static func create(
    detached: Bool = false,
    priority: TaskPriority? = nil,
    work: @escaping @Sendable () async throws -> Void
  ) -> Completable {
    Completable.create { observer in
      startTraitTask(detached: detached, priority: priority) {
        do {
          try await work()
          observer(.completed)
        } catch {
          observer(.error(error))
        }
      }
    }
  }
}

/// Starts `operation` in a new task (see `startBridgeTask`) and returns a disposable that cancels it.
func startTraitTask(
  detached: Bool,
  priority: TaskPriority?,
  operation: @escaping @Sendable () async -> Void
) -> any Disposable {
  TaskDisposable(startBridgeTask(detached: detached, priority: priority, operation))
}
