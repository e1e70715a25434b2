@_spi(FerryBridges) import Ferry

/// Counts Observation change notifications (`onChange` is `@Sendable`): the root's `Counter`, on the lock Ferry
/// exposes to its bridges (its `LockedState` is `package`, out of reach here).
final class Counter: Sendable {
  private let count = BridgeLockedState(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}
