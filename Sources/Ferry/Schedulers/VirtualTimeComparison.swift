import Foundation

/// How two virtual times compare (RxSwift's `VirtualTimeComparison`).
public enum VirtualTimeComparison: Sendable {
  /// The first is earlier.
  case lessThan
  /// They are the same time.
  case equal
  /// The first is later.
  case greaterThan
}

extension VirtualTimeConverterType {
  /// Converts `timeInterval` to seconds and calls the `TimeInterval` form.
  public func convertToVirtualTimeInterval(_ timeInterval: RxTimeInterval) -> VirtualTimeIntervalUnit {
    convertToVirtualTimeInterval(timeInterval.timeInterval)
  }

  /// Converts `timeInterval` to whole nanoseconds and calls the `RxTimeInterval` form.
  public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit {
    convertToVirtualTimeInterval(RxTimeInterval.nanoseconds(Int((timeInterval * 1_000_000_000).rounded())))
  }

  /// Compares by `VirtualTimeUnit`'s `Comparable` order.
  public func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison {
    lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
  }
}
