import Ferry

/// How a store runs async work that shares an id with work already started, named after the Rx operator each one
/// replaces.
///
/// Work started without an id (``StoreContext/run(priority:_:)``) always runs concurrently.
///
/// **One id, several policies.** Each new work's policy decides against every live work (waiting or running) with
/// the same id, whatever policy that work was started under: `.flatMapLatest` and `.debounce` cancel them all (a
/// retry under `.flatMapLatest` cancels a search still waiting out its debounce); `.flatMapFirst` is dropped while
/// any of them is live; `.concatMap` waits only for the last work queued with `.concatMap` under the id (other work
/// runs beside it); `.throttle` measures its period from the last throttled work that began under the id, and its
/// trailing work is superseded only by newer trailing work; `.flatMap` runs beside them all.
public enum WorkPolicy: Sendable, Hashable {
  /// Run concurrently with the work already running (Rx `flatMap`).
  case flatMap
  /// Latest wins (Rx `flatMapLatest`): cancel the work running with the same id, then run. The superseded work
  /// emits nothing from the moment it is cancelled.
  case flatMapLatest
  /// Drop while running (Rx `flatMapFirst`): ignore the new work while work with the same id runs.
  case flatMapFirst
  /// Queue (Rx `concatMap`): run after the work already queued with the same id has finished.
  case concatMap
  /// Run once `dueTime` has passed on the store's clock without newer work with the same id (Rx `debounce`);
  /// newer work cancels the work with the same id, waiting or running (the search pipeline `debounce` +
  /// `flatMapLatest` in one policy).
  case debounce(Duration)
  /// Run the first work at once, then at most once per `period` on the store's clock (Rx `throttle`): with
  /// `latest`, the newest work started within the period runs when it ends; without, that work is dropped.
  case throttle(Duration, latest: Bool = true)
}

extension WorkPolicy {
  /// Stops at a named precondition on a negative time, as the Rx operators do (`debounce(_:scheduler:)`,
  /// `throttle(_:latest:scheduler:)`): a negative span has no meaning, and would otherwise pass silently (a
  /// negative debounce runs at once, a negative throttle period never throttles). Zero is accepted, as in Rx. The
  /// message survives optimised builds. Any longer time is honoured (see `StoreClock`).
  func checkArguments() {
    switch self {
    case .flatMap, .flatMapLatest, .flatMapFirst, .concatMap: break
    case .debounce(let dueTime):
      requireArgument(dueTime >= .zero, "WorkPolicy.debounce(_:): dueTime must be >= 0, got \(dueTime)")
    case .throttle(let period, _):
      requireArgument(period >= .zero, "WorkPolicy.throttle(_:latest:): period must be >= 0, got \(period)")
    }
  }
}
