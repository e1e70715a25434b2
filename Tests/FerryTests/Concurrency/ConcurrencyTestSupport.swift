import Ferry
import Foundation

/// A weak reference that a `@Sendable` closure can fill in, to check later that the object was released.
final class WeakSlot<Object: AnyObject>: @unchecked Sendable {
  // `@unchecked Sendable`: `object` is only touched under `lock`.
  private weak var object: Object?
  private let lock = NSLock()

  init() {}

  func set(_ object: Object) {
    lock.lock()
    defer { lock.unlock() }
    self.object = object
  }

  var isNil: Bool {
    lock.lock()
    defer { lock.unlock() }
    return object == nil
  }
}

/// Subscribes to `observable` and waits (without the wall clock) for its stop event; returns every event.
func awaitEvents<Element>(_ observable: Observable<Element>) async -> [Event<Element>] {
  let recorder = EventRecorder<Element>()
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    _ = observable.subscribe { event in
      recorder.on(event)
      if event.isStopEvent { continuation.resume() }
    }
  }
  return recorder.events.current
}

/// A one-way signal between tasks/threads, awaited without the wall clock.
struct TestGate: Sendable {
  let stream: AsyncStream<Void>
  let continuation: AsyncStream<Void>.Continuation

  init() {
    (stream, continuation) = AsyncStream<Void>.makeStream()
  }

  /// Fires the signal (idempotent).
  func fire() {
    continuation.yield()
    continuation.finish()
  }

  /// Waits until the signal fired.
  func wait() async {
    for await _ in stream { return }
  }
}

/// A resource that fires `released` when it is deallocated, so that a test waits for a release on a signal
/// instead of polling a weak reference.
final class ReleaseSignal: Sendable {
  let id: Int
  private let released: TestGate

  init(_ id: Int = 0, released: TestGate) {
    self.id = id
    self.released = released
  }

  deinit { released.fire() }
}
