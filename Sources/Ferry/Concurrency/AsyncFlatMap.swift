extension ObservableType where Element: Sendable {
  /// Runs the async `transform` for every element, concurrently, and emits each result as soon as it is ready
  /// (merge semantics: results may arrive out of order).
  ///
  /// Each call runs in its own task, not on the subscriber's actor. An error thrown by `transform` terminates the
  /// result (and cancels the other tasks). Disposing the subscription cancels every task still running; their
  /// cancellation emits nothing. Completes when `self` has completed and every task has finished.
  ///
  /// The overload is chosen when the closure is `async` (it contains an `await`); a closure returning an
  /// observable without awaiting picks the classic `flatMap`.
  @preconcurrency
  public func flatMap<Result>(
    _ transform: @escaping @Sendable (Element) async throws -> Result
  ) -> Observable<Result> {
    flatMap { element in Observable<Result>.asyncResult { try await transform(element) } }
  }

  /// Runs the async `transform` for every element and emits only the result of the latest one: when an element
  /// arrives, the task still running for the previous element is cancelled (and emits nothing).
  ///
  /// `searchText.flatMapLatest { try await api.search($0) }`. Each call runs in its own task, not on the
  /// subscriber's actor. An error thrown by `transform` terminates the result. Disposing the subscription cancels
  /// the running task. Completes when `self` has completed and the last task has finished.
  @preconcurrency
  public func flatMapLatest<Result>(
    _ transform: @escaping @Sendable (Element) async throws -> Result
  ) -> Observable<Result> {
    flatMapLatest { element in Observable<Result>.asyncResult { try await transform(element) } }
  }

  /// Runs the async `transform` for one element at a time, in order: the task for an element starts only after
  /// the previous one finished and its result was emitted; elements arriving meanwhile wait (unbounded queue).
  ///
  /// Each call runs in its own task, not on the subscriber's actor. An error thrown by `transform` terminates the
  /// result. Disposing the subscription cancels the running task and drops the queued elements.
  @preconcurrency
  public func concatMap<Result>(
    _ transform: @escaping @Sendable (Element) async throws -> Result
  ) -> Observable<Result> {
    concatMap { element in Observable<Result>.asyncResult { try await transform(element) } }
  }
}

extension Observable {
  /// One task per subscription running `work`; emits its result and completes, or fails with its error.
  static func asyncResult(_ work: @escaping @Sendable () async throws -> Element) -> Observable<Element> {
    createAsync { sender in try await sender.send(try await work()) }
  }
}
