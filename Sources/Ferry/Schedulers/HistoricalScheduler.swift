import Foundation

/// Converts between dates and themselves, for ``HistoricalScheduler``: virtual time is a `Date`, a virtual
/// interval is a `TimeInterval` in seconds.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType {
  /// Creates the converter.
  public init() {}

  /// Returns `virtualTime`.
  public func convertFromVirtualTime(_ virtualTime: RxTime) -> RxTime { virtualTime }

  /// Returns `time`.
  public func convertToVirtualTime(_ time: RxTime) -> RxTime { time }

  /// Returns `virtualTimeInterval`.
  public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TimeInterval) -> TimeInterval {
    virtualTimeInterval
  }

  /// The interval in seconds.
  public func convertToVirtualTimeInterval(_ timeInterval: RxTimeInterval) -> TimeInterval {
    timeInterval.timeInterval
  }

  /// `time + offset`.
  public func offsetVirtualTime(_ time: RxTime, offset: TimeInterval) -> RxTime {
    time.addingTimeInterval(offset)
  }
}

/// A virtual-time scheduler whose clock is a `Date` (RxSwift's `HistoricalScheduler`), for replaying recorded
/// timelines with real dates.
open class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter>, @unchecked Sendable {
  // @unchecked Sendable: all mutable state is in ``VirtualTimeScheduler``, behind its lock.
  /// Creates a scheduler whose clock starts at `initialClock` (the distant past by default).
  public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
    super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
  }
}
