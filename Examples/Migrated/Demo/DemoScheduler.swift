import Ferry
import FerryMarbles
import Foundation

/// Converts ``DemoScheduler`` ticks: one tick is one second.
public struct TickConverter: VirtualTimeConverterType {
  /// The converter.
  public init() {}

  /// `virtualTime` seconds after 1970.
  public func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
    Date(timeIntervalSince1970: Double(virtualTime))
  }

  /// The tick nearest to `time`.
  public func convertToVirtualTime(_ time: RxTime) -> Int { ticks(time.timeIntervalSince1970) }

  /// `virtualTimeInterval` seconds.
  public func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
    Double(virtualTimeInterval)
  }

  /// The number of ticks nearest to `timeInterval`.
  public func convertToVirtualTimeInterval(_ timeInterval: RxTimeInterval) -> Int { ticks(timeInterval.timeInterval) }

  /// `time + offset`, saturating.
  public func offsetVirtualTime(_ time: Int, offset: Int) -> Int {
    let (sum, overflow) = time.addingReportingOverflow(offset)
    return overflow ? (offset > 0 ? .max : .min) : sum
  }

  private func ticks(_ seconds: TimeInterval) -> Int {
    let value = seconds.rounded()
    guard value.isFinite, value < Double(Int.max) else { return seconds < 0 ? .min : .max }
    return value > Double(Int.min) ? Int(value) : .min
  }
}

/// A virtual-time scheduler for running examples outside tests (`ferry-demo`): Rx code schedules on it, async code
/// runs on its ``executor`` and sleeps on its ``asyncClock``, all on one timeline, in a deterministic order, on the
/// thread that advances it. `FerryTesting`'s `TestScheduler` does the same in tests (it links XCTest, which an
/// executable cannot).
///
/// `@unchecked Sendable`: the clock and queue are behind `VirtualTimeScheduler`'s lock, the executor is set once
/// in `init` (before the scheduler is shared).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public final class DemoScheduler: VirtualTimeScheduler<TickConverter>, VirtualTimeScheduling, @unchecked Sendable {
  /// The executor every action runs in (see `VirtualTaskExecutor.perform`).
  public private(set) var executor: VirtualTaskExecutor!
  /// A `Clock` on this scheduler's time (one tick is one second) for async code to sleep on.
  public private(set) var asyncClock: TestClock!

  /// A scheduler at time 0.
  public init() {
    super.init(initialClock: 0, converter: TickConverter())
    executor = VirtualTaskExecutor(scheduler: self)
    asyncClock = TestClock(scheduler: self)
  }

  /// The current virtual time.
  public var virtualNow: Int { clock }

  /// Runs `action` at `time` (or now, if `time` has passed).
  public func scheduleVirtual(at time: Int, _ action: @escaping @Sendable () -> Void) {
    _ = scheduleAbsoluteVirtual((), time: time) { _ in
      action()
      return Disposables.create()
    }
  }

  /// Schedules `action` at `time`; it runs inside the executor's `perform`, so the tasks it starts run on virtual
  /// time.
  public override func scheduleAbsoluteVirtual<StateType>(
    _ state: StateType, time: Int, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    super.scheduleAbsoluteVirtual(state, time: max(time, clock)) { [unowned self] state in
      var result: (any Disposable)?
      self.executor.perform { result = action(state) }
      return result!
    }
  }
}
