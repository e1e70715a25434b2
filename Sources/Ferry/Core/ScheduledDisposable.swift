/// A disposable that disposes its underlying disposable on a scheduler (for resources that must be released
/// on a particular thread).
public final class ScheduledDisposable: Cancelable {
  /// The scheduler the underlying disposable is disposed on.
  public let scheduler: any ImmediateSchedulerType

  private let disposable: LockedState<(any Disposable)?>

  /// Creates a disposable that disposes `disposable` on `scheduler`.
  public init(scheduler: any ImmediateSchedulerType, disposable: any Disposable) {
    self.scheduler = scheduler
    self.disposable = LockedState(disposable)
  }

  /// Whether `dispose()` has been called.
  public var isDisposed: Bool { disposable.withLock { $0 == nil } }

  /// Schedules the disposal of the underlying disposable on ``scheduler`` (once).
  public func dispose() {
    let underlying = disposable.withLock { state in
      defer { state = nil }
      return state
    }
    guard let underlying else { return }
    _ = scheduler.schedule(underlying) { underlying in
      underlying.dispose()
      return Disposables.create()
    }
  }
}
