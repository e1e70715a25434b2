import Ferry
import Observation

/// The value an `Infallible.observe(_:_:)` sequence reads, shared by its subscriptions: the object (held
/// weakly) and the key path, behind a main-actor closure so that nothing downstream depends on the object's type.
final class ObservedKeyPath<Value>: @unchecked Sendable {
  // @unchecked Sendable: `read` is created in `init`, which runs on the main actor (in the `@MainActor` factories), and
  // only called on the main actor (`KeyPathTracker.track()`); the object it captures is weak, and a weak reference
  // loads atomically, so the object may be released on any thread meanwhile.
  /// Reads the value, registering the accesses with any enclosing `withObservationTracking`; `nil` once the object
  /// has been deallocated.
  let read: @MainActor () -> Value?

  @MainActor
  init<Root: AnyObject & Observation.Observable>(root: Root, keyPath: KeyPath<Root, Value>) {
    read = { [weak root] in
      guard let root else { return nil }
      return root[keyPath: keyPath]
    }
  }
}

/// One subscription to a key path of an `@Observable` object: reads the value with `withObservationTracking` on the
/// main actor, and re-reads (and re-arms the tracking) on the main actor after each change.
///
/// Observation calls `onChange` once, synchronously, from the `willSet` of the first tracked mutation, on the
/// mutating thread, and then forgets the tracking. The tracker answers with one hop to the main actor, where it reads
/// the value the mutation (and any later one before the hop runs) left, and tracks again: changes made before the
/// re-read are coalesced into one element, and at most one hop is pending per subscription.
///
/// The object is held weakly; a re-read that finds it deallocated completes the sequence.
final class KeyPathTracker<Value>: Disposable, @unchecked Sendable {
  // @unchecked Sendable: `observer` — present while the subscription is live — is only read and written under its
  // `LockedState`, and is called after the lock is released; `target` is `Sendable`.
  typealias Observer = @Sendable (InfallibleEvent<Value>) -> Void

  private let target: ObservedKeyPath<Value>
  private let observer: LockedState<Observer?>

  init(target: ObservedKeyPath<Value>, observer: @escaping Observer) {
    self.target = target
    self.observer = LockedState(observer)
  }

  /// Reads and tracks the value now when called on the main actor, otherwise after a hop to it.
  func start() {
    if MainScheduler.isOnMainQueue {
      MainActor.assumeIsolated { track() }
    } else {
      Task { @MainActor in self.track() }
    }
  }

  /// Reads the current value, tracking it, and emits it (or completes if the object is gone).
  @MainActor
  private func track() {
    guard let observer = observer.withLock({ $0 }) else { return }
    let value = withObservationTracking {
      target.read()
    } onChange: { [weak self] in
      // In `willSet`: the new value is not stored yet. Re-read once the mutation is over, on the main actor.
      guard let self else { return }
      Task { @MainActor in self.track() }
    }
    guard let value else {
      dispose()
      observer(.completed)
      return
    }
    observer(.next(value))
  }

  /// Stops tracking: no element after this returns (on the main actor), and nothing is read again.
  ///
  /// The object's registrar may keep the armed `onChange` closure — which holds this tracker only weakly — until the
  /// tracked property next changes or the object is deallocated; Observation on iOS 17 has no way to withdraw it.
  func dispose() {
    let released = observer.withLock { observer -> Observer? in
      defer { observer = nil }
      return observer
    }
    // Released here, outside the lock (the observer chain's deinit may run user code); kept to this point by
    // `withExtendedLifetime`: optimised code may end a discarded binding's lifetime at its last real use.
    withExtendedLifetime(released) {}
  }
}
