import Synchronization

/// A `Clock` on virtual time: `Task.sleep(for:clock:)`, `clock.sleep(until:)` and clock-taking operators wait
/// until the virtual-time scheduler reaches their deadline, and never on the wall clock.
///
/// One tick of the scheduler is `tick` long (1 second by default, like RxTest's `resolution: 1.0`). A sleep
/// resumes at the first tick at or after its deadline; a sleep whose deadline has passed returns at once. Run the
/// sleeping code on the scheduler's `VirtualTaskExecutor` so that it continues at that virtual time.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public final class TestClock: Clock, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is in `sleepers` (a `Mutex`); the other properties are immutable.

  /// A point on the virtual timeline, as the duration since time 0.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// The time since virtual time 0.
    public let offset: Swift.Duration

    /// Creates the instant `offset` after time 0.
    public init(offset: Swift.Duration) { self.offset = offset }

    /// This instant moved by `duration`.
    public func advanced(by duration: Swift.Duration) -> Instant { Instant(offset: offset + duration) }

    /// The duration from this instant to `other`.
    public func duration(to other: Instant) -> Swift.Duration { other.offset - offset }

    /// Orders by offset.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

    /// `offset` after time 0.
    public var description: String { "TestClock.Instant(\(offset))" }
  }

  private enum Sleeper {
    case pending
    case waiting(CheckedContinuation<Void, any Error>)
    case cancelled
  }

  /// The scheduler whose virtual time this clock reads.
  public let scheduler: any VirtualTimeScheduling
  /// The duration of one virtual tick.
  public let tick: Swift.Duration
  /// The executor whose jobs a wake-up runs at once (see `VirtualTaskExecutor.perform`), if any.
  let executor: VirtualTaskExecutor?
  private let sleepers = Mutex<(next: UInt64, byID: [UInt64: Sleeper])>((0, [:]))

  /// A clock reading `scheduler`'s virtual time, one tick being `tick` long.
  public convenience init(scheduler: any VirtualTimeScheduling, tick: Swift.Duration = .seconds(1)) {
    self.init(scheduler: scheduler, tick: tick, executor: nil)
  }

  package init(scheduler: any VirtualTimeScheduling, tick: Swift.Duration, executor: VirtualTaskExecutor?) {
    precondition(tick > .zero, "TestClock(scheduler:tick:): tick must be > 0, got \(tick)")
    self.scheduler = scheduler
    self.tick = tick
    self.executor = executor
  }

  /// The current virtual time.
  public var now: Instant { instant(at: scheduler.virtualNow) }

  /// One tick: the clock cannot tell apart instants within a tick.
  public var minimumResolution: Swift.Duration { tick }

  /// The instant of virtual time `time`.
  public func instant(at time: TestTime) -> Instant { Instant(offset: tick * time) }

  /// The first virtual time at or after `instant`.
  public func time(of instant: Instant) -> TestTime {
    let ticks = instant.offset / tick
    guard ticks.isFinite else { return ticks > 0 ? .max : .min }
    let rounded = ticks.rounded(.up)
    if rounded >= Double(TestTime.max) { return .max }
    if rounded <= Double(TestTime.min) { return .min }
    return TestTime(rounded)
  }

  /// Suspends until the virtual clock reaches `deadline`; throws `CancellationError` if the task is cancelled
  /// first. `tolerance` is ignored.
  public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
    try Task.checkCancellation()
    let due = time(of: deadline)
    if due <= scheduler.virtualNow { return }
    let id = sleepers.withLock { sleepers -> UInt64 in
      defer { sleepers.next += 1 }
      sleepers.byID[sleepers.next] = .pending
      return sleepers.next
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let cancelled = sleepers.withLock { sleepers -> Bool in
          if case .cancelled = sleepers.byID[id] {
            sleepers.byID[id] = nil
            return true
          }
          sleepers.byID[id] = .waiting(continuation)
          return false
        }
        if cancelled {
          continuation.resume(throwing: CancellationError())
        } else {
          scheduler.scheduleVirtual(at: due) { [self] in
            if let executor { executor.perform { self.wake(id, with: nil) } } else { self.wake(id, with: nil) }
          }
        }
      }
    } onCancel: {
      self.wake(id, with: CancellationError())
    }
  }

  private func wake(_ id: UInt64, with error: (any Error)?) {
    let continuation = sleepers.withLock { sleepers -> CheckedContinuation<Void, any Error>? in
      switch sleepers.byID[id] {
      case .waiting(let continuation):
        sleepers.byID[id] = nil
        return continuation
      case .pending:
        // Cancelled before the continuation was stored: leave a mark for `sleep`, which resumes it.
        if error != nil { sleepers.byID[id] = .cancelled }
        return nil
      case .cancelled, nil:  // already woken
        return nil
      }
    }
    if let error { continuation?.resume(throwing: error) } else { continuation?.resume() }
  }
}
