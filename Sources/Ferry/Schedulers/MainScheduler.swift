import Dispatch
import Foundation

/// The scheduler of the main thread.
///
/// `MainScheduler.instance` runs an action synchronously when it is scheduled on the main thread and no other
/// `MainScheduler` action is running or waiting (so nested scheduling cannot recurse without bound and order is
/// kept); otherwise it dispatches it asynchronously to the main queue. `MainScheduler.asyncInstance` always
/// dispatches asynchronously.
///
/// `observe(on: MainScheduler.instance)`, and therefore `Driver` and `Signal`, deliver synchronously when the
/// event is sent on the main thread.
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
  // `@unchecked Sendable`: the only mutable state is `numberEnqueued`, an atomic word.

  /// The number of actions running or waiting on this scheduler.
  private let numberEnqueued = AtomicWord.make()

  /// The shared main-thread scheduler, which runs actions at once when already on the main thread.
  public static let instance = MainScheduler()

  /// A scheduler that always dispatches asynchronously to the main queue.
  public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: DispatchQueue.main)

  /// Creates a main-thread scheduler. Prefer ``instance``.
  public init() {
    super.init(serialQueue: DispatchQueue.main)
  }

  /// Whether the caller runs on the main queue (the main actor's executor), which on Apple platforms is the
  /// main thread.
  ///
  /// Checked with a queue-specific key rather than `Thread.isMainThread`: on Linux the main queue may be
  /// drained by a thread other than the process's main thread.
  public static var isOnMainQueue: Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) != nil
  }

  private static let mainQueueKey: DispatchSpecificKey<Void> = {
    let key = DispatchSpecificKey<Void>()
    DispatchQueue.main.setSpecific(key: key, value: ())
    return key
  }()

  /// Traps unless called on the main queue.
  public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
    precondition(
      isOnMainQueue,
      errorMessage
        ?? "Executing on a background thread. Please use `MainScheduler.instance.schedule` to schedule work on the main thread."
    )
  }

  /// Traps unless called on the main thread.
  public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
    ensureExecutingOnScheduler(errorMessage: errorMessage)
  }

  /// Runs `body` now if on the main thread and no other action of this scheduler is running or waiting.
  ///
  /// - Returns: whether `body` ran. Allocates nothing.
  @inline(__always)
  func runImmediatelyIfPossible(_ body: () -> Void) -> Bool {
    guard Self.isOnMainQueue else { return false }
    let previous = numberEnqueued.fetchAdd(1)
    defer { _ = numberEnqueued.fetchAdd(-1) }
    guard previous == 0 else { return false }
    body()
    return true
  }

  override func scheduleInternal<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let previous = numberEnqueued.fetchAdd(1)
    if previous == 0 && Self.isOnMainQueue {
      let disposable = action(state)
      _ = numberEnqueued.fetchAdd(-1)
      return disposable
    }
    let cancel = SingleAssignmentDisposable()
    let box = UncheckedBox(state)
    let counter = numberEnqueued
    configuration.queue.async {
      if !cancel.isDisposed {
        cancel.setDisposable(action(box.value))
      }
      _ = counter.fetchAdd(-1)
    }
    return cancel
  }
}
