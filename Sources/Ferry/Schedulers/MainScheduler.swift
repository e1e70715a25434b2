import Dispatch
import Foundation
import _FerryAtomics

/// The scheduler of the main thread.
///
/// A `MainScheduler` runs an action synchronously when it is scheduled on the main thread and no other action of
/// *the same scheduler* is running (so nested scheduling cannot recurse without bound: an action scheduled from
/// inside another one of the same scheduler is dispatched after it); otherwise it dispatches it asynchronously to
/// the main queue. As in RxSwift, the check belongs to each instance: every `Driver` and `Signal` gets its own
/// scheduler (``SharingScheduler/make``), so a Driver delivering into another one on the main thread is delivered
/// inline. `MainScheduler.asyncInstance` always dispatches asynchronously.
///
/// `observe(on: MainScheduler.instance)`, and therefore `Driver` and `Signal`, deliver synchronously when the
/// event is sent on the main thread.
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
  // @unchecked Sendable: the only mutable state is `executing`, an atomic word that is only written on the main queue.

  /// 1 while an action of this scheduler runs on the main queue.
  let executing = AtomicWord.make()

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
  /// On Linux this is checked with a queue-specific key rather than `Thread.isMainThread`: there the main queue
  /// (and so the main actor) may be drained by a thread other than the process's main thread.
  public static var isOnMainQueue: Bool {
    #if canImport(Darwin)
    // On Apple platforms the main queue only ever runs on the main thread, and main-thread code outside a
    // dispatch block (run-loop callbacks) is on the main actor too.
    return Thread.isMainThread
    #else
    return DispatchQueue.getSpecific(key: mainQueueKey) != nil
    #endif
  }

  /// The hot paths' main-queue check (`observe(on:)`'s and `drive`'s inline delivery): `true` only on the main
  /// queue, and cheap. On Linux it asks libdispatch whether the current queue *is* the main queue (about 40
  /// instructions, against about 200 for ``isOnMainQueue``'s queue-specific lookup), so it answers `false` on a queue
  /// that merely targets the main queue; callers treat `false` as "hop to the main queue", which is always correct.
  @usableFromInline
  static var isOnMainQueueFast: Bool {
    #if canImport(Darwin)
    return pthread_main_np() != 0
    #elseif os(Linux)
    return ferry_is_current_queue_main()
    #else
    return isOnMainQueue
    #endif
  }

  #if !canImport(Darwin)
  private static let mainQueueKey: DispatchSpecificKey<Void> = {
    let key = DispatchSpecificKey<Void>()
    DispatchQueue.main.setSpecific(key: key, value: ())
    return key
  }()
  #endif

  /// Traps unless called on the main queue.
  public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
    requireArgument(
      isOnMainQueue,
      errorMessage
        ?? "Executing on a background thread. Please use `MainScheduler.instance.schedule` to schedule work on the main thread."
    )
  }

  /// Traps unless called on the main thread.
  public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
    ensureExecutingOnScheduler(errorMessage: errorMessage)
  }

  /// Whether the caller is on the main queue and no action of this scheduler is running, so that an action
  /// scheduled now would run synchronously.
  @inline(__always)
  var isIdleOnMainQueue: Bool {
    Self.isOnMainQueueFast && executing.load() == 0
  }

  override func scheduleInternal<StateType>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    if isIdleOnMainQueue {
      executing.store(1)
      defer { executing.store(0) }
      return action(state)
    }
    let cancel = SingleAssignmentDisposable()
    let box = UncheckedBox(state)
    let executing = self.executing
    configuration.queue.async {
      guard !cancel.isDisposed else { return }
      // Usually 0 here; 1 only if the main queue is drained from inside an action (a nested run loop).
      let previous = executing.exchange(1)
      cancel.setDisposable(action(box.value))
      executing.store(previous)
    }
    return cancel
  }
}
